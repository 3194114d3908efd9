import type { Html, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMdast } from './mdast-io.js';
import type { HtmlDetails } from './pair-details.js';

const kinds = (nodes: readonly RootContent[]) => nodes.map((node) => node.type);

describe('pairDetails', () => {
  it('pairs `<details>`, its sibling `<summary>` and `</details>` into one node holding the body', () => {
    const tree = parseMdast('<details open>\n\n<summary>T</summary>\n\nA\n\n* b\n\n</details>\n');
    expect(kinds(tree.children)).toEqual(['htmlDetails']);
    const details = tree.children[0] as HtmlDetails;
    expect(details.open).toBe(true);
    expect(details.summary).toBe('<summary>T</summary>');
    expect(details.head.map((node) => node.value)).toEqual([
      '<details open>',
      '<summary>T</summary>',
    ]);
    expect(details.tail.value).toBe('</details>');
    expect(kinds(details.children)).toEqual(['paragraph', 'list']);
    expect(details.position?.start.line).toBe(1);
    expect(details.position?.end.line).toBe(9);
  });

  it('pairs a head written as one HTML block (`<details>` and `<summary>` on adjacent lines)', () => {
    const tree = parseMdast('<details>\n<summary>T</summary>\n\nA\n\n</details>\n');
    const details = tree.children[0] as HtmlDetails;
    expect(details.type).toBe('htmlDetails');
    expect(details.open).toBe(false);
    expect(details.head).toHaveLength(1);
    expect(details.summary).toBe('<summary>T</summary>');
  });

  it('pairs nested expandables innermost first', () => {
    const tree = parseMdast(
      '<details>\n\n<summary>Out</summary>\n\n<details>\n\n<summary>In</summary>\n\nA\n\n</details>\n\n</details>\n',
    );
    const outer = tree.children[0] as HtmlDetails;
    expect(kinds(tree.children)).toEqual(['htmlDetails']);
    expect(kinds(outer.children)).toEqual(['htmlDetails']);
    expect((outer.children[0] as HtmlDetails).summary).toBe('<summary>In</summary>');
  });

  it('pairs inside list items and tag blocks', () => {
    const tree = parseMdast(
      '* a\n\n  <details>\n\n  <summary>T</summary>\n\n  </details>\n\n{% hint style="info" %}\n<details>\n\n<summary>T</summary>\n\nA\n\n</details>\n\nB\n{% endhint %}\n',
    );
    const [list, hint] = tree.children;
    const item = list?.type === 'list' ? list.children[0] : undefined;
    expect(item && kinds(item.children)).toEqual(['paragraph', 'htmlDetails']);
    expect(hint?.type === 'liquidBlock' && kinds(hint.children)).toEqual([
      'htmlDetails',
      'paragraph',
    ]);
  });

  it('leaves a head without end, and an end without head, as the HTML nodes they were', () => {
    const unclosed = parseMdast('<details>\n\n<summary>T</summary>\n\nA\n');
    expect(kinds(unclosed.children)).toEqual(['html', 'html', 'paragraph']);
    const stray = parseMdast('A\n\n</details>\n');
    expect(kinds(stray.children)).toEqual(['paragraph', 'html']);
    expect((stray.children[1] as Html).value).toBe('</details>');
  });

  it('does not pair `<details>` without a summary or with attributes other than `open`', () => {
    expect(kinds(parseMdast('<details>\n\nA\n\n</details>\n').children)).toEqual([
      'html',
      'paragraph',
      'html',
    ]);
    expect(
      kinds(parseMdast('<details class="x">\n\n<summary>T</summary>\n\n</details>\n').children),
    ).toEqual(['html', 'html', 'html']);
  });
});
