import { describe, expect, it } from 'vitest';
import type { Block } from '../model/blocks.js';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const types = (blocks: Block[]) => blocks.map((block) => block.type);

describe('parsePage', () => {
  it('takes the title from the first H1 and the options from front matter', () => {
    const page = parsePage(
      '---\ndescription: About it\nicon: book\nhidden: true\n---\n\n# Hello\n\nText.\n',
    );
    expect(page.metadata).toEqual({
      title: 'Hello',
      description: 'About it',
      icon: 'book',
      hidden: true,
    });
    expect(types(page.document.nodes)).toEqual(['paragraph']);
    expect(page.diagnostics).toEqual([]);
  });

  it('reads a page without an H1 and writes it back without one', () => {
    const markdown = 'Just text.\n\n## A section\n';
    const page = parsePage(markdown);
    expect(page.metadata.title).toBeUndefined();
    expect(types(page.document.nodes)).toEqual(['paragraph', 'heading-1']);
    expect(renderPage(page)).toBe(markdown);
  });

  it('accepts CRLF line endings and a byte order mark', () => {
    const unix = '---\ndescription: d\n---\n\n# Title\n\n* a\n* b\n';
    const windows = '\ufeff' + unix.replace(/\n/g, '\r\n');
    expect(parsePage(windows)).toEqual(parsePage(unix));
    expect(roundTrip(windows)).toBe(unix);
  });

  it('keeps zero-width characters where they are', () => {
    const markdown = '# Code\n\n```js\n\u200cimport x from "y";\n```\n\nA\u200bB\u00a0C\n';
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes hand-written `-` bullets and 4-space nesting in the exporter form', () => {
    const page = parsePage('# T\n\n- one\n    - nested\n- two\n');
    expect(types(page.document.nodes)).toEqual(['list-unordered']);
    expect(renderPage(page)).toBe('# T\n\n* one\n  * nested\n* two\n');
  });

  it('keeps %20 paths and angle-bracket paths as written targets', () => {
    const page = parsePage('[a](my%20page.md) and [b](<my page.md>)\n');
    const [paragraph] = page.document.nodes;
    expect(paragraph?.type).toBe('paragraph');
    const links =
      paragraph?.type === 'paragraph'
        ? paragraph.nodes.filter((node) => node.object === 'inline')
        : [];
    expect(
      links.map((link) =>
        link.type === 'link' && link.data.ref.kind === 'url' ? link.data.ref.url : '',
      ),
    ).toEqual(['my%20page.md', 'my page.md']);
    expect(roundTrip('[b](<my page.md>)\n')).toBe('[b](<my page.md>)\n');
  });

  it('turns extra blank lines into empty paragraphs, as the exporter writes them', () => {
    const markdown = 'a\n\n\n\nb\n\n';
    const page = parsePage(markdown);
    expect(types(page.document.nodes)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
    expect(renderPage(page)).toBe(markdown);
  });

  it('reads `\\{% … %\\}` as text and writes it escaped again', () => {
    const markdown = 'Type \\{% hint %\\} to make a hint.\n';
    const [paragraph] = parsePage(markdown).document.nodes;
    expect(
      paragraph?.type === 'paragraph' && paragraph.nodes[0]?.object === 'text'
        ? paragraph.nodes[0].leaves[0]?.text
        : undefined,
    ).toBe('Type {% hint %} to make a hint.');
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('diagnostics', () => {
  it('keeps an unknown tag verbatim and reports its line and column', () => {
    const markdown =
      '---\ndescription: d\n---\n\n# T\n\n{% frobnicate x="1" %}\nbody\n{% endfrobnicate %}\n';
    const page = parsePage(markdown);
    expect(page.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'unknown-tag', severity: 'warning', line: 7, column: 1 }),
    ]);
    expect(types(page.document.nodes)).toEqual(['markdown']);
    expect(renderPage(page)).toBe(markdown);
  });

  it('reads what follows a tag line inside an HTML block as the written page will be read', () => {
    // `</details>` opens an HTML block that runs over the tag lines; the fence after the first tag
    // line then runs over `{% endcontent-ref %}`, as it does once the page is written and re-read.
    const markdown = '</details>\n{% content-ref url="a.md" %}\n```\n{% endcontent-ref %}\n';
    const once = roundTrip(markdown);
    expect(once).toBe(
      '</details>\n\n{% content-ref url="a.md" %}\n\n```\n{% endcontent-ref %}\n```\n',
    );
    expect(roundTrip(once)).toBe(once);
    const hint = '<div>\n{% hint style="info" %}\nhello\n</div>\n{% endhint %}\n';
    expect(roundTrip(roundTrip(hint))).toBe(roundTrip(hint));
  });

  it('keeps an end tag without an opening tag verbatim', () => {
    const markdown = 'Text\n\n{% endhint %}\n';
    const page = parsePage(markdown);
    expect(page.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['unpaired-tag', 3]]);
    expect(renderPage(page)).toBe(markdown);
  });

  it('keeps a hint whose style is unknown verbatim, with its content', () => {
    const markdown = '{% hint style="fancy" %}\nInside\n{% endhint %}\n';
    const page = parsePage(markdown);
    expect(page.diagnostics.map((d) => d.ruleId)).toEqual(['unsupported-tag-form']);
    expect(renderPage(page)).toBe(markdown);
  });

  it('keeps invalid front matter verbatim and reports it as an error', () => {
    const markdown = '---\ndescription: [unclosed\n---\n\n# T\n';
    const page = parsePage(markdown);
    expect(page.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'front-matter-yaml', severity: 'error' }),
    ]);
    expect(renderPage(page)).toBe(markdown);
  });

  it('keeps unknown front matter keys and reports them', () => {
    const markdown = '---\ndescription: d\nslug: custom\n---\n\n# T\n';
    const page = parsePage(markdown);
    expect(page.metadata.extraFrontMatter).toEqual({ slug: 'custom' });
    expect(page.diagnostics.map((d) => d.ruleId)).toEqual(['front-matter-key']);
    expect(renderPage(page)).toBe(markdown);
  });

  it('keeps a level-5 heading verbatim', () => {
    const page = parsePage('# T\n\n##### Deep\n');
    expect(page.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['heading-level', 3]]);
    expect(renderPage(page)).toBe('# T\n\n##### Deep\n');
  });

  it('keeps a styled span holding raw HTML verbatim, mark and all', () => {
    // The italic cannot sit on raw HTML; dropping it would also re-pair `<kbd></kbd>` next time.
    const page = parsePage('_<kbd>_</kbd> and ~~a <span>b</span>~~\n');
    expect(page.document.nodes[0]).toMatchObject({
      nodes: [{ data: { html: '_<kbd>_' } }, { data: { html: '</kbd>' } }, {}, {}],
    });
    expect(page.diagnostics.map((d) => d.ruleId)).toEqual(['raw-html', 'raw-html', 'raw-html']);
    expect(renderPage(page)).toBe('_<kbd>_</kbd> and ~~a <span>b</span>~~\n');
  });

  it('escapes a `$` written right after inline math, so the math does not grow', () => {
    const page = parsePage('Sum $$x$$\\$$ more\n');
    expect(page.document.nodes[0]).toMatchObject({
      nodes: [
        {},
        { type: 'inline-math', data: { formula: 'x' } },
        { leaves: [{ text: '$$ more' }] },
      ],
    });
    expect(renderPage(page)).toBe('Sum $$x$$\\$$ more\n');
  });

  it('reads `[text][id]` and `![alt][id]` as the links their definitions give, losing neither', () => {
    const markdown =
      'See [the docs][d] and ![logo][l].\n\n[d]: https://x.test "Docs"\n[l]: a.png\n\n[unused]: https://y.test\n';
    const page = parsePage(markdown);
    expect(page.document.nodes[0]).toMatchObject({
      nodes: [
        {},
        { type: 'link', data: { ref: { url: 'https://x.test' }, title: 'Docs' } },
        {},
        { type: 'inline-image', data: { ref: { url: 'a.png' }, alt: 'logo' } },
        {},
      ],
    });
    expect(page.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['link-definition', 6]]);
    const written = renderPage(page);
    expect(written).toBe(
      'See [the docs](https://x.test "Docs") and ![logo](a.png).\n\n[unused]: https://y.test\n',
    );
    expect(renderPage(parsePage(written))).toBe(written);
  });

  it('keeps a style around an icon or inline math, which cannot carry marks, as written', () => {
    const markdown =
      'A <mark style="color:red;"><i class="fa-house">:house:</i></mark> and **$$x$$** here.\n';
    const page = parsePage(markdown);
    const inlines = (page.document.nodes[0] as { nodes: { type?: string }[] }).nodes;
    expect(inlines.map((inline) => inline.type)).toEqual([
      undefined,
      'html',
      'icon',
      'html',
      undefined,
      'html',
      undefined,
    ]);
    expect(renderPage(page)).toBe(markdown);
  });

  it('reads a line ending inside a code span as a space, not a hard break', () => {
    const page = parsePage('a `b\nc` d\n');
    expect(page.document.nodes[0]).toMatchObject({
      nodes: [
        { leaves: [{ text: 'a ' }, { text: 'b c', marks: [{ type: 'code' }] }, { text: ' d' }] },
      ],
    });
    expect(renderPage(page)).toBe('a `b c` d\n');
  });

  it('keeps a blank line before a nested list whose first line is only markers', () => {
    // `1. *` cannot interrupt the paragraph `a`: without the blank line it reads back as text.
    const markdown = '* a\n\n  1. *\n  * b\n';
    const page = parsePage(markdown);
    expect(page.document.nodes).toMatchObject([
      {
        type: 'list-unordered',
        nodes: [
          {
            nodes: [
              { type: 'paragraph' },
              { type: 'list-ordered', nodes: [{ nodes: [{ type: 'list-unordered' }] }] },
              { type: 'list-unordered' },
            ],
          },
        ],
      },
    ]);
    expect(renderPage(page)).toBe(markdown);
    expect(renderPage(parsePage(renderPage(page)))).toBe(markdown);
  });
});
