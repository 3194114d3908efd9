import type { InlineContent } from '../model/inlines.js';
import type { Leaf, Mark, Text } from '../model/text.js';

/** Collects inline content, merging adjacent text with equal marks into one leaf. */
export class InlineBuilder {
  readonly nodes: InlineContent[] = [];

  /**
   * Appends text under marks (empty text is dropped), with the markdown it was written as when
   * that is not the text itself (see `Leaf.source`).
   */
  text(value: string, marks: readonly Mark[], source?: string): void {
    if (value === '') return;
    const last = this.nodes[this.nodes.length - 1];
    const sorted = sortMarks(marks);
    const leaf: Leaf = { object: 'leaf', text: value, marks: sorted };
    if (source !== undefined) leaf.source = source;
    if (last?.object === 'text') {
      const previous = last.leaves[last.leaves.length - 1];
      if (previous && sameMarks(previous.marks, sorted)) {
        if (previous.source !== undefined || source !== undefined)
          previous.source = (previous.source ?? previous.text) + (source ?? value);
        previous.text += value;
        return;
      }
      last.leaves.push(leaf);
      return;
    }
    const text: Text = { object: 'text', leaves: [leaf] };
    this.nodes.push(text);
  }

  /** Appends an inline node or nodes (text nodes are merged). */
  push(...nodes: InlineContent[]): void {
    for (const node of nodes) {
      if (node.object === 'text')
        for (const leaf of node.leaves) this.text(leaf.text, leaf.marks, leaf.source);
      else this.nodes.push(node);
    }
  }

  /** The content, with an empty text node when there is none (blocks must hold some text). */
  result(): InlineContent[] {
    return this.nodes.length === 0 ? [emptyText()] : this.nodes;
  }
}

/** A text node holding one empty leaf. */
export function emptyText(): Text {
  return { object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] };
}

/**
 * The order marks nest in when written, outermost first; GitBook writes
 * `~~_**`code`**_~~`, so strikethrough wraps italic wraps bold wraps code.
 */
export const markOrder: readonly Mark['type'][] = [
  'color',
  'strikethrough',
  'italic',
  'bold',
  'superscript',
  'subscript',
  'keyboard',
  'code',
];

/** Marks in {@link markOrder}, without duplicates (a later color mark wins). */
export function sortMarks(marks: readonly Mark[]): Mark[] {
  const byType = new Map<Mark['type'], Mark>();
  for (const mark of marks) byType.set(mark.type, mark);
  return markOrder.flatMap((type) => {
    const mark = byType.get(type);
    return mark ? [mark] : [];
  });
}

/**
 * `marks` with `mark` added, in {@link markOrder} and without duplicates: nested styling keeps at
 * most one mark of each type, so the list stays short however deep spans nest.
 */
export function withMark(marks: readonly Mark[], mark: Mark): Mark[] {
  return sortMarks([...marks, mark]);
}

/** Whether two sorted mark lists are equal (colour data included). */
export function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, i) => sameMark(mark, b[i]));
}

/** Whether two marks are equal (colour data included). */
export function sameMark(a: Mark, b: Mark | undefined): boolean {
  if (b?.type !== a.type) return false;
  if (a.type !== 'color' || b.type !== 'color') return true;
  return a.data.text === b.data.text && a.data.background === b.data.background;
}
