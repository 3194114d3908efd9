import type { Node, Nodes, Root } from 'mdast';

/**
 * How deep markdown may nest (mdast levels below the root: a quote, a list and its item, a tag
 * block, an emphasis… each count one) for docsync to model it. The reader, the writer and the
 * passes between them recurse once per level, so input nested thousands deep (50,000 `>`)
 * overflowed the stack. A top-level block nested deeper is kept verbatim, with a diagnostic.
 * The service refuses such content before it gets here (its `NESTING_LIMITS` are lower).
 */
export const MAX_MARKDOWN_DEPTH = 256;

/** A top-level block nested deeper than {@link MAX_MARKDOWN_DEPTH}, kept as its source. */
export interface TooDeep extends Node {
  type: 'tooDeep';
  /** How deep it nests, up to where counting stopped. */
  depth: number;
}

declare module 'mdast' {
  interface RootContentMap {
    tooDeep: TooDeep;
  }
  interface BlockContentMap {
    tooDeep: TooDeep;
  }
}

/** Whether `node` nests more than `limit` levels below itself, found without recursion. */
function nestsDeeper(node: Nodes, limit: number): boolean {
  const stack: [Nodes, number][] = [[node, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, depth] = next;
    if (depth > limit) return true;
    if ('children' in current)
      for (const child of current.children as Nodes[]) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Replaces each top-level block of `tree` that nests deeper than {@link MAX_MARKDOWN_DEPTH} with
 * a {@link TooDeep} node at its position, so that no pass after this one recurses deeper.
 */
export function pruneDeepBlocks(tree: Root): void {
  if (!nestsDeeper(tree, MAX_MARKDOWN_DEPTH)) return;
  tree.children = tree.children.map((child) =>
    nestsDeeper(child, MAX_MARKDOWN_DEPTH - 1)
      ? {
          type: 'tooDeep',
          depth: MAX_MARKDOWN_DEPTH,
          ...(child.position ? { position: child.position } : {}),
        }
      : child,
  );
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;

/**
 * `markdown` for the full parser: on a line that opens more than {@link MAX_MARKDOWN_DEPTH}
 * containers (`>` quotes, list markers), the marker past the limit becomes a letter, so the rest
 * of the line is text. micromark checks every open container again for each one a line opens
 * (50,000 `>` took 42 s); the block is kept verbatim from the unmasked source all the same,
 * since it nests past the limit. Offsets are unchanged: one character stands for one.
 */
export function maskDeepContainers(markdown: string): string {
  let masked: string[] | undefined;
  let lineStart = 0;
  while (lineStart < markdown.length) {
    const lineEnd = markdown.indexOf('\n', lineStart);
    const stop = lineEnd === -1 ? markdown.length : lineEnd;
    let depth = 0;
    let at = lineStart;
    while (at < stop) {
      const char = markdown[at];
      if (char === ' ' || char === '\t') {
        at += 1;
        continue;
      }
      const width =
        char === '>' ? 1 : (LIST_MARKER.exec(markdown.slice(at, at + 11))?.[0].length ?? 0);
      if (width === 0) break;
      depth += 1;
      if (depth > MAX_MARKDOWN_DEPTH) {
        masked ??= markdown.split('');
        masked[at] = 'x';
        break;
      }
      at += width;
    }
    if (lineEnd === -1) break;
    lineStart = lineEnd + 1;
  }
  return masked === undefined ? markdown : masked.join('');
}
