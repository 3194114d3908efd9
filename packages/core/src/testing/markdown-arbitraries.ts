import * as fc from 'fast-check';

/**
 * fast-check arbitraries for markdown as exporters and people write it, built block by block,
 * with the near misses that decide between constructs (unclosed code spans, `*` runs of every
 * length, brackets that open nothing, tags in text, setext-like lines…). They drive the
 * differential test of the fast path against the full parser, so most of what they produce is
 * inside the fast path and the rest sits just outside it.
 */

/** Inline pieces: words, spaces, marks, links, references, escapes, tags, autolink look-alikes. */
const inlinePiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'word', 'x1', 'é', '日本', '😀', 'Foo', 'of') },
  { weight: 5, arbitrary: fc.constantFrom(' ', ' ', ' ', '  ') },
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      '*',
      '**',
      '***',
      '_',
      '__',
      '~',
      '~~',
      '`',
      '``',
      '[',
      ']',
      '](',
      ')',
      '(',
      '![',
      '!',
      '(x.md)',
      '(<a b.md>)',
      '(x "t")',
      "(x 't')",
      '(x (t))',
      '( x )',
      '()',
      '(<>)',
      '(a(b)c)',
      '("t")',
      '(x"t")',
      '(x\\)y)',
      '(x "a\\"b")',
      '(x&amp;y)',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '[a](b)',
      '![a](b.png)',
      '![a *b*](c "d")',
      '[a **b**](c)',
      '[a `b`](c)',
      '[`a`](b)',
      '[a](../b/c.md#d)',
      '[a [b] c](d)',
      '**a**',
      '_a_',
      '*a*',
      '~~a~~',
      '`a`',
      '`` a`b ``',
      '` `',
      '**_a_**',
      '_**a**_',
      '*a **b** c*',
      'a_b_c',
      'a*b*c',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\\*',
      '\\_',
      '\\[',
      '\\`',
      '\\\\',
      '\\a',
      '\\~',
      '\\',
      '&amp;',
      '&#x20;',
      '&#32;',
      '&#0;',
      '&bogus;',
      '&copy;',
      '&',
      '&;',
      '&#x110000;',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '<b>',
      '</b>',
      '<a href="x">',
      "<span class='x' data-a=b>",
      '<img/>',
      '<x y=z/>',
      '<3',
      '< b>',
      '<a b=c=d>',
      '<a b="c"d>',
      '</a >',
      '<br >',
      '<mark style="color:red;">',
      '</mark>',
      '<a\u00a0b>',
      '<a href="https://x.test">',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '.',
      ',',
      '"',
      "'",
      '#',
      '-',
      '+',
      '=',
      '1',
      '—',
      '“',
      '\u00a0',
      '\u3000',
      '\u200b',
      '\f',
      '\v',
      '\u2028',
      '\ufeff',
      '{%',
      '%}',
      '{% x %}',
      '$',
      ':',
      '{',
      '}',
      '%',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'https://a.b',
      'www.x.co',
      'a@b.co',
      '[https://a.b](https://a.b)',
      '[*www.x*](y)',
      '![www.x](y)',
      '[a](www.x)',
      '$$',
      '[^1]',
      '|',
      '<https://a.b>',
    ),
  },
);

/** One line of inline content, without trailing spaces (those are hard breaks or dropped). */
export const inlineLine: fc.Arbitrary<string> = fc
  .array(inlinePiece, { minLength: 1, maxLength: 8 })
  .map((pieces) => pieces.join('').trim())
  .filter((line) => line !== '');

/** What a paragraph line may start with besides text: near misses of other constructs. */
const lineLead = fc.constantFrom(
  '',
  '',
  '',
  '',
  '',
  '',
  '#',
  '1.',
  '2)',
  '-',
  '+',
  '=',
  '{',
  '<x>',
);

const paragraph = fc
  .array(fc.tuple(lineLead, inlineLine), { minLength: 1, maxLength: 3 })
  .map((lines) => lines.map(([lead, line]) => lead + line));

const heading = fc
  .tuple(fc.integer({ min: 1, max: 7 }), fc.constantFrom(' ', ' ', '  '), inlineLine)
  .map(([depth, space, line]) => [`${'#'.repeat(depth)}${space}${line}`]);

