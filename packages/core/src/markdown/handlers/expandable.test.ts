import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Expandable, Paragraph } from '../../model/blocks.js';
import type { Mark } from '../../model/text.js';
import { parsePage } from '../parse-page.js';
import { renderDocument, renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const types = (blocks: readonly Block[]) => blocks.map((block) => block.type);

function expandableOf(markdown: string): Expandable {
  const { document } = parsePage(markdown);
  expect(types(document.nodes)).toEqual(['expandable']);
  return document.nodes[0] as Expandable;
}

const details = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('expandables', () => {
  it('reads `<details open>` with a summary and a body into an expanded-by-default expandable', () => {
    const markdown = details(
      '<details open>',
      '',
      '<summary>Step 1: Start using expandable blocks</summary>',
      '',
      'Body markdown with **bold**.',
      '',
      '</details>',
    );
    expect(expandableOf(markdown)).toEqual({
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: { defaultExpanded: true },
      fragments: [
        {
          object: 'fragment',
          type: 'expandable-title',
          fragment: 'expandable-title',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              data: {},
              nodes: [
                {
                  object: 'text',
                  leaves: [
                    { object: 'leaf', text: 'Step 1: Start using expandable blocks', marks: [] },
                  ],
                },
              ],
            },
          ],
        },
        {
          object: 'fragment',
          type: 'expandable-body',
          fragment: 'expandable-body',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              data: {},
              nodes: [
                {
                  object: 'text',
                  leaves: [
                    { object: 'leaf', text: 'Body markdown with ', marks: [] },
                    { object: 'leaf', text: 'bold', marks: [{ object: 'mark', type: 'bold' }] },
                    { object: 'leaf', text: '.', marks: [] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads `<details>` without `open` as collapsed by default', () => {
    const markdown = details(
      '<details>',
      '',
      '<summary>Title</summary>',
      '',
      'Body',
      '',
      '</details>',
    );
    expect(expandableOf(markdown).data).toEqual({});
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads inline HTML in the summary as marks of the title paragraph', () => {
    const markdown = details(
      '<details>',
      '',
      '<summary><strong>Advanced</strong>: Verify &#x26; check <em>it</em></summary>',
      '',
      'Body',
      '',
      '</details>',
    );
    const [title] = expandableOf(markdown).fragments;
    expect(title.nodes[0]?.nodes).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'Advanced', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ': Verify & check ', marks: [] },
          { object: 'leaf', text: 'it', marks: [{ object: 'mark', type: 'italic' }] },
        ],
      },
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads any blocks in the body: lists, code, hints, images and includes', () => {
    const markdown = details(
      '<details open>',
      '',
      '<summary>How to apply icon packs</summary>',
      '',
      '1. Go to **Home settings** > **General**.',
      '2. Tap **Icon style**.',
      '',
      '```js',
      'x();',
      '```',
      '',
      '{% hint style="info" %}',
      'A hint.',
      '{% endhint %}',
      '',
      '<figure><img src="a.png" alt=""><figcaption></figcaption></figure>',
      '',
      '{% include "../.gitbook/includes/restart.md" %}',
      '',
      '</details>',
    );
    const [, body] = expandableOf(markdown).fragments;
    expect(types(body.nodes)).toEqual([
      'list-ordered',
      'code',
      'hint',
      'images',
      'reusable-content',
    ]);
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads consecutive expandables and the markdown around them', () => {
    const markdown = details(
      'Before.',
      '',
      '<details open>',
      '',
      '<summary>One</summary>',
      '',
      'First body.',
      '',
      '</details>',
      '',
      '<details>',
      '',
      '<summary>Two</summary>',
      '',
      'Second body.',
      '',
      '</details>',
      '',
      'After.',
    );
    expect(types(parsePage(markdown).document.nodes)).toEqual([
      'paragraph',
      'expandable',
      'expandable',
      'paragraph',
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads expandables inside a tag block, such as a tab', () => {
    const markdown = details(
      '{% tabs %}',
      '{% tab title="A" %}',
      '<details>',
      '',
      '<summary>Inside</summary>',
      '',
      'Body',
      '',
      '</details>',
      '',
      'After.',
      '{% endtab %}',
      '{% endtabs %}',
    );
    const [tabs] = parsePage(markdown).document.nodes;
    expect(tabs?.type === 'tabs' && types(tabs.nodes[0]?.nodes ?? [])).toEqual([
      'expandable',
      'paragraph',
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps extra blank lines around the body as empty paragraphs', () => {
    const markdown = details(
      '<details>',
      '',
      '<summary>T</summary>',
      '',
      '',
      '',
      'Body',
      '',
      '',
      '',
      '</details>',
    );
    const [, body] = expandableOf(markdown).fragments;
    expect(types(body.nodes)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads an expandable with an empty body', () => {
    const markdown = details('<details>', '', '<summary>T</summary>', '', '</details>');
    expect(expandableOf(markdown).fragments[1].nodes).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes a title of several paragraphs as one summary, joined by hard breaks', () => {
    const block = expandableOf(details('<details>', '', '<summary>A</summary>', '', '</details>'));
    const [title] = block.fragments;
    const twoParagraphs: Expandable = {
      ...block,
      fragments: [{ ...title, nodes: [...title.nodes, ...title.nodes] }, block.fragments[1]],
    };
    expect(renderDocument({ object: 'document', data: {}, nodes: [twoParagraphs] })).toBe(
      details('<details>', '', '<summary>A<br>A</summary>', '', '</details>'),
    );
  });

  it('reads the hand-written form without blank lines and writes the exporter form', () => {
    const page = parsePage('<details>\n<summary>T</summary>\n\nBody\n</details>\n');
    expect(types(page.document.nodes)).toEqual(['expandable']);
    expect(renderPage(page)).toBe(
      details('<details>', '', '<summary>T</summary>', '', 'Body', '', '</details>'),
    );
  });

  it('keeps an expandable whose summary holds a comment as written, body included', () => {
    const markdown = details(
      '<details>',
      '',
      '<summary>T <!-- note --></summary>',
      '',
      'Body',
      '',
      '</details>',
    );
    const page = parsePage(markdown);
    expect(types(page.document.nodes)).toEqual(['markdown', 'markdown', 'paragraph', 'markdown']);
    expect(page.diagnostics.map((diagnostic) => diagnostic.ruleId)).toContain('expandable-summary');
    expect(renderPage(page)).toBe(markdown);
  });

  it.each([
    ['without its end', details('<details>', '', '<summary>T</summary>', '', 'Body')],
    ['without a summary', details('<details>', '', 'Body', '', '</details>')],
    [
      'with another attribute',
      details('<details class="x">', '', '<summary>T</summary>', '', '</details>'),
    ],
    ['as a stray end', details('Body', '', '</details>')],
  ])('keeps `<details>` %s verbatim, with a diagnostic', (_, markdown) => {
    const page = parsePage(markdown);
    expect(types(page.document.nodes)).not.toContain('expandable');
    expect(page.diagnostics.length).toBeGreaterThan(0);
    expect(renderPage(page)).toBe(markdown);
  });
});

describe('expandables (property tests)', () => {
  const textParagraph = (value: string, marks: Mark[] = []): Paragraph => ({
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: value, marks }] }],
  });
  const title = fc
    .tuple(
      fc.stringMatching(/^[ -~]{0,16}$/),
      fc.constantFrom<Mark['type'][]>([], ['bold'], ['code']),
    )
    .map(([value, marks]) =>
      textParagraph(
        value,
        value === '' ? [] : marks.map((type) => ({ object: 'mark', type }) as Mark),
      ),
    );
  const bodyParagraph = fc
    .stringMatching(/^[a-z</>&*_ ]{1,16}$/)
    .filter((value) => value.trim() === value)
    .map((value) => textParagraph(value));
  const expandable = fc
    .record({ open: fc.boolean(), title, body: fc.array(bodyParagraph, { maxLength: 3 }) })
    .map(({ open, title: heading, body }): Expandable => ({
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: open ? { defaultExpanded: true } : {},
      fragments: [
        {
          object: 'fragment',
          type: 'expandable-title',
          fragment: 'expandable-title',
          nodes: [heading],
        },
        { object: 'fragment', type: 'expandable-body', fragment: 'expandable-body', nodes: body },
      ],
    }));

  it('reads back any expandable as written', () => {
    fc.assert(
      fc.property(expandable, (block) => {
        const page = parsePage(renderDocument({ object: 'document', data: {}, nodes: [block] }));
        expect(page.document.nodes).toEqual([block]);
        expect(page.diagnostics).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
