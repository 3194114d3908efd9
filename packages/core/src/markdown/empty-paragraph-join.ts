import type { Nodes } from 'mdast';

declare module 'mdast' {
  interface Data {
    /**
     * Empty paragraphs before this node. They are written as extra blank lines (two per empty
     * paragraph) by a join rule, rather than as nodes, so that the nodes around them stay
     * adjacent (two lists separated by an empty paragraph still get different bullets).
     */
    emptyParagraphsBefore?: number;
  }
}

/**
 * Whether a list's first line holds nothing but markers (`1. *`, `* -`, `*`): its first item is
 * empty, is written with its marker alone on the line, or starts with such a list. A line like
 * that cannot interrupt a paragraph, so it must follow a blank line to read back as a list.
 */
function startsWithBareMarkers(node: Nodes): boolean {
  if (node.type !== 'list') return false;
  const item = node.children[0];
  const first = item?.children[0];
  return first === undefined || item?.data?.markerAlone === true || startsWithBareMarkers(first);
}

/**
 * A join rule: two more blank lines per empty paragraph before `right` (see
 * `emptyParagraphsBefore`), and a blank line between a paragraph and a list that starts with
 * bare markers.
 */
export function emptyParagraphJoin(left: Nodes, right: Nodes): number | undefined {
  const count = right.data?.emptyParagraphsBefore ?? 0;
  if (count > 0) return 1 + 2 * count;
  return left.type === 'paragraph' && startsWithBareMarkers(right) ? 1 : undefined;
}
