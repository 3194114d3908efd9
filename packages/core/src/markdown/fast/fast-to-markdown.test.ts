import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import * as fc from 'fast-check';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { document, markdownText } from '../../testing/arbitraries.js';
import { corporaDir, corpusMarkdownFiles } from '../../testing/read-corpus.js';
import { pageMarkdown } from '../../testing/markdown-arbitraries.js';
import { splitFrontMatter } from '../front-matter.js';
import { fullToMarkdown, parseMdast } from '../mdast-io.js';
import { normalizeInput, parsePage } from '../parse-page.js';
import { renderPage, type PageToRender } from '../render-page.js';
import { fastToMarkdown } from './fast-to-markdown.js';

/**
 * The fast writer must give exactly what `toMarkdown` gives, or nothing. A differential test:
 * for every tree, `fastToMarkdown` (with `toMarkdown` writing the blocks it gives up on) gives
 * the same string as `toMarkdown` on the whole tree whenever it answers; and `renderPage` gives
 * the same string with and without it. Trees come from generated mdast full of the characters
 * `safe` escapes, from parsing generated markdown, from rendering generated documents, and from
 * every corpus page. Counts and seed as in `round-trip.property.test.ts` (`PROPERTY_RUNS`,
 * `PROPERTY_SEED=random`; fast-check prints the seed of a failure).
 */
const runs = Number(process.env.PROPERTY_RUNS ?? 1_500);
const seedSetting = process.env.PROPERTY_SEED ?? '20261127';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);
const settings = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };
/** Fewer cases where each parses and renders a whole page twice. */
const pageSettings = { ...settings, numRuns: Math.ceil(runs / 5) };

/** Top-level blocks the fast writer wrote itself, and all of them, over a test. */
interface Tally {
  fast: number;
  blocks: number;
}

/** Checks one tree; adds what the fast writer wrote to `tally`. */
function agrees(tree: Root, tally: Tally): void {
  let expected: string;
  try {
    expected = fullToMarkdown(structuredClone(tree));
  } catch {
    // Nodes core writes only through its handlers (`htmlDetails` from pairing): not a case.
    return;
  }
  const written = fastToMarkdown(structuredClone(tree), fullToMarkdown);
  if (written === undefined) return;
  expect(written.markdown).toBe(expected);
  tally.fast += written.fast;
  tally.blocks += written.blocks;
}

/** Checks a page rendered with and without the fast writer. */
function rendersAlike(page: PageToRender): void {
  expect(renderPage(structuredClone(page))).toBe(
    renderPage(structuredClone(page), { fastPath: false }),
  );
}

/** Text of the characters `safe` escapes somewhere, and of those it never does. */
const tricky = fc.constantFrom(
  ...' \n\t*_`[]()<>!&#+-.:=|$~{}%\\"\'1a2Z@;,/^\u00a0é'.split(''),
  '1.',
  '1)',
  '&amp;',
  '<a>',
  '![',
  '](',
  '{%',
  '%}',
  '$$',
  'word',
  'two words',
);
const text = fc
  .array(tricky, { minLength: 0, maxLength: 6 })
  .map((parts) => ({ type: 'text' as const, value: parts.join('') }));
const url = fc
  .array(fc.constantFrom('a', '/', '.', ' ', '(', ')', '<', '&', '#', '%20', '_', '*', 'é'), {
    maxLength: 5,
  })
  .map((parts) => parts.join(''));
const title = fc.option(fc.constantFrom('', 'T', 'a "b"', "it's", 'x (y)', 'a\nb'), {
  nil: undefined,
});

