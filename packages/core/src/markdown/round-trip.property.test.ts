import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { document, markdownText } from '../testing/arbitraries.js';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';

/**
 * Case counts and seed: CI runs 10,000 cases from a fixed seed, so a red run is a regression and
 * re-running reproduces it. `PROPERTY_RUNS` and `PROPERTY_SEED` explore further locally
 * (`PROPERTY_SEED=random` draws a new one; fast-check prints it with any counterexample).
 *
 * Known fixpoint misses, each about 1 in 20,000 random strings, none seen in real pages: a line
 * indented after inline HTML at a line end loses one step of that indentation (whitespace only)
 * per read; an unused footnote definition holding an unclosed `$$`, split out of an HTML block
 * by a tag line, is kept verbatim and then swallows the blank lines after it on the next read
 * (seed 1264160962 with PROPERTY_RUNS=100000 finds it); a list item `* $$A` right after an empty
 * footnote definition reads as text once and as an unclosed math block after it is written
 * (`[^1]\n[^1]: \n* $$A\n`, seed 9090901 with PROPERTY_RUNS=20000).
 */
const runs = Number(process.env.PROPERTY_RUNS ?? 10_000);
const seedSetting = process.env.PROPERTY_SEED ?? '20261123';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);
const settings = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };

describe('round trips (property tests)', () => {
  it('parse(render(d)) gives back any canonical document d', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const markdown = renderPage({ metadata: {}, document: doc });
        const parsed = parsePage(markdown);
        expect(parsed.document).toEqual(doc);
        expect(parsed.diagnostics).toEqual([]);
      }),
      settings,
    );
  }, 120_000);
});

/**
 * Counterexamples other seeds found, run first on every run: a fence after a tag line inside an
 * HTML block (seed 918273), and a `&#x20;` at a paragraph's start joined to a neighbour's written
 * form as a bare space (seeds 31, 77001 and 424242), and a page of nothing but empty paragraphs
 * (seed 8).
 */
const found: [string][] = [
  ['</details>\n{% content-ref url="a.md" %}\n```\n{% endcontent-ref %}\n'],
  ['A \n   1. &#x20;\\\n{% endtab %}<\n'],
  ['&#x20;  \n{% stepper %}</sup>*\n'],
  ['&#x20;  \n*\n0\n>**\n'],
  ['<kbd></kbd>\n\n'],
  ['---\ndescription: x\n---\n\n<kbd></kbd>\n\n'],
];

describe('normalization (property tests)', () => {
  it('never throws, and render(parse(x)) is a fixpoint after one step', () => {
    fc.assert(
      fc.property(markdownText, (markdown) => {
        const once = renderPage(parsePage(markdown));
        const twice = renderPage(parsePage(once));
        expect(twice).toBe(once);
      }),
      { ...settings, examples: found },
    );
  }, 120_000);
});
