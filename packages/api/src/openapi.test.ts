import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, renderOpenApiJson } from './openapi.js';
import { routes } from './routes/index.js';

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  security: unknown[];
}

const document = buildOpenApiDocument() as Document;

/** Every `$ref` string anywhere under `value`. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refs(item),
  );
}

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

describe('the OpenAPI document', () => {
  it('matches the committed openapi.json', () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(
      committed === renderOpenApiJson(),
      'packages/api/openapi.json is out of date: run `npm run generate -w @docsync/api` and commit it',
    ).toBe(true);
  });

  it('is OpenAPI 3.1 with bearer authentication on every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes['bearerAuth']).toEqual({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('has one operation per route, tagged with its section', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op.operationId).sort()).toEqual(
      routes.map((route) => route.operationId).sort(),
    );
    const tagNames = document.tags.map((tag) => tag.name);
    for (const route of routes) {
      const op = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(op?.tags).toEqual([route.section]);
      expect(tagNames).toContain(route.section);
    }
  });

  it('declares every path parameter and every body', () => {
    for (const route of routes) {
      const op = document.paths[route.path]?.[route.method.toLowerCase()];
      const declared = (op?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared).toEqual(Object.keys(route.params?.properties ?? {}));
      expect(op?.requestBody !== undefined).toBe(route.body !== undefined);
    }
  });

  it('resolves every reference, with named schemas under components', () => {
    const all = refs(document);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) expect(resolve(ref), ref).toBeDefined();
    for (const name of ['Space', 'Collection', 'Organization', 'Member', 'Team', 'Error', 'Page']) {
      expect(document.components.schemas).toHaveProperty(name);
    }
  });

  it('keeps the page tree recursive through a self-reference', () => {
    expect(refs(document.components.schemas['Page'])).toContain('#/components/schemas/Page');
  });

  it('answers bodyless responses without content', () => {
    const deleteSpace = document.paths['/v1/spaces/{spaceId}']?.['delete'];
    expect(deleteSpace?.responses['204']).toEqual({ description: 'No content' });
  });
});