const phrasing: fc.Arbitrary<PhrasingContent> = fc.letrec<{ node: PhrasingContent }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.record({
      type: fc.constant('inlineCode' as const),
      value: fc.stringMatching(/^[ `a\n]{0,4}$/),
    }),
    fc.record({ type: fc.constant('break' as const) }),
    fc.record({
      type: fc.constant('html' as const),
      value: fc.constantFrom('<br>', '<b>', '</b>', '<!-- c -->', 'x'),
    }),
    fc.record({
      type: fc.constant('image' as const),
      url,
      alt: fc.option(fc.stringMatching(/^[a *\]_]{0,3}$/), { nil: null }),
      title,
    }),
    fc.record({
      type: fc.constantFrom('emphasis' as const, 'strong' as const),
      children: fc.array(tie('node'), { maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant('link' as const),
      url,
      title,
      children: fc.array(tie('node'), { maxLength: 3 }),
    }),
  ),
})).node;

const inlines = fc.array(phrasing, { maxLength: 5 });

const block: fc.Arbitrary<RootContent> = fc.letrec<{ block: RootContent }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constant('paragraph' as const), children: inlines }),
    fc.record({
      type: fc.constant('heading' as const),
      depth: fc.constantFrom<1 | 2 | 3 | 6>(1, 2, 3, 6),
      children: inlines,
    }),
    fc.record({ type: fc.constant('thematicBreak' as const) }),
    fc.record({
      type: fc.constant('html' as const),
      value: fc.constantFrom('<div>', '<p>x</p>\n', ''),
    }),
    fc.record({
      type: fc.constant('code' as const),
      lang: fc.option(fc.constantFrom('js', 'a b', 'c`', 'x{%'), { nil: null }),
      meta: fc.option(fc.constantFrom('title="a.js"', 'a`b', 'x&amp;'), { nil: null }),
      value: fc.stringMatching(/^[`a\n ]{0,8}$/),
    }),
    fc.record({
      type: fc.constant('liquidTag' as const),
      raw: fc.constantFrom('{% include "a.md" %}', '{% embed url="x" %}'),
      tag: fc.constant(undefined),
    }),
    fc.record({
      type: fc.constant('liquidBlock' as const),
      rawOpen: fc.constant('{% hint style="info" %}'),
      rawClose: fc.constant('{% endhint %}'),
      tag: fc.constant({ name: 'hint', args: {} } as never),
      children: fc.array(tie('block'), { maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant('blockquote' as const),
      children: fc.array(tie('block'), { maxLength: 2 }),
    }),
    fc.record({
      type: fc.constant('list' as const),
      ordered: fc.boolean(),
      start: fc.option(fc.constantFrom(1, 0, 7, 10), { nil: undefined }),
      spread: fc.boolean(),
      data: fc.option(fc.record({ oneSpace: fc.constant(true) }), { nil: undefined }),
      children: fc.array(
        fc.record({
          type: fc.constant('listItem' as const),
          spread: fc.boolean(),
          checked: fc.constantFrom(null, null, null, true),
          data: fc.option(fc.record({ markerAlone: fc.constant(true) }), { nil: undefined }),
          children: fc.array(tie('block'), { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  ) as fc.Arbitrary<RootContent>,
})).block;

const blocks = fc.array(
  fc.tuple(block, fc.constantFrom(0, 0, 0, 1, 2)).map(([node, empty]) => {
    if (empty > 0) node.data = { ...node.data, emptyParagraphsBefore: empty };
    return node;
  }),
  { maxLength: 6 },
);

/** The body `parsePage` hands to the markdown parser. */
const bodyOf = (markdown: string) => splitFrontMatter(normalizeInput(markdown)).body;

describe('fastToMarkdown', () => {
  it('writes an exporter page itself, block by block', () => {
    const page = [
      '# Configure the client',
      '',
      'Set the **token** in _one_ place; read `client.yaml` or [the guide](guide.md "Guide").',
      '',
      '{% hint style="info" %}',
      'Restart the server after a change.',
      '{% endhint %}',
      '',
      '1. open the file',
      '   * find the key',
      '2. save it',
      '',
      '```yaml',
      'token: abc',
      '```',
      '',
      '***',
      '',
    ].join('\n');
    const written = fastToMarkdown(parseMdast(page), fullToMarkdown);
    expect(written).toEqual({ markdown: page, blocks: 6, fast: 6 });
  });

  it('gives up on text it would have to escape, and hands that block to toMarkdown', () => {
    for (const value of [
      'a*b',
      'a_b',
      '1. a',
      '# a',
      'a  ',
      '[x]',
      'a\\b',
      '<b>',
      '&amp;',
      'a~b',
    ]) {
      const tree: Root = {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'text', value }] },
          { type: 'paragraph', children: [{ type: 'text', value: 'plain words' }] },
        ],
      };
      const written = fastToMarkdown(tree, fullToMarkdown);
      expect(written?.fast, value).toBe(1);
      expect(written?.markdown, value).toBe(fullToMarkdown(tree));
    }
  });

  it('agrees with toMarkdown on generated mdast with escapable characters (property test)', () => {
    const tally: Tally = { fast: 0, blocks: 0 };
    fc.assert(
      fc.property(blocks, (children) => {
        agrees({ type: 'root', children }, tally);
      }),
      settings,
    );
    expect(tally.fast).toBeGreaterThan(tally.blocks * 0.1);
  }, 120_000);

  it('agrees with toMarkdown on parsed generated markdown (property test)', () => {
    const tally: Tally = { fast: 0, blocks: 0 };
    fc.assert(
      fc.property(fc.oneof(pageMarkdown, markdownText), (markdown) => {
        agrees(parseMdast(bodyOf(markdown)), tally);
      }),
      pageSettings,
    );
    expect(tally.fast).toBeGreaterThan(tally.blocks * 0.2);
  }, 120_000);

  it('renders generated documents alike with and without it (property test)', () => {
    fc.assert(
      fc.property(document, (doc) => {
        rendersAlike({ metadata: {}, document: doc });
      }),
      settings,
    );
  }, 120_000);

  it('renders parsed generated pages alike with and without it (property test)', () => {
    fc.assert(
      fc.property(pageMarkdown, (markdown) => {
        const { metadata, document: doc } = parsePage(markdown);
        rendersAlike({ metadata, document: doc });
      }),
      { ...pageSettings, numRuns: Math.ceil(runs / 10) },
    );
  }, 120_000);
});

describe('fastToMarkdown on the corpora', () => {
  const files = corpusMarkdownFiles();
  const tally: Tally = { fast: 0, blocks: 0 };
  for (const path of files) {
    it(`agrees with toMarkdown on ${relative(corporaDir, path)}`, () => {
      const markdown = readFileSync(path, 'utf8');
      agrees(parseMdast(bodyOf(markdown)), tally);
      const { metadata, document: doc } = parsePage(markdown);
      rendersAlike({ metadata, document: doc });
    });
  }
  it('writes most corpus blocks itself', () => {
    expect(tally.fast).toBeGreaterThan(tally.blocks * 0.5);
  });
});
