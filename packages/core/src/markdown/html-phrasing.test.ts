import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { htmlToPhrasing, phrasingToHtml, writtenTag } from './html-phrasing.js';

/** The children of `<p>…</p>` as hast, with the source they were parsed from. */
function paragraphOf(inner: string): { element: Element; source: string } {
  const source = `<p>${inner}</p>`;
  const [element] = fromHtml(source, { fragment: true }).children;
  return { element: element as Element, source };
}

function phrasing(inner: string) {
  const { element, source } = paragraphOf(inner);
  return htmlToPhrasing(element.children, source);
}

describe('writtenTag', () => {
  it('gives the start tag as written, attributes decoded and in order', () => {
    const source = '<img alt="a &#x26; b" src="x.png" data-size="line">';
    const [element] = fromHtml(source, { fragment: true }).children;
    const written = writtenTag(element as Element, source);
    expect(written?.raw).toBe(source);
    expect([...(written?.tag.attributes ?? [])]).toEqual([
      ['alt', 'a & b'],
      ['src', 'x.png'],
      ['data-size', 'line'],
    ]);
  });

  it('gives nothing for an element the HTML parser implied', () => {
    const source = '<table><tr><td>x</td></tr></table>';
    const [table] = fromHtml(source, { fragment: true }).children;
    const tbody = (table as Element).children[0] as Element;
    expect(tbody.tagName).toBe('tbody');
    expect(writtenTag(tbody, source)).toBeUndefined();
  });
});

describe('htmlToPhrasing', () => {
  it('turns strong, em, s, code, links and br into their mdast nodes', () => {
    expect(
      phrasing(
        '<strong>b</strong><em>i</em><s>s</s><code>c &#x3C; d</code><a href="p.md">l</a><br>',
      ),
    ).toEqual([
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'emphasis', children: [{ type: 'text', value: 'i' }] },
      { type: 'delete', children: [{ type: 'text', value: 's' }] },
      { type: 'inlineCode', value: 'c < d' },
      { type: 'link', url: 'p.md', children: [{ type: 'text', value: 'l' }] },
      { type: 'break' },
    ]);
  });

  it('keeps other elements as their start and end tags around their content', () => {
    expect(phrasing('<mark style="color:red;">x</mark><img src="a.png" alt="">')).toEqual([
      { type: 'html', value: '<mark style="color:red;">' },
      { type: 'text', value: 'x' },
      { type: 'html', value: '</mark>' },
      { type: 'html', value: '<img src="a.png" alt="">' },
    ]);
  });

  it('gives nothing for HTML holding a comment', () => {
    expect(phrasing('a <!-- b -->')).toBeUndefined();
  });
});

describe('phrasingToHtml', () => {
  it('writes marks as elements and escapes `&` and `<` as GitBook does', () => {
    expect(
      phrasingToHtml([
        { type: 'text', value: 'a & b < c > d "e" ' },
        {
          type: 'strong',
          children: [{ type: 'emphasis', children: [{ type: 'text', value: 'x' }] }],
        },
        { type: 'inlineCode', value: '<y>' },
        { type: 'break' },
        { type: 'link', url: 'a "b".md', children: [{ type: 'text', value: 'l' }] },
        { type: 'html', value: '<kbd>' },
      ]),
    ).toBe(
      'a &#x26; b &#x3C; c > d "e" <strong><em>x</em></strong><code>&#x3C;y></code><br><a href="a &#x22;b&#x22;.md">l</a><kbd>',
    );
  });

  it('writes back what htmlToPhrasing read', () => {
    const inner =
      '<strong>Add Config</strong> pane &#x26; <em>more</em><br><a href="x.md"><code>x</code></a> <kbd>K</kbd>';
    expect(phrasingToHtml(phrasing(inner) ?? [])).toBe(inner);
  });
});
