import { positionBetween } from '../collections/sibling-order.js';
import type { Db } from '../storage/schema.js';

/**
 * Order within a site's structure, as for spaces and collections (`collections/sibling-order.ts`):
 * each row keeps a floating-point `position`; an item placed between two neighbours takes their
 * midpoint, so a move writes one row, and the siblings are renumbered 1, 2, 3… only when the
 * neighbours are too close for a midpoint. Sections and groups under one parent share one order;
 * site spaces are ordered within their section (or the top level).
 */

/** The table an ordered row lives in. */
export type OrderTable = 'site_sections' | 'site_section_groups' | 'site_spaces';

/** One row of a sibling list. */
export interface OrderedRow {
  table: OrderTable;
  id: string;
  position: number;
}

/**
 * The position for an item inserted at `index` among `siblings` (in order, without the item),
 * renumbering the siblings first when the neighbours there are too close. Run it in the
 * transaction that writes the item.
 */
export async function positionAt(
  db: Db,
  siblings: readonly OrderedRow[],
  index: number,
): Promise<number> {
  const between = positionBetween(siblings, index);
  if (between !== undefined) return between;
  for (const [rank, sibling] of siblings.entries()) {
    const renumbered = rank < index ? rank + 1 : rank + 2;
    if (sibling.position !== renumbered) await writePosition(db, sibling, renumbered);
  }
  return index + 1;
}

/** The position after every sibling: where new items go. */
export function positionAfter(siblings: readonly { position: number }[]): number {
  return (siblings.at(-1)?.position ?? 0) + 1;
}

/** Moves `item` to `index` among `siblings` (in order, without the item). */
export async function moveToIndex(
  db: Db,
  item: OrderedRow,
  siblings: readonly OrderedRow[],
  index: number,
): Promise<void> {
  await writePosition(db, item, await positionAt(db, siblings, index));
}

async function writePosition(db: Db, row: OrderedRow, position: number): Promise<void> {
  await db.updateTable(row.table).set({ position }).where('id', '=', row.id).execute();
}
