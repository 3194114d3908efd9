import type { Html, Nodes, Parent, RootContent } from 'mdast';
import { parseHtmlTag } from './html-tag.js';

/**
 * A `<details>` … `</details>` pair of sibling HTML blocks and the markdown between them:
 * GitBook's expandable block, whose parts CommonMark reads as separate flow nodes.
 */
export interface HtmlDetails extends Parent {
  type: 'htmlDetails';
  /** Whether the opening tag has the `open` attribute (expanded by default). */
  open: boolean;
  /** The `<summary>…</summary>` HTML as written. */
  summary: string;
  /** The HTML nodes before the body: `<details>` and `<summary>`, or one node holding both. */
  head: Html[];
  /** The `</details>` node. */
  tail: Html;
  /** The body: the flow nodes between the summary and `</details>`. */
  children: RootContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    htmlDetails: HtmlDetails;
  }
  interface BlockContentMap {
    htmlDetails: HtmlDetails;
  }
}

interface Head {
  nodes: Html[];
  open: boolean;
  summary: string;
}

interface Frame {
  head: Head | undefined;
  children: RootContent[];
}

const summaryPattern = /^<summary>[\s\S]*<\/summary>$/;

/** `open` of a `<details>` start tag with nothing but `open` on it; `undefined` for other HTML. */
function detailsOpen(value: string): boolean | undefined {
  const tag = parseHtmlTag(value);
  if (tag?.name !== 'details' || tag.closing || tag.selfClosing) return undefined;
  if (tag.attributes.size === 0) return false;
  return tag.attributes.size === 1 && tag.attributes.get('open') === '' ? true : undefined;
}

/**
 * The expandable head starting at `children[index]`: `<details>` followed by a sibling
 * `<summary>…</summary>` (the exporter form), or both in one HTML node (hand-written
 * `<details>\n<summary>…</summary>`).
 */
function headAt(children: readonly RootContent[], index: number): Head | undefined {
  const node = children[index];
  if (node?.type !== 'html') return undefined;
  const value = node.value.trim();
  const combined = /^(<details\b[^>]*>)\s*(<summary>[\s\S]*<\/summary>)$/.exec(value);
  if (combined) {
    const open = detailsOpen(combined[1] ?? '');
    return open === undefined ? undefined : { nodes: [node], open, summary: combined[2] ?? '' };
  }
  const open = detailsOpen(value);
  const next = children[index + 1];
  if (open === undefined || next?.type !== 'html' || !summaryPattern.test(next.value.trim()))
    return undefined;
  return { nodes: [node, next], open, summary: next.value.trim() };
}

function isDetailsClose(node: RootContent): node is Html {
  return node.type === 'html' && /^<\/details\s*>$/.test(node.value.trim());
}

/**
 * Pairs GitBook's expandable blocks: a `<details>` head (with its `<summary>`) followed among its
 * siblings by a matching `</details>` becomes an `htmlDetails` node holding the nodes between.
 * Heads without an end and stray ends stay as they are (kept verbatim later). Runs bottom-up over
 * the whole tree, in place, after tags are paired (so a `{% hint %}` body pairs on its own).
 */
export function pairDetails(tree: Nodes): void {
  if (!('children' in tree)) return;
  for (const child of tree.children) pairDetails(child);
  if (!tree.children.some((child) => child.type === 'html')) return;
  (tree as Parent).children = pairChildren(tree.children as RootContent[]);
}

function pairChildren(children: readonly RootContent[]): RootContent[] {
  const stack: Frame[] = [{ head: undefined, children: [] }];
  const top = (): Frame => stack[stack.length - 1] as Frame;

  for (let index = 0; index < children.length; index++) {
    const child = children[index] as RootContent;
    const head = headAt(children, index);
    if (head) {
      stack.push({ head, children: [] });
      index += head.nodes.length - 1;
      continue;
    }
    if (isDetailsClose(child) && stack.length > 1) {
      const frame = stack.pop() as Frame & { head: Head };
      const details: HtmlDetails = {
        type: 'htmlDetails',
        open: frame.head.open,
        summary: frame.head.summary,
        head: frame.head.nodes,
        tail: child,
        children: frame.children,
      };
      const start = frame.head.nodes[0]?.position?.start;
      const end = child.position?.end;
      if (start && end) details.position = { start, end };
      top().children.push(details);
      continue;
    }
    top().children.push(child);
  }
  while (stack.length > 1) {
    const frame = stack.pop() as Frame & { head: Head };
    top().children.push(...frame.head.nodes, ...frame.children);
  }
  return top().children;
}
