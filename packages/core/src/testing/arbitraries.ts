import * as fc from 'fast-check';
import type { Block, Code, Hint, ListItem, Paragraph } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { InlineContent } from '../model/inlines.js';
import type { Leaf, Mark } from '../model/text.js';
import { sameMarks, sortMarks } from '../markdown/inline-builder.js';

/**
 * fast-check arbitraries for documents in canonical form: the documents `parsePage` can produce
 * (adjacent leaves differ in marks, no empty leaves, a hard break never ends a paragraph…), so
 * that `parsePage(renderPage(d))` must give `d` back.
 */

/** Words with the characters markdown treats specially, so escaping is exercised. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,8}$/) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '*',
      '_',
      '[',
      ']',
      '#',
      '<',
      '>',
      '&',
      '`',
      '|',
      '\\',
      '{%',
      '%}',
      '$$',
      '~',
      '!',
      '-',
      '+',
      '1.',
      ':',
      '"',
      "'",
      '(',
      ')',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('é', '日本', '😀', '\u00a0', '&amp;', '&#x20;') },
);

/** Plain text: words separated by single spaces, no leading or trailing space. */
export const plainText = fc
  .array(word, { minLength: 1, maxLength: 6 })
  .map((words) => words.join(' '));

const markTypes = ['bold', 'italic', 'strikethrough', 'code'] as const;
const marks: fc.Arbitrary<Mark[]> = fc
  .subarray([...markTypes], { maxLength: 3 })
  .map((types) => sortMarks(types.map((type) => ({ object: 'mark' as const, type }))));

/** Leaves: merged when marks are equal, as the parser produces them. */
const leaves: fc.Arbitrary<Leaf[]> = fc
  .array(fc.record({ text: plainText, marks }), { minLength: 1, maxLength: 4 })
  .map((parts) => {
    const out: Leaf[] = [];
    for (const part of parts) {
      const last = out[out.length - 1];
      if (last && sameMarks(last.marks, part.marks)) last.text += ` ${part.text}`;
      else
        out.push({
          object: 'leaf',
          text: out.length === 0 ? part.text : ` ${part.text}`,
          marks: part.marks,
        });
    }
    return out;
  });

/** Inline content of a paragraph or heading. */
export const inlineContent: fc.Arbitrary<InlineContent[]> = leaves.map((ls) => [
  { object: 'text', leaves: ls },
]);

/** A paragraph. */
export const paragraph: fc.Arbitrary<Paragraph> = inlineContent.map((nodes) => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes,
}));

const heading: fc.Arbitrary<Block> = fc
  .record({ type: fc.constantFrom('heading-1', 'heading-2', 'heading-3'), text: plainText })
  .map(({ type, text }) => ({
    object: 'block',
    type: type as 'heading-1',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  }));

