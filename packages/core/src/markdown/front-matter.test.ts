import { describe, expect, it } from 'vitest';
import { dumpYaml, loadYaml } from '../yaml.js';
import { parseFrontMatter, renderFrontMatter } from './front-matter.js';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';

/** A page's metadata as the service keeps it: JSON. */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('YAML (docsync’s schema)', () => {
  it('reads only JSON values: timestamps, infinities, NaN and -0.0 are text', () => {
    const yaml =
      'at: 2025-05-05T10:21:54.153Z\nday: 2025-05-06\nbig: .inf\nnan: .nan\ncount: 12\nx: 1.5\nok: true\nnone: null\n';
    const value = loadYaml(yaml);
    expect(value).toEqual({
      at: '2025-05-05T10:21:54.153Z',
      day: '2025-05-06',
      big: '.inf',
      nan: '.nan',
      count: 12,
      x: 1.5,
      ok: true,
      none: null,
    });
    expect(viaJson(value)).toEqual(value);
    // Written back as it was: no quotes around what reads back as text anyway.
    expect(dumpYaml(value)).toBe(yaml);
    expect(loadYaml('zero: -0.0\n')).toEqual({ zero: '-0.0' });
  });

  it('quotes a string only when it would read back as something else', () => {
    expect(dumpYaml({ a: '12', b: 'true', c: 'null', d: '2025-05-05', e: 'yes' })).toBe(
      "a: '12'\nb: 'true'\nc: 'null'\nd: 2025-05-05\ne: 'yes'\n",
    );
  });

  it('does not know the tags JSON cannot carry', () => {
    expect(() => loadYaml('a: !!binary aGVsbG8=\n')).toThrow();
    expect(() => loadYaml('a: !!timestamp 2025-05-05\n')).toThrow();
  });
});

describe('front matter', () => {
  it('reads a timestamp as its text and writes it back unquoted, also from JSON', () => {
    const markdown = '---\ncreatedAt: 2025-05-05T10:21:54.153Z\n---\n\n# T\n';
    const page = parsePage(markdown);
    expect(page.metadata.extraFrontMatter).toEqual({ createdAt: '2025-05-05T10:21:54.153Z' });
    expect(page.metadata.frontMatterSource).toBeUndefined();
    expect(renderPage(page)).toBe(markdown);
    expect(renderPage(viaJson(page))).toBe(markdown);
  });

  it('keeps front matter in the exporter’s form as values only', () => {
    const yaml = 'description: About it\nicon: book\nlayout:\n  width: wide\n';
    const metadata = parseFrontMatter(yaml, []);
    expect(metadata.frontMatterSource).toBeUndefined();
    expect(renderFrontMatter(metadata)).toBe(`---\n${yaml}---\n\n`);
  });

  it('keeps front matter written otherwise as written (quotes, scalar forms, comments, order)', () => {
    const yaml = [
      '# Options',
      'icon: "book"',
      "description: 'About it'",
      'build: 0123',
      'ratio: 1.50',
      'flow: {a: 1}',
      'notes: |',
      '  Literal.',
      '',
    ].join('\n');
    const metadata = parseFrontMatter(yaml, []);
    expect(metadata).toMatchObject({
      icon: 'book',
      description: 'About it',
      extraFrontMatter: { build: 123, ratio: 1.5, flow: { a: 1 }, notes: 'Literal.\n' },
      frontMatterSource: yaml,
    });
    expect(renderFrontMatter(metadata)).toBe(`---\n${yaml}---\n\n`);
    expect(renderFrontMatter(viaJson(metadata))).toBe(`---\n${yaml}---\n\n`);
  });

  it('keeps empty front matter and front matter with zero-width characters as written', () => {
    for (const markdown of ['---\n---\n\n# T\n', '---\n\u200bdescription: d\n---\n\n# T\n']) {
      expect(renderPage(parsePage(markdown))).toBe(markdown);
    }
  });

  it('writes the exporter’s form once the values are no longer what was written', () => {
    const metadata = parseFrontMatter("description: 'About it'\nicon: book\n", []);
    expect(renderFrontMatter({ ...metadata, description: 'Changed' })).toBe(
      '---\ndescription: Changed\nicon: book\n---\n\n',
    );
    expect(renderFrontMatter({ ...metadata, hidden: true })).toBe(
      '---\ndescription: About it\nicon: book\nhidden: true\n---\n\n',
    );
    const { frontMatterSource: _source, ...values } = metadata;
    expect(renderFrontMatter({ ...values, frontMatterSource: 'description: Other\n' })).toBe(
      '---\ndescription: About it\nicon: book\n---\n\n',
    );
  });

  it('never writes a kept text that would not read as front matter', () => {
    const metadata = { description: 'd', frontMatterSource: 'description: d' };
    expect(renderFrontMatter(metadata)).toBe('---\ndescription: d\n---\n\n');
    expect(renderFrontMatter({ frontMatterSource: 'a: [unclosed\n' })).toBe('');
  });
});
