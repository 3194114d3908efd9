import type { InlineContent } from '../model/inlines.js';
import type { Mark, Text } from '../model/text.js';

/** Collects inline content, merging adjacent text with equal marks into one leaf. */
export class InlineBuilder {
  readonly nodes: InlineContent[] = [];

  /** Appends text under marks (empty text is dropped). */
  text(value: string, marks: readonly Mark[]): void {
    if (value === '') return;
    const last = this.nodes[this.nodes.length - 1];
    const sorted = sortMarks(marks);
    if (last?.object === 'text') {
      const leaf = last.leaves[last.leaves.length - 1];
      if (leaf && sameMarks(leaf.marks, sorted)) {
        leaf.text += value;
        return;
      }
      last.leaves.push({ object: 'leaf', text: value, marks: sorted });
      return;
    }
    const text: Text = { object: 'text', leaves: [{ object: 'leaf', text: value, marks: sorted }] };
    this.nodes.push(text);
  }

  /** Appends an inline node or nodes (text nodes are merged). */
  push(...nodes: InlineContent[]): void {
    for (const node of nodes) {
      if (node.object === 'text') for (const leaf of node.leaves) this.text(leaf.text, leaf.marks);
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
