import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../../model/blocks.js';
import type { AnnotationInline } from '../../model/inlines.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const rules = (markdown: string) =>
  parsePage(markdown).diagnostics.map(({ ruleId, severity }) => `${severity}:${ruleId}`);

function annotations(markdown: string): AnnotationInline[] {
  return parsePage(markdown)
    .document.nodes.filter((block): block is Paragraph => block.type === 'paragraph')
    .flatMap((paragraph) =>
      paragraph.nodes.filter(
        (node): node is AnnotationInline => node.object === 'inline' && node.type === 'annotation',
      ),
    );
}

describe('annotations (footnotes)', () => {
  it('reads a footnote reference as an annotation whose body is the note', () => {
    const markdown = 'Text with a note[^1].\n\n[^1]: The note.\n';
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes).toEqual([
      {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [
          { object: 'text', leaves: [{ object: 'leaf', text: 'Text with a note', marks: [] }] },
          {
            object: 'inline',
            type: 'annotation',
            data: {},
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }],
            fragments: [
              {
                object: 'fragment',
                type: 'annotation-body',
                nodes: [
                  {
                    object: 'block',
                    type: 'paragraph',
                    data: {},
                    nodes: [
                      {
                        object: 'text',
                        leaves: [{ object: 'leaf', text: 'The note.', marks: [] }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { object: 'text', leaves: [{ object: 'leaf', text: '.', marks: [] }] },
        ],
      },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('writes footnotes back byte for byte, definitions at the end', () => {
    const markdown = `# Page

A first note[^1] and a second[^2].

## More

Text.

[^1]: Short note.

[^2]: A note of several paragraphs.

    Indented by four spaces.

    * and a list
`;
    expect(annotations(markdown).map((node) => node.fragments[0].nodes.map((b) => b.type))).toEqual(
      [['paragraph'], ['paragraph', 'paragraph', 'list-unordered']],
    );
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads marks and links inside a note', () => {
    const markdown = 'See[^1].\n\n[^1]: **Bold** and [a link](https://example.com).\n';
    const [annotation] = annotations(markdown);
    expect(annotation?.fragments[0].nodes[0]?.type).toBe('paragraph');
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('numbers named footnotes 1..n in order of appearance, once, and reports it', () => {
    const markdown = 'B[^b] then A[^a].\n\n[^a]: Note A.\n\n[^b]: Note B.\n';
    expect(rules(markdown)).toEqual(['info:footnote-renumbered', 'info:footnote-renumbered']);
    const once = roundTrip(markdown);
    expect(once).toBe('B[^1] then A[^2].\n\n[^1]: Note B.\n\n[^2]: Note A.\n');
    expect(roundTrip(once)).toBe(once);
    expect(rules(once)).toEqual([]);
  });

  it('moves a definition written mid-page to the end, once', () => {
    const markdown = 'A[^1].\n\n[^1]: Note.\n\nLast paragraph.\n';
    const once = roundTrip(markdown);
    expect(once).toBe('A[^1].\n\nLast paragraph.\n\n[^1]: Note.\n');
    expect(roundTrip(once)).toBe(once);
  });

  it('reads footnotes in headings, lists and hints', () => {
    const markdown =
      '## Heading[^1]\n\n* item[^2]\n\n{% hint style="info" %}\nHint[^3]\n{% endhint %}\n\n[^1]: One.\n\n[^2]: Two.\n\n[^3]: Three.\n';
    expect(rules(markdown)).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes a note that is referenced twice as two notes, once', () => {
    const markdown = 'A[^1] and B[^1].\n\n[^1]: Shared.\n';
    const once = roundTrip(markdown);
    expect(once).toBe('A[^1] and B[^2].\n\n[^1]: Shared.\n\n[^2]: Shared.\n');
    expect(roundTrip(once)).toBe(once);
  });

  it('numbers a note inside a note after the notes of the text', () => {
    const markdown = 'A[^1] and B[^2].\n\n[^1]: Outer[^3].\n\n[^2]: Second.\n\n[^3]: Inner.\n';
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a reference inside its own note as text, without looping', () => {
    const markdown = 'A[^1].\n\n[^1]: See[^1].\n';
    expect(rules(markdown)).toEqual(['warning:footnote-cycle']);
    const once = roundTrip(markdown);
    expect(once).toBe('A[^1].\n\n[^1]: See\\[^1].\n');
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps a definition no reference points at verbatim, where it stands', () => {
    const markdown = 'Text.\n\n[^orphan]: Nobody refers to me.\n';
    const { document } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['paragraph', 'markdown']);
    expect(rules(markdown)).toEqual(['warning:unreferenced-footnote']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('does not number a note with a label that a definition kept verbatim already has', () => {
    // The second `[^1]:` is a duplicate, kept verbatim: were the note numbered 1 again, the
    // verbatim one would come first and be read back as the note.
    const markdown = 'A[^1].\n\n[^1]: Real.\n\n[^1]: Duplicate.\n';
    expect(rules(markdown)).toEqual(['warning:unreferenced-footnote']);
    const once = roundTrip(markdown);
    expect(once).toBe('A[^2].\n\n[^1]: Duplicate.\n\n[^2]: Real.\n');
    expect(roundTrip(once)).toBe(once);
    expect(annotations(once)[0]?.fragments[0].nodes).toEqual(
      annotations(markdown)[0]?.fragments[0].nodes,
    );
  });

  it('writes the notes before content kept verbatim that is left open at the end', () => {
    // An unclosed fence with text after its language is kept verbatim and runs to the end of
    // the page: a note written after it would become code.
    const markdown = 'A[^1].\n\n[^1]: Note.\n\n~~~js title\nopen code\n';
    expect(roundTrip(markdown)).toBe(markdown);
    expect(annotations(markdown)).toHaveLength(1);
  });

  it('keeps the note of a reference inside content kept verbatim where it stands', () => {
    // An unknown tag block is kept verbatim; its `[^1]` still needs its definition.
    const markdown = '{% unknown %}\nx[^1]\n{% endunknown %}\n\n[^1]: The note.\n\nAfter.\n';
    const { document } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual([
      'markdown',
      'markdown',
      'paragraph',
    ]);
    expect(rules(markdown)).toEqual(['warning:unknown-tag', 'warning:footnote-in-verbatim']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    ['a duplicate definition that refers to the first', '[^1]: \n[^1]: [^1]\n'],
    ['a note referenced only from itself, before blank lines', '2) $$A\n[^1]: **\n[^1]\n\n\n\na\n'],
    ['an unclosed fence after a note', '[^1]\n[^1]: \n~~~<code class="x">y</code>\n'],
    ['a note that refers to itself, referenced twice', '[^1]: [^1]\n\n[^1]\n[^1]\n'],
    ['an unreferenced definition interrupting a paragraph', '0\n[^1]: *\n0\n'],
  ])('normalizes %s once to a fixpoint', (_, markdown) => {
    const once = roundTrip(markdown);
    expect(roundTrip(once)).toBe(once);
  });

  it('writes an annotation with annotated text as that text followed by the reference', () => {
    const markdown = renderPage({
      metadata: {},
      document: {
        object: 'document',
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            data: {},
            nodes: [
              { object: 'text', leaves: [{ object: 'leaf', text: 'An ', marks: [] }] },
              {
                object: 'inline',
                type: 'annotation',
                data: {},
                nodes: [
                  { object: 'text', leaves: [{ object: 'leaf', text: 'annotated', marks: [] }] },
                ],
                fragments: [
                  {
                    object: 'fragment',
                    type: 'annotation-body',
                    nodes: [
                      {
                        object: 'block',
                        type: 'paragraph',
                        data: {},
                        nodes: [
                          { object: 'text', leaves: [{ object: 'leaf', text: 'Why.', marks: [] }] },
                        ],
                      },
                    ],
                  },
                ],
              },
              { object: 'text', leaves: [{ object: 'leaf', text: ' word.', marks: [] }] },
            ],
          },
        ],
      },
    });
    expect(markdown).toBe('An annotated[^1] word.\n\n[^1]: Why.\n');
  });
});
