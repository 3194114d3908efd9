import type { List as MdastList, ListItem as MdastListItem, Nodes, RootContent } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import type {
  Block,
  ListItem,
  ListOrdered,
  ListTasks,
  ListUnordered,
  Paragraph,
} from '../../model/blocks.js';
import { breakWithLineEnding } from './paragraph.js';
import { contentEndLine, emptyParagraphs, type ParseContext } from '../parse-context.js';
import type { RenderContext } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

type List = ListOrdered | ListUnordered | ListTasks;

/** A marker alone on its line: the item's content starts on the next (see `markerAlone`). */
const markerAlone = /^(?:[*+-]|\d{1,9}[.)])[ \t]*\n/;

function item(node: MdastListItem, tasks: boolean, context: ParseContext): ListItem {
  const alone = node.children.length > 0 && markerAlone.test(context.sourceOf(node));
  return {
    object: 'block',
    type: 'list-item',
    data: {
      ...(tasks ? { checked: node.checked === true } : {}),
      ...(alone ? { markerAlone: true as const } : {}),
    },
    nodes: context.blocks(node.children),
  };
}

/**
 * An item is written spread (blank lines between its blocks, continuation indented to the tab
 * stop: `3.  text`) when it holds more than its first paragraph and nested lists.
 */
function isSpread(listItem: ListItem): boolean {
  return listItem.nodes.slice(1).some((child: Block) => !child.type.startsWith('list-'));
}

declare module 'mdast' {
  interface ListData {
    /** Spread items written with one space after the marker (see the list block's `oneSpace`). */
    oneSpace?: boolean;
  }
  interface ListItemData {
    /** The marker written alone on its line (see the list item block's `markerAlone`). */
    markerAlone?: boolean;
  }
}

/**
 * Whether a list's spread items were all written with one space after the marker where the
 * exporter's tab stop would put more (`* text`, not `*   text`), each followed by a blank line
 * and each other item not.
 */
function writtenOneSpace(node: MdastList, items: ListItem[], context: ParseContext): boolean {
  let differs = false;
  for (const [index, listItem] of items.entries()) {
    const written = node.children[index] as MdastListItem;
    const next = node.children[index + 1]?.position?.start.line;
    const end = contentEndLine(written);
    const apart = next !== undefined && end !== undefined && next - end > 1;
    if (!isSpread(listItem)) {
      if (apart) return false;
      continue;
    }
    if (next !== undefined && !apart) return false;
    const marker = /^(?:[*+-]|\d{1,9}[.)])( +)(?=\S)/.exec(context.sourceOf(written).slice(0, 16));
    if (marker?.[1] !== ' ') return false;
    if (marker[0].length % 4 !== 0) differs = true;
  }
  return differs;
}

function renderList(block: List, context: RenderContext): RootContent[] {
  const list: MdastList = {
    type: 'list',
    ordered: block.type === 'list-ordered',
    spread: false,
    children: block.nodes.map((listItem) => ({
      type: 'listItem',
      spread: isSpread(listItem),
      checked: block.type === 'list-tasks' ? listItem.data.checked === true : null,
      children: context.blocks(listItem.nodes) as MdastListItem['children'],
      ...(listItem.data.markerAlone === true && { data: { markerAlone: true } }),
    })),
  };
  if (block.type === 'list-ordered') list.start = block.data.start ?? 1;
  if (block.type !== 'list-tasks' && block.data.oneSpace === true) list.data = { oneSpace: true };
  return [list];
}

/**
 * One list read from consecutive items of a markdown list: the whole list, or the run of its
 * items after extra blank lines (see {@link splitAtEmptyParagraphs}).
 */
function readList(node: MdastList, context: ParseContext): List {
  const tasks = node.children.some((child) => typeof child.checked === 'boolean');
  const nodes = node.children.map((child) => item(child, tasks, context));
  if (tasks) return { object: 'block', type: 'list-tasks', data: {}, nodes } satisfies ListTasks;
  const spaced = writtenOneSpace(node, nodes, context);
  breaksBeforeItems(node, nodes, spaced, context);
  const oneSpace = spaced ? { oneSpace: true as const } : {};
  if (node.ordered) {
    const start = node.start ?? 1;
    return {
      object: 'block',
      type: 'list-ordered',
      data: { ...(start === 1 ? {} : { start }), ...oneSpace },
      nodes,
    } satisfies ListOrdered;
  }
  return { object: 'block', type: 'list-unordered', data: oneSpace, nodes } satisfies ListUnordered;
}

/**
 * Hard breaks ending an item's last paragraph with one blank line before the next item: the
 * break was written with its line ending (`text\`, a blank line, `2. next`), as the exporter
 * writes items with nothing between them (unless spread in a `oneSpace` list, see
 * {@link spreadItemApart}); kept so.
 */
