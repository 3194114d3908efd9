import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { document, markdownText } from '../testing/arbitraries.js';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';

/** Case counts: CI runs the 10,000; `PROPERTY_RUNS` overrides locally. */
const runs = Number(process.env.PROPERTY_RUNS ?? 10_000);

describe('round trips (property tests)', () => {
  it('parse(render(d)) gives back any canonical document d', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const markdown = renderPage({ metadata: {}, document: doc });
        const parsed = parsePage(markdown);
        expect(parsed.document).toEqual(doc);
        expect(parsed.diagnostics).toEqual([]);
      }),
      { numRuns: runs },
    );
  }, 120_000);
});

describe('normalization (property tests)', () => {
  it('never throws, and render(parse(x)) is a fixpoint after one step', () => {
    fc.assert(
      fc.property(markdownText, (markdown) => {
        const once = renderPage(parsePage(markdown));
        const twice = renderPage(parsePage(once));
        expect(twice).toBe(once);
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