const fencedCode = fc
  .tuple(
    fc.constantFrom('```', '```', '~~~', '````'),
    fc.constantFrom('', 'js', 'js title="a b"', 'yaml', 'c#', 'a`b'),
    fc.array(
      fc.constantFrom('const a = 1;', '', '  indented', '```', '~~~', '# not a heading', '* x'),
      {
        maxLength: 4,
      },
    ),
  )
  .map(([fence, info, lines]) => [`${fence}${info}`, ...lines, fence]);

const tagLine = fc
  .constantFrom(
    '{% hint style="info" %}',
    '{% endhint %}',
    '{% tabs %}',
    '{% tab title="A" %}',
    '{% endtab %}',
    '{% endtabs %}',
    '{% embed url="https://x.test" %}',
    '{% content-ref url="a.md" %}',
    '{% endcontent-ref %}',
    '{% step %}',
    '{% endstep %}',
    '{% a %}{% b %}',
    '{% a %} {% b %}',
    '{% x "%}" %}',
    '{% x "\\"" %}',
    '{% unclosed',
    '{% a %} text',
  )
  .map((line) => [line]);

const htmlBlock = fc
  .constantFrom(
    ['<figure><img src="a.png" alt=""><figcaption><p>x</p></figcaption></figure>'],
    ['<div align="center">', '<img src="a">', '</div>'],
    ['<details>', '<summary>S</summary>', '', 'text', '', '</details>'],
    ['<img src="x">'],
    ['<mark>x</mark> text'],
    ['<table><tr><td>x</td></tr></table>'],
    ['<p align="center">', '{% hint style="info" %}'],
    ['</div>'],
    ['<span>', 'x'],
  )
  .map((lines) => [...lines]);

const thematicBreak = fc.constantFrom('***', '---', '___', '* * *').map((line) => [line]);

/** A block as lines; lists nest up to `depth` levels. */
function block(depth: number): fc.Arbitrary<string[]> {
  const leaves: fc.Arbitrary<string[]>[] = [
    paragraph,
    paragraph,
    paragraph,
    heading,
    fencedCode,
    tagLine,
    htmlBlock,
    thematicBreak,
  ];
  return depth > 0 ? fc.oneof(...leaves, list(depth - 1), list(depth - 1)) : fc.oneof(...leaves);
}

/** Blocks joined by one line ending or by blank lines. */
function blocks(depth: number, maxLength: number): fc.Arbitrary<string[]> {
  return fc
    .array(fc.tuple(block(depth), fc.constantFrom(0, 1, 1, 1, 2)), { minLength: 1, maxLength })
    .map((parts) =>
      parts.flatMap(([lines, blank], index) =>
        index === 0 ? lines : [...Array<string>(blank).fill(''), ...lines],
      ),
    );
}

function list(depth: number): fc.Arbitrary<string[]> {
  return fc
    .tuple(
      fc.constantFrom('*', '-', '+', '1.', '1)', '3.'),
      fc.constantFrom(1, 1, 1, 2, 4),
      fc.array(fc.tuple(blocks(depth, 3), fc.constantFrom(0, 0, 1)), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([marker, spaces, items]) => {
      const ordered = /\d/.test(marker);
      return items.flatMap(([content, blank], index) => {
        const bullet = ordered
          ? `${Number.parseInt(marker, 10) + index}${marker.slice(-1)}`
          : marker;
        const prefix = `${bullet}${' '.repeat(spaces)}`;
        const indent = ' '.repeat(prefix.length);
        const lines = content.map((line, at) =>
          at === 0 ? prefix + line : line === '' ? '' : indent + line,
        );
        return index === 0 ? lines : [...Array<string>(blank).fill(''), ...lines];
      });
    });
}

/** A page body: blocks, lists nested up to three deep, ending with a line ending or not. */
export const pageMarkdown: fc.Arbitrary<string> = fc
  .tuple(blocks(3, 8), fc.constantFrom('\n', '\n', '', '\n\n'))
  .map(([lines, end]) => lines.join('\n') + end);
