import * as fc from 'fast-check';
import type { Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import { describe, expect, it } from 'vitest';
import { document, markdownText } from '../testing/arbitraries.js';
import { pageMarkdown } from '../testing/markdown-arbitraries.js';
import { liquidToMarkdown } from './liquid/to-markdown.js';
import { fullFromMarkdown } from './mdast-io.js';
import { renderPage } from './render-page.js';
import { text } from './safe-text.js';

const extensions = [
  gfmToMarkdown(),
  mathToMarkdown({ singleDollarTextMath: false }),
  liquidToMarkdown(),
];
const settings: Options[] = [
  { bullet: '*', emphasis: '_', rule: '*', listItemIndent: 'mixed', resourceLink: true },
  { bullet: '-', emphasis: '*', fences: false },
];

/** Serializes a tree with the library's `text` handler and with ours; they must agree. */
function sameText(tree: Root): void {
  for (const options of settings) {
    const library = toMarkdown(structuredClone(tree), { ...options, extensions });
    const ours = toMarkdown(structuredClone(tree), {
      ...options,
      extensions: [{ handlers: { text } }, ...extensions],
    });
    expect(ours).toBe(library);
  }
}

const runs = Number(process.env.PROPERTY_RUNS ?? 3_000);
const property = { numRuns: runs, seed: 20261123 };

describe('text (escaping only what can need it)', () => {
  it('writes what the library writes for trees read from markdown (property test)', () => {
    fc.assert(
      fc.property(fc.oneof(pageMarkdown, markdownText), (markdown) => {
        sameText(fullFromMarkdown(markdown.replace(/\r\n?/g, '\n')));
      }),
      property,
    );
  }, 300_000);

  it('writes what the library writes for rendered documents read back (property test)', () => {
    fc.assert(
      fc.property(document, (doc) => {
        sameText(fullFromMarkdown(renderPage({ metadata: {}, document: doc })));
      }),
      property,
    );
  }, 300_000);

  it('escapes at line starts as the library does', () => {
    for (const value of [
      '1. a',
      '# a',
      '* a',
      '+ a',
      '- a',
      '> a',
      '= a',
      'a\n1. b',
      ' a ',
      '\\',
    ]) {
      sameText({
        type: 'root',
        children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
      });
    }
  });
});
