import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { document, markdownText } from '../../testing/arbitraries.js';
import { corporaDir, corpusMarkdownFiles } from '../../testing/read-corpus.js';
import { pageMarkdown } from '../../testing/markdown-arbitraries.js';
import { splitFrontMatter } from '../front-matter.js';
import { fullFromMarkdown } from '../mdast-io.js';
import { normalizeInput, parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';
import { fastFromMarkdown } from './fast-from-markdown.js';

/**
 * The fast path must give exactly what the full parser gives, or nothing. A differential test:
 * for every input where `fastFromMarkdown` answers, its mdast serializes to the same JSON as
 * `fullFromMarkdown`'s (key order and positions included), and `parsePage` gives the same
 * metadata, document and diagnostics with and without it. Counts and seed as in
 * `round-trip.property.test.ts` (`PROPERTY_RUNS`, `PROPERTY_SEED=random`).
 */
const runs = Number(process.env.PROPERTY_RUNS ?? 10_000);
const seedSetting = process.env.PROPERTY_SEED ?? '20261123';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);
const settings = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };

/** The body `parsePage` hands to the markdown parser. */
const bodyOf = (markdown: string) => splitFrontMatter(normalizeInput(markdown)).body;

/** Checks one input; whether the fast path answered. */
function agrees(markdown: string): boolean {
  const body = bodyOf(markdown);
  const fast = fastFromMarkdown(body);
  if (fast === undefined) return false;
  expect(JSON.stringify(fast)).toBe(JSON.stringify(fullFromMarkdown(body)));
  expect(parsePage(markdown)).toEqual(parsePage(markdown, { fastPath: false }));
  return true;
}

/** Runs `agrees` on every generated input; how many the fast path answered. */
function differential(inputs: fc.Arbitrary<string>): number {
  let answered = 0;
  fc.assert(
    fc.property(inputs, (markdown) => {
      if (agrees(markdown)) answered++;
    }),
    settings,
  );
  return answered;
}

describe('fastFromMarkdown', () => {
  it('reads an exporter-written page', () => {
    const page = [
      '# Install',
      '',
      'Run **this** with _care_ and `code`, see [Setup](../setup/README.md "Setup") or ~~not~~.',
      '',
      '* one',
      '  * nested `x`',
      '* two',
      '',
      '1. first',
      '2. second',
      '',
      '```js',
      'const a = 1;',
      '```',
      '',
      '{% hint style="info" %}',
      'A hint &#x20;',
      '{% endhint %}',
      '',
      '<figure><img src="../.gitbook/assets/a (1).png" alt=""><figcaption><p>A</p></figcaption></figure>',
      '',
      '***',
      '',
      '## Group <a href="#g" id="g"></a>',
      '',
    ].join('\n');
    expect(fastFromMarkdown(page)).toBeDefined();
    expect(agrees(page)).toBe(true);
  });

  it('hands what it does not read with certainty to the full parser', () => {
    for (const markdown of [
      '| a | b |\n| - | - |\n| 1 | 2 |\n',
      '> quoted\n',
      'a\tb\n',
      'line  \nbreak\n',
      'Title\n=====\n',
      '[a]: https://x.test\n',
      'See <https://x.test>.\n',
      'www.example.com\n',
      '$$\nx\n$$\n',
      '- [ ] task\n',
      '    indented code\n',
      '* a\nlazy\n',
    ]) {
      expect(fastFromMarkdown(markdown), markdown).toBeUndefined();
    }
  });

  it('agrees with the full parser on generated pages (property test)', () => {
    expect(differential(pageMarkdown)).toBeGreaterThan(runs * 0.2);
  }, 300_000);

  it('agrees with the full parser on arbitrary markdown-ish text (property test)', () => {
    expect(differential(markdownText)).toBeGreaterThan(runs * 0.1);
  }, 300_000);

  it('agrees with the full parser on rendered documents (property test)', () => {
    expect(
      differential(document.map((doc) => renderPage({ metadata: {}, document: doc }))),
    ).toBeGreaterThan(runs * 0.2);
  }, 300_000);
});

describe('fastFromMarkdown on the corpora', () => {
  const files = corpusMarkdownFiles();
  let answered = 0;
  for (const path of files) {
    it(`agrees with the full parser on ${relative(corporaDir, path)}`, () => {
      if (agrees(readFileSync(path, 'utf8'))) answered++;
    });
  }
  it('reads most corpus files itself', () => {
    // 62 of 68 when written; what it leaves are tables, quotes, tabs, `$$` and hand-written lists.
    expect(answered).toBeGreaterThanOrEqual(60);
  });
});
