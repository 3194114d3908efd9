import type { Diagnostic, JSONDocument, PageToRender } from '@docsync/core';

/** What {@link parsePageJson} read: the page, or the one diagnostic that says why there is none. */
export type PageJsonResult =
  { page: PageToRender; diagnostic?: undefined } | { page?: undefined; diagnostic: Diagnostic };

const expectedShape =
  'a page `{"metadata": {…}, "document": {…}}` or a document `{"object": "document", "nodes": […]}`';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names a JSON value's kind for messages: `an array`, `a string`, `an object with keys …`. */
function describe(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, 5).map((key) => `\`${key}\``);
    return `an object with keys ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`;
  }
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** A JSON syntax error as a diagnostic at its position (the end of input when V8 gives none). */
function syntaxDiagnostic(text: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  const offset = position === undefined ? text.length : Number(position);
  return {
    ruleId: 'json-syntax',
    severity: 'error',
    message: `invalid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}`,
    ...lineAndColumn(text, offset),
  };
}

type DocumentResult = { document: JSONDocument } | { diagnostic: Diagnostic };

function invalid(message: string): { diagnostic: Diagnostic } {
  return { diagnostic: { ruleId: 'not-a-document', severity: 'error', message } };
}

function readDocument(value: unknown, path: string): DocumentResult {
  if (!isObject(value))
    return invalid(`\`${path}\` is ${describe(value)}; expected ${expectedShape}`);
  if (value.object !== 'document') {
    const found = value.object === undefined ? 'missing' : `\`${JSON.stringify(value.object)}\``;
    return invalid(`\`${path}.object\` is ${found}; expected \`"document"\``);
  }
  if (!Array.isArray(value.nodes)) {
    return invalid(`\`${path}.nodes\` is ${describe(value.nodes)}; expected an array of blocks`);
  }
  const nodes: unknown[] = value.nodes;
  const badIndex = nodes.findIndex(
    (node) => !isObject(node) || node.object !== 'block' || typeof node.type !== 'string',
  );
  if (badIndex !== -1) {
    return invalid(
      `\`${path}.nodes[${badIndex}]\` is not a block; expected \`{"object": "block", "type": …}\``,
    );
  }
  if (value.data !== undefined && !isObject(value.data)) {
    return invalid(`\`${path}.data\` is ${describe(value.data)}; expected an object`);
  }
  // `data` may be left out of hand-written JSON; every document has one.
  return { document: { ...value, data: value.data ?? {} } as JSONDocument };
}

/**
 * Reads the JSON form of a page, as `docsync convert page.md` prints it (`{metadata, document}`)
 * or a bare document (`{"object": "document", …}`, metadata empty). Never throws: invalid JSON
 * and JSON of another shape come back as a diagnostic. Blocks are checked to the first level
 * only; deeper shapes are the renderer's to handle.
 */
export function parsePageJson(text: string): PageJsonResult {
  const source = text.replace(/^\ufeff/, '');
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { diagnostic: syntaxDiagnostic(source, error) };
  }
  if (isObject(value) && value.object === 'document') {
    const read = readDocument(value, 'document');
    return 'diagnostic' in read ? read : { page: { metadata: {}, document: read.document } };
  }
  if (!isObject(value) || !('document' in value)) {
    return invalid(`expected ${expectedShape}; found ${describe(value)}`);
  }
  const metadata = value.metadata ?? {};
  if (!isObject(metadata))
    return invalid(`\`metadata\` is ${describe(metadata)}; expected an object`);
  const read = readDocument(value.document, 'document');
  if ('diagnostic' in read) return read;
  return { page: { metadata, document: read.document } };
}