const code: fc.Arbitrary<Code> = fc
  .record({
    syntax: fc.option(fc.constantFrom('js', 'ruby', 'yaml', 'bash'), { nil: undefined }),
    title: fc.option(plainText, { nil: undefined }),
    overflow: fc.option(fc.constant('wrap' as const), { nil: undefined }),
    lineNumbers: fc.option(fc.boolean(), { nil: undefined }),
    lines: fc.array(fc.stringMatching(/^[ -~]{0,20}$/), { minLength: 1, maxLength: 4 }),
  })
  .map(({ syntax, title, overflow, lineNumbers, lines }) => ({
    object: 'block',
    type: 'code',
    data: {
      ...(syntax === undefined ? {} : { syntax }),
      ...(title === undefined ? {} : { title }),
      ...(overflow === undefined ? {} : { overflow }),
      ...(lineNumbers === undefined ? {} : { lineNumbers }),
    },
    nodes: lines.map((line) => ({
      object: 'block',
      type: 'code-line',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  }));

const divider: fc.Arbitrary<Block> = fc.constant({
  object: 'block',
  type: 'divider',
  isVoid: true,
  data: {},
});

const leafBlock: fc.Arbitrary<Block> = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: code },
  { weight: 1, arbitrary: divider },
);

function listOf(itemBlocks: fc.Arbitrary<Block[]>): fc.Arbitrary<Block> {
  return fc
    .record({
      type: fc.constantFrom('list-unordered', 'list-ordered', 'list-tasks'),
      items: fc.array(fc.record({ blocks: itemBlocks, checked: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
      }),
    })
    .map(({ type, items }) => ({
      object: 'block',
      type: type as 'list-unordered',
      data: {},
      nodes: items.map(({ blocks, checked }): ListItem => ({
        object: 'block',
        type: 'list-item',
        data: type === 'list-tasks' ? { checked } : {},
        nodes: blocks,
      })),
    }));
}

const itemBlocks = fc
  .tuple(paragraph, fc.array(code, { maxLength: 1 }))
  .map(([first, rest]) => [first as Block, ...rest]);
const list = listOf(itemBlocks);

const hint: fc.Arbitrary<Hint> = fc
  .record({
    style: fc.constantFrom('info', 'warning', 'danger', 'success'),
    nodes: fc.array(fc.oneof(paragraph, code, list), { minLength: 1, maxLength: 3 }),
  })
  .map(({ style, nodes }) => ({ object: 'block', type: 'hint', data: { style }, nodes }));

const tabs: fc.Arbitrary<Block> = fc
  .array(
    fc.record({
      title: plainText,
      nodes: fc.array(fc.oneof(paragraph, code), { minLength: 1, maxLength: 2 }),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((items) => ({
    object: 'block',
    type: 'tabs',
    data: {},
    nodes: items.map(({ title, nodes }) => ({
      object: 'block',
      type: 'tabs-item',
      data: { title },
      nodes,
    })),
  }));

const quote: fc.Arbitrary<Block> = fc
  .array(paragraph, { minLength: 1, maxLength: 2 })
  .map((nodes) => ({ object: 'block', type: 'blockquote', data: {}, nodes }));

/** A top-level block. */
export const topLevelBlock: fc.Arbitrary<Block> = fc.oneof(
  { weight: 6, arbitrary: leafBlock },
  { weight: 2, arbitrary: list },
  { weight: 1, arbitrary: hint },
  { weight: 1, arbitrary: tabs },
  { weight: 1, arbitrary: quote },
);

/** A document of up to six top-level blocks. */
export const document: fc.Arbitrary<JSONDocument> = fc
  .array(topLevelBlock, { minLength: 1, maxLength: 6 })
  .map((nodes) => ({ object: 'document', data: {}, nodes }));

/** Inline pieces of markdown: text, emphasis markers, links, inline HTML, escapes. */
const inlinePiece = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 4, arbitrary: fc.constantFrom(' ', '  ', '\t') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '**',
      '__',
      '_',
      '*',
      '~~',
      '`',
      '![',
      '](',
      ')',
      '[^1]',
      '<br>',
      '<mark style="color:red;">',
      '</mark>',
      '<kbd>',
      '</kbd>',
      '<sup>',
      '</sup>',
      '<img src="a.png" alt="x" data-size="line">',
      '<i class="fa-x">:x:</i>',
      '<code class="expression">space.vars.x</code>',
      '<a href="https://x.test" class="button primary">Go</a>',
      '{%',
      '%}',
      '\\{%',
      '%\\}',
      '$$',
      '$$x$$',
      '\\',
      '&#x20;',
      '&amp;',
      '&#x26;',
      '[a](b.md)',
      '[a](b.md "mention")',
      '<https://x.test>',
      'https://x.test',
      '\u200b',
      '\u00a0',
      '|',
    ),
  },
);

/** How a line may start: block markers, tags and HTML blocks GitBook writes (and breaks of them). */
const linePrefix = fc.constantFrom(
  '',
  '',
  '',
  '',
  '# ',
  '## ',
  '### ',
  '#### ',
  '##### ',
  '* ',
  '- ',
  '  * ',
  '1. ',
  '   1. ',
  '2) ',
  '> ',
  '>',
  '    ',
  '```',
  '```js',
  '~~~',
  '***',
  '---',
  '- [ ] ',
  '* [x] ',
  '$$',
  '[^1]: ',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '{% hint style="info" %}',
  '{% hint style="bad" %}',
  '{% endhint %}',
  '{% tabs %}',
  '{% tab title="T" %}',
  '{% endtab %}',
  '{% endtabs %}',
  '{% embed url="https://x.test/#/" %}',
  '{% endembed %}',
  '{% code title="a" %}',
  '{% endcode %}',
  '{% include "a.md" %}',
  '{% content-ref url="a.md" %}',
  '{% endcontent-ref %}',
  '{% stepper %}',
  '{% step %}',
  '{% endstep %}',
  '{% endstepper %}',
  '{% file src="a.pdf" %}',
  '{% endfile %}',
  '{% unknown %}',
  '{% page-ref page="a.md" %}',
  '<figure><img src="a.png" alt=""><figcaption></figcaption></figure>',
  '<details open>',
  '<details>',
  '<summary>S</summary>',
  '</details>',
  '<table><tr><td>x</td></tr></table>',
  '<div align="center">',
  '</div>',
  '---\ndescription: d\n---',
);

/** A line: an optional block prefix and inline pieces. */
const markdownLine = fc
  .tuple(linePrefix, fc.array(inlinePiece, { maxLength: 8 }))
  .map(([prefix, pieces]) => prefix + pieces.join(''));

/** Arbitrary markdown: GitBook and CommonMark lines, often broken, with LF or CRLF endings. */
export const markdownText: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(markdownLine, fc.constantFrom('\n', '\n', '\n\n', '\n\n\n\n', '\r\n')), {
      maxLength: 14,
    }),
    fc.boolean(),
  )
  .map(([lines, bom]) => (bom ? '\ufeff' : '') + lines.map(([line, end]) => line + end).join(''));
