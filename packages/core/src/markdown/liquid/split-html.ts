import type { Html, Nodes, Root, RootContent } from 'mdast';
import type { LiquidTag } from './mdast.js';
import { parseTag } from './tag.js';

/** A line that holds only tags (`{% endtab %}`, `{% endcolumn %}{% column %}`). */
const tagLine = /^[ \t]*(?:\{%(?:[^"%\n]|"(?:[^"\\\n]|\\.)*"|%(?!\}))*%\}[ \t]*)+$/;
const oneTag = /\{%(?:[^"%\n]|"(?:[^"\\\n]|\\.)*"|%(?!\}))*%\}/g;

/** Parents whose children are flow content (where an HTML block can swallow a tag line). */
const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Parses markdown that follows a tag line (the rest of what the HTML block swallowed). */
export type ParseFragment = (markdown: string) => Root;

/**
 * An HTML block runs until a blank line in CommonMark, so GitBook's `</figure>` followed by
 * `{% endhint %}` on the next line reads as one HTML block. This splits tag lines out of flow
 * HTML nodes, and parses what follows a tag line afresh (a tag line ends the HTML block, as it
 * would have had it been markdown's own), keeping positions.
 */
export function splitTagLinesOutOfHtml(tree: Nodes, parseFragment: ParseFragment): void {
  if (!('children' in tree)) return;
  for (const child of tree.children) splitTagLinesOutOfHtml(child, parseFragment);
  if (!flowParents.has(tree.type)) return;
  const children = tree.children as RootContent[];
  if (!children.some((child) => child.type === 'html' && child.value.includes('{%'))) return;
  (tree as { children: RootContent[] }).children = children.flatMap((child) =>
    child.type === 'html' && child.value.includes('{%') ? split(child, parseFragment) : [child],
  );
}

/** Moves every position in a tree parsed on its own to where its text sits in the file. */
function shift(node: Nodes, lines: number, offset: number): void {
  if (node.position) {
    const { start, end } = node.position;
    node.position = {
      start: {
        line: start.line + lines,
        column: start.column,
        offset: (start.offset ?? 0) + offset,
      },
      end: { line: end.line + lines, column: end.column, offset: (end.offset ?? 0) + offset },
    };
  }
  if ('children' in node) for (const child of node.children) shift(child, lines, offset);
}

function split(node: Html, parseFragment: ParseFragment): RootContent[] {
  const lines = node.value.split('\n');
  const at = lines.findIndex((line, index) => index > 0 && tagLine.test(line));
  if (at === -1) return [node];
  const start = node.position?.start;
  const before = lines.slice(0, at).join('\n');
  const html: Html = { type: 'html', value: before };
  if (start?.offset !== undefined) {
    html.position = {
      start,
      end: {
        line: start.line + at - 1,
        column: (at === 1 ? start.column : 1) + (lines[at - 1]?.length ?? 0),
        offset: start.offset + before.length,
      },
    };
  }
  const out: RootContent[] = [html];
  const lineNumber = (start?.line ?? 1) + at;
  const tagOffset = start?.offset === undefined ? undefined : start.offset + before.length + 1;
  const line = lines[at] ?? '';
  for (const match of line.matchAll(oneTag)) {
    const raw = match[0];
    const tag: LiquidTag = { type: 'liquidTag', raw, tag: parseTag(raw) };
    if (tagOffset !== undefined) {
      const begin = tagOffset + match.index;
      tag.position = {
        start: { line: lineNumber, column: 1 + match.index, offset: begin },
        end: { line: lineNumber, column: 1 + match.index + raw.length, offset: begin + raw.length },
      };
    }
    out.push(tag);
  }
  // Everything after the tag line is read afresh as one piece, as the next read of the written
  // page will read it: markdown (a fence there may run over later tag lines), or another HTML
  // block, whose own tag lines are split out the same way.
  const rest = lines.slice(at + 1).join('\n');
  if (rest !== '') {
    const fragment = parseFragment(rest);
    const restOffset = tagOffset === undefined ? 0 : tagOffset + line.length + 1;
    for (const child of fragment.children) shift(child, lineNumber, restOffset);
    out.push(...fragment.children);
  }
  return out;
}
