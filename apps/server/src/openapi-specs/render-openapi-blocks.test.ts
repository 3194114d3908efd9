import { renderDocument, type OpenApiOperation } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { renderOpenApiBlock } from './render-openapi-blocks.js';
import { specTagGroups, type SpecObject } from './spec-contents.js';
import type { ResolvedSpec } from './stored-specs.js';

/** A Swagger 2.0 spec, as swagger-parser leaves it dereferenced (shared schema objects). */
function swagger(): SpecObject {
  const user = {
    type: 'object',
    required: ['login'],
    properties: { login: { type: 'string' }, age: { type: 'integer', format: 'int32' } },
  };
  return {
    swagger: '2.0',
    info: { title: 'Users', version: '1' },
    tags: [{ name: 'users' }, { name: 'secret', 'x-internal': true }],
    paths: {
      '/users': {
        post: {
          tags: ['users'],
          summary: 'Create a user',
          description: 'Creates one.\n\nThe login must be free.',
          parameters: [
            { name: 'body', in: 'body', required: true, schema: user },
            { name: 'X-Trace', in: 'header', type: 'string' },
          ],
          responses: { '201': { description: 'Created', schema: user } },
        },
        get: {
          tags: ['admin', 'users'],
          operationId: 'listUsers',
          deprecated: true,
          responses: { '200': { description: 'Users', schema: { type: 'array', items: user } } },
        },
      },
      '/health': { get: { responses: { '200': { description: 'OK' } } } },
      '/keys': { get: { tags: ['secret'], responses: {} } },
      '/debug': { get: { 'x-internal': true, responses: {} } },
    },
    definitions: { User: user },
  };
}

const spec = (document: SpecObject): ResolvedSpec => ({
  slug: 'users',
  specId: 'spec',
  versionId: 'version',
  url: 'https://example.com/users.json',
  document,
});

const operation = (method: string, path: string): OpenApiOperation => ({
  object: 'block',
  type: 'openapi-operation',
  isVoid: true,
  data: { method, path, ref: { kind: 'openapi', spec: 'users' } },
});

const rendered = (block: OpenApiOperation, resolved: ResolvedSpec | undefined) =>
  renderDocument({ object: 'document', data: {}, nodes: renderOpenApiBlock(block, resolved) });

describe('pages and blocks from a spec', () => {
  it('groups operations by their first declared tag, declared tags first, leaving out internal ones', () => {
    const groups = specTagGroups(swagger());
    expect(
      groups.map((group) => [
        group.tag,
        group.title,
        group.operations.map((op) => `${op.method} ${op.path}`),
      ]),
    ).toEqual([
      ['users', 'Users', ['get /users', 'post /users']],
      ['default', 'Default', ['get /health']],
    ]);
  });

  it('renders a Swagger 2.0 operation: body parameter, header, responses with schemas by name', () => {
    const markdown = rendered(operation('POST', '/users'), spec(swagger()));
    expect(markdown).toContain('## Create a user\n\n`POST` `/users`\n\nCreates one.\n\nThe login');
    expect(markdown).toContain('\n### Parameters\n\n* `X-Trace` (header, string)\n');
    expect(markdown).toContain('\n### Request body\n\nUser (required)\n');
    expect(markdown).toContain('* `201`: Created (User)');
    const list = rendered(operation('get', '/users'), spec(swagger()));
    expect(list).toContain('## listUsers\n\n`GET` `/users` **Deprecated**\n');
    expect(list).toContain('* `200`: Users (array of User)');
  });

  it('says what is missing instead of failing: the spec, or the operation in it', () => {
    expect(rendered(operation('get', '/users'), undefined)).toContain(
      'OpenAPI specification `users` not found.',
    );
    expect(rendered(operation('delete', '/users'), spec(swagger()))).toContain(
      'The operation `DELETE /users` is not in the specification `users`.',
    );
  });
});
