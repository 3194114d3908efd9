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
  if (!lines.some((line, index) => index > 0 && tagLine.test(line))) return [node];
  const out: RootContent[] = [];
  const start = node.position?.start;
  let offset = start?.offset;
  let run:
    { lines: string[]; line: number; offset: number | undefined; column: number } | undefined;
  let afterTag = false;
  const flush = () => {
    if (!run) return;
    const value = run.lines.join('\n');
    if (afterTag) {
      // What follows a tag line is read afresh: it may be markdown, or another HTML block.
      const fragment = parseFragment(value);
      for (const child of fragment.children) shift(child, run.line - 1, run.offset ?? 0);
      out.push(...fragment.children);
      run = undefined;
      return;
    }
    const html: Html = { type: 'html', value };
    if (start && run.offset !== undefined) {
      const endLine = run.line + run.lines.length - 1;
      const lastLength = run.lines[run.lines.length - 1]?.length ?? 0;
      html.position = {
        start: { line: run.line, column: run.column, offset: run.offset },
        end: {
          line: endLine,
          column: (run.lines.length === 1 ? run.column : 1) + lastLength,
          offset: run.offset + value.length,
        },
      };
    }
    out.push(html);
    run = undefined;
  };
  lines.forEach((line, index) => {
    const lineNumber = (start?.line ?? 1) + index;
    const column = index === 0 ? (start?.column ?? 1) : 1;
    if (index > 0 && tagLine.test(line)) {
      flush();
      afterTag = true;
      for (const match of line.matchAll(oneTag)) {
        const raw = match[0];
        const tag: LiquidTag = { type: 'liquidTag', raw, tag: parseTag(raw) };
        if (offset !== undefined) {
          const begin = offset + match.index;
          tag.position = {
            start: { line: lineNumber, column: column + match.index, offset: begin },
            end: {
              line: lineNumber,
              column: column + match.index + raw.length,
              offset: begin + raw.length,
            },
          };
        }
        out.push(tag);
      }
    } else {
      run ??= { lines: [], line: lineNumber, offset, column };
      run.lines.push(line);
    }
    if (offset !== undefined) offset += line.length + 1;
  });
  flush();
  return out;
}
