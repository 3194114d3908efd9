import type { PhrasingContent } from 'mdast';
import { bail, Char } from './source.js';

/** Text as read: `value` is what it says (escapes and references decoded). */
export interface TextItem {
  kind: 'text';
  start: number;
  end: number;
  value: string;
}

/** A run of `*`, `_` or `~`, and whether it may open or close emphasis (or strikethrough). */
export interface Delimiter {
  kind: 'delimiter';
  code: number;
  start: number;
  end: number;
  open: boolean;
  close: boolean;
}

/** A node read whole: a code span, a link, an image, an HTML tag. */
export interface NodeItem {
  kind: 'node';
  start: number;
  end: number;
  node: PhrasingContent;
}

/** Emphasis, strong or strikethrough: a matched pair of runs and what is between them. */
export interface GroupItem {
  kind: 'group';
  type: 'emphasis' | 'strong' | 'delete';
  start: number;
  end: number;
  children: Item[];
}

/** One piece of inline content on its way to mdast. */
export type Item = TextItem | Delimiter | NodeItem | GroupItem;

function size(delimiter: Delimiter): number {
  return delimiter.end - delimiter.start;
}

/**
 * Pairs delimiter runs as micromark's attention and strikethrough resolvers do, for the cases
 * where both agree with certainty: a closer takes the nearest opener of its kind, `*`/`_` pairs
 * of one or two characters of equal length, `~` pairs of equal length. Unequal `*`/`_` runs
 * (which split a run) and a pair that would enclose an unpaired run of the other kind (where the
 * two resolvers' order decides) leave the fast path. Runs left unpaired are text.
 */
export function resolveDelimiters(items: Item[]): Item[] {
  for (let closeIndex = 0; closeIndex < items.length; closeIndex++) {
    const closer = items[closeIndex];
    if (closer?.kind !== 'delimiter' || !closer.close) continue;
    const tilde = closer.code === Char.tilde;
    for (let openIndex = closeIndex - 1; openIndex >= 0; openIndex--) {
      const opener = items[openIndex];
      if (opener?.kind !== 'delimiter' || !opener.open || opener.code !== closer.code) continue;
      const length = size(opener);
      if (tilde) {
        if (length !== size(closer)) continue;
      } else if (length !== size(closer) || length > 2) {
        bail();
      }
      const inside = items.slice(openIndex + 1, closeIndex);
      for (const item of inside) {
        if (
          item.kind === 'delimiter' &&
          (item.open || item.close) &&
          (item.code === Char.tilde) !== tilde
        ) {
          bail();
        }
      }
      const group: GroupItem = {
        kind: 'group',
        type: tilde ? 'delete' : length === 2 ? 'strong' : 'emphasis',
        start: opener.start,
        end: closer.end,
        children: inside,
      };
      items.splice(openIndex, closeIndex - openIndex + 1, group);
      closeIndex = openIndex;
      break;
    }
  }
  return items;
}