function breaksBeforeItems(
  node: MdastList,
  items: readonly ListItem[],
  oneSpace: boolean,
  context: ParseContext,
): void {
  items.forEach((listItem, index) => {
    const child = node.children[index];
    const end = child && contentEndLine(child);
    const next = node.children[index + 1]?.position?.start.line;
    if (end === undefined || next !== end + 2 || (oneSpace && isSpread(listItem))) return;
    const last = lastParagraph(listItem);
    if (last !== undefined && breakWithLineEnding(last)) context.keptWrittenText = true;
  });
}

/** The paragraph an item ends with, in its last nested item if it ends with a list. */
function lastParagraph(listItem: ListItem): Paragraph | undefined {
  const last = listItem.nodes[listItem.nodes.length - 1];
  if (last?.type === 'paragraph') return last;
  if (
    last?.type === 'list-ordered' ||
    last?.type === 'list-unordered' ||
    last?.type === 'list-tasks'
  ) {
    const item = last.nodes[last.nodes.length - 1];
    return item && lastParagraph(item);
  }
  return undefined;
}

/**
 * A markdown list cut where extra blank lines stand between two items: GitBook's exporter
 * writes an empty paragraph between two lists as two more blank lines (three in all), and
 * CommonMark reads the items on both sides as one list; so three or more blank lines between
 * items are lists apart with empty paragraphs between them (as between any blocks), each
 * ordered one numbered from its first item as written (`26.`, then `2.`).
 */
function splitAtEmptyParagraphs(node: MdastList, context: ParseContext): Block[] {
  const out: Block[] = [];
  let from = 0;
  const flush = (to: number) => {
    const children = node.children.slice(from, to);
    const first = children[0];
    const written =
      node.ordered && from > 0 && first ? /^\d{1,9}/.exec(context.sourceOf(first)) : null;
    out.push(
      readList({ ...node, children, ...(written ? { start: Number(written[0]) } : {}) }, context),
    );
    from = to;
  };
  node.children.forEach((child, index) => {
    const end = contentEndLine(child);
    const next = node.children[index + 1]?.position?.start.line;
    if (end === undefined || next === undefined) return;
    const empty = Math.floor((next - end - 2) / 2);
    if (empty < 1) return;
    flush(index + 1);
    out.push(...emptyParagraphs(empty));
  });
  flush(node.children.length);
  return out;
}

/** Ordered, unordered and task lists. */
export const list: ConstructHandlers = {
  mdast: {
    list: (node: MdastList, context) => splitAtEmptyParagraphs(node, context),
  },
  blocks: {
    'list-ordered': renderList,
    'list-unordered': renderList,
    'list-tasks': renderList,
  },
};

/**
 * The list item handler, with one space after the marker where the list was read so (see
 * {@link spreadItemApart} for the blank line after), and the marker alone on its line where the
 * item was read so.
 */
export const listItem: Handle = (node: MdastListItem, parent, state, info) => {
  const written = writeItem(node, parent, state, info);
  if (node.data?.markerAlone !== true || node.children.length === 0) return written;
  // `*   text…` → `*` and `    text…` on the next line, at the same indentation.
  const prefix = /^\S+ +/.exec(written)?.[0];
  if (prefix === undefined) return written;
  return `${prefix.trimEnd()}\n${' '.repeat(prefix.length)}${written.slice(prefix.length)}`;
};

const writeItem: Handle = (node: MdastListItem, parent, state, info) => {
  if (parent?.type !== 'list' || parent.data?.oneSpace !== true)
    return defaultHandlers.listItem(node, parent, state, info);
  const indent = state.options.listItemIndent;
  state.options.listItemIndent = 'one';
  try {
    return defaultHandlers.listItem(node, parent, state, info);
  } finally {
    state.options.listItemIndent = indent;
  }
};

/**
 * The list handler, with the list's own bullet after empty paragraphs: they keep it apart from a
 * list before it (see {@link splitAtEmptyParagraphs}), as in GitBook's exporter, where a list
 * right after another takes the other bullet (`*` then `-`, `1.` then `1)`).
 */
export const listHandler: Handle = (node: MdastList, parent, state, info) => {
  if ((node.data?.emptyParagraphsBefore ?? 0) > 0) state.bulletLastUsed = undefined;
  return defaultHandlers.list(node, parent, state, info);
};

/** A join rule: a blank line after a spread item of a list read with `oneSpace`. */
export function spreadItemApart(left: Nodes, _right: Nodes, parent: Nodes): number | undefined {
  return parent.type === 'list' &&
    parent.data?.oneSpace === true &&
    left.type === 'listItem' &&
    left.spread === true
    ? 1
    : undefined;
}
