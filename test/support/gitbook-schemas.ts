import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Response schemas of `@gitbook/api`'s bundled OpenAPI 3.0 document, compiled with ajv. The
 * document is read from node_modules at test time only (its package declares no license: nothing
 * of it is copied into the repository). Two readings make the document checkable as JSON Schema:
 *
 * - `nullable: true` (OpenAPI 3.0) is read as "this schema, or null": the keyword is dropped and
 *   the schema becomes `anyOf: [schema, {type: 'null'}]`. `nullable: false` is dropped.
 * - The `Document` schema's "Empty" branch (`{type: object, properties: {}, additionalProperties:
 *   false}`) cannot hold inside an `allOf` with other properties (a page has an id, a title…), so
 *   it is read as "has neither `markdown` nor `document`".
 *
 * - A page's or reusable content's `oneOf` between "generated" (`computed` and `computedSeed`
 *   required) and "stored" (`documentId?` or `document?`, nothing required) lets a generated one
 *   match both branches, so no generated page could pass; the client's types mean a choice, so
 *   the stored branch is read as "has neither `computed` nor `computedSeed`".
 *
 * Other OpenAPI-only keywords (`discriminator`, `example`, `x-*`, `deprecated`…) are ignored
 * (ajv's non-strict mode), and so are the formats `icon` and `emoji` (kinds of text, not syntaxes).
 */
export interface GitBookSchemas {
  /** The operationIds the client's document declares. */
  readonly operationIds: ReadonlySet<string>;
  /**
   * The client's operationId for a docsync route (`/v1/...`), matched by method and path with
   * parameters unnamed: the API description names some operations otherwise than the client.
   */
  clientOperationId(method: string, path: string): string | undefined;
  /** A validator of the operation's JSON response with that status; undefined when undocumented. */
  responseValidator(
    document: 'gitbook' | 'docsync',
    operationId: string,
    status: number,
  ): ValidateFunction | undefined;
  /** Whether the operation documents that status at all (with or without a body). */
  documentsStatus(document: 'gitbook' | 'docsync', operationId: string, status: number): boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, Json>;

const require = createRequire(import.meta.url);

function isEmptyBranch(node: Record<string, Json>): boolean {
  const properties = node['properties'];
  return (
    node['type'] === 'object' &&
    node['additionalProperties'] === false &&
    typeof properties === 'object' &&
    properties !== null &&
    Object.keys(properties).length === 0
  );
}

/** The "generated" branch of a page's or reusable content's `oneOf`. */
function isComputedBranch(node: Json): boolean {
  const required =
    typeof node === 'object' && node !== null && !Array.isArray(node)
      ? node['required']
      : undefined;
  return (
    Array.isArray(required) && required.includes('computed') && required.includes('computedSeed')
  );
}

/** `oneOf: [generated, stored]` with the stored branch excluding the generated one. */
function exclusiveComputed(node: Record<string, Json>): Record<string, Json> {
  const branches = node['oneOf'];
  if (!Array.isArray(branches) || branches.length !== 2 || !branches.some(isComputedBranch))
    return node;
  return {
    ...node,
    oneOf: branches.map((branch) =>
      isComputedBranch(branch) ||
      typeof branch !== 'object' ||
      branch === null ||
      Array.isArray(branch)
        ? branch
        : {
            ...branch,
            not: { anyOf: [{ required: ['computed'] }, { required: ['computedSeed'] }] },
          },
    ),
  };
}

function normalize(node: Json, inDocumentSchema: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => normalize(item, inDocumentSchema));
  if (node === null || typeof node !== 'object') return node;
  if (inDocumentSchema && isEmptyBranch(node))
    return { not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] } };
  node = exclusiveComputed(node);
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable') continue;
    out[key] = normalize(value, inDocumentSchema);
  }
  return node['nullable'] === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function normalizeDocument(raw: Document): Document {
  const normalized = normalize(raw, false) as unknown as Document;
  const components = normalized['components'] as { schemas?: Record<string, Json> } | undefined;
  const documentSchema = (raw['components'] as { schemas?: Record<string, Json> } | undefined)
    ?.schemas?.['Document'];
  if (components?.schemas !== undefined && documentSchema !== undefined)
    components.schemas['Document'] = normalize(documentSchema, true);
  return normalized;
}

function operationsOf(document: Document): Map<string, { path: string; method: string }> {
  const found = new Map<string, { path: string; method: string }>();
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      if (typeof operation === 'object' && typeof operation.operationId === 'string')
        found.set(operation.operationId, { path, method });
  return found;
}

export function loadSchemas(): GitBookSchemas {
  const gitbookPath = require.resolve('@gitbook/api/spec/openapi.json');
  const docsyncPath = require.resolve('@docsync/api/openapi.json');
  const documents = {
    gitbook: normalizeDocument(JSON.parse(readFileSync(gitbookPath, 'utf8')) as Document),
    docsync: normalizeDocument(JSON.parse(readFileSync(docsyncPath, 'utf8')) as Document),
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // Formats of the client's document that name a kind of text, not a checkable syntax.
  for (const name of ['icon', 'emoji']) ajv.addFormat(name, true);
  const ids = { gitbook: 'gitbook.json', docsync: 'docsync.json' } as const;
  ajv.addSchema(documents.gitbook, ids.gitbook);
  ajv.addSchema(documents.docsync, ids.docsync);
  const operations = {
    gitbook: operationsOf(documents.gitbook),
    docsync: operationsOf(documents.docsync),
  };
  const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
  const pathRef = (which: 'gitbook' | 'docsync', where: { path: string; method: string }) =>
    `${ids[which]}#/paths/${pointer(where.path)}/${where.method}`;
  const responseOf = (which: 'gitbook' | 'docsync', operationId: string, status: number) => {
    const where = operations[which].get(operationId);
    if (where === undefined) return undefined;
    const responses = documents[which].paths[where.path]?.[where.method]?.responses ?? {};
    const key = String(status) in responses ? String(status) : undefined;
    if (key === undefined) return undefined;
    const response = responses[key] as
      { $ref?: string; content?: Record<string, { schema?: Json }> } | undefined;
    const ref = response?.$ref;
    if (ref === undefined)
      return { where, ref: `${pathRef(which, where)}/responses/${key}`, response };
    const name = ref.replace('#/components/responses/', '');
    const components = documents[which]['components'] as {
      responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
    };
    return {
      where,
      ref: `${ids[which]}#/components/responses/${pointer(name)}`,
      response: components.responses?.[name],
    };
  };
  const shape = (method: string, path: string) =>
    `${method.toLowerCase()} ${path.replace(/\{\w+\}/g, '{}')}`;
  const byShape = new Map(
    [...operations.gitbook].map(([id, where]) => [shape(where.method, where.path), id]),
  );
  return {
    operationIds: new Set(operations.gitbook.keys()),
    clientOperationId: (method, path) => byShape.get(shape(method, path.replace(/^\/v1/, ''))),
    documentsStatus: (which, operationId, status) =>
      responseOf(which, operationId, status) !== undefined,
    responseValidator(which, operationId, status) {
      const found = responseOf(which, operationId, status);
      if (found?.response?.content?.['application/json']?.schema === undefined) return undefined;
      const ref = `${found.ref}/content/${pointer('application/json')}/schema`;
      return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    },
  };
}
