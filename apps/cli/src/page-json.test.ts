import { describe, expect, it } from 'vitest';
import { parsePageJson } from './page-json.js';

const document = { object: 'document', data: {}, nodes: [] };

describe('parsePageJson', () => {
  it('reads {metadata, document}', () => {
    const metadata = { title: 'Hello', description: 'A page.' };
    expect(parsePageJson(JSON.stringify({ metadata, document }))).toEqual({
      page: { metadata, document },
    });
  });

  it('reads a bare document as a page with empty metadata, and a leading BOM', () => {
    expect(parsePageJson(`\ufeff${JSON.stringify(document)}`)).toEqual({
      page: { metadata: {}, document },
    });
  });

  it('fills in the `data` a hand-written document leaves out, and empty metadata', () => {
    expect(parsePageJson('{"document": {"object": "document", "nodes": []}}')).toEqual({
      page: { metadata: {}, document },
    });
  });

  it('reports a syntax error at its line and column', () => {
    expect(parsePageJson('{\n  "a": 1,\n  b: 2\n}').diagnostic).toMatchObject({
      ruleId: 'json-syntax',
      severity: 'error',
      line: 3,
      column: 3,
    });
  });

  it('reports truncated JSON at the end of the input', () => {
    expect(parsePageJson('{\n  "a": ').diagnostic).toMatchObject({
      ruleId: 'json-syntax',
      line: 2,
      column: 8,
    });
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['an object without a document', '{"metadata": {}}'],
    ['a document of the wrong kind', '{"object": "block", "nodes": []}'],
    ['a document without nodes', '{"document": {"object": "document"}}'],
    ['a node that is not a block', '{"object": "document", "nodes": [{"object": "text"}]}'],
    [
      'metadata that is not an object',
      '{"metadata": "x", "document": {"object": "document", "nodes": []}}',
    ],
    ['data that is not an object', '{"object": "document", "data": [], "nodes": []}'],
  ])('rejects %s as not-a-document, without a position', (_, json) => {
    const { page, diagnostic } = parsePageJson(json);
    expect(page).toBeUndefined();
    expect(diagnostic).toMatchObject({ ruleId: 'not-a-document', severity: 'error' });
    expect(diagnostic?.line).toBeUndefined();
  });
});
