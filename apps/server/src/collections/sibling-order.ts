import type { Db } from '../storage/schema.js';

/**
 * Spaces and collections that share a parent (a collection, or the top level of an organization)
 * form one ordered list: moves place a space before a collection and the other way round, with
 * one reference shape for both. Each row keeps a floating-point `position`; an item placed
 * between two neighbours takes the midpoint, so a move writes one row. When neighbours get so
 * close that a midpoint would lose precision, the whole list is renumbered 1, 2, 3….
 */

/** A space or a collection in its parent's ordered list. */
export interface Sibling {
  kind: 'space' | 'collection';
  id: string;
  position: number;
}

/** Where an item goes among its new siblings: before or after one of them. */
export interface SiblingPosition {
  before?: { space: string } | undefined;
  after?: { space: string } | undefined;
}

/** The parent whose children are ordered: an organization's top level or one collection. */
export interface SiblingGroup {
  organizationId: string;
  /** Collection id; null for the top level. */
  parentId: string | null;
}

/** Below this gap between neighbours, a midpoint is no longer trusted and the list renumbers. */
export const MIN_POSITION_GAP = 1e-9;

/** The active spaces and the collections of `group`, in order (ties broken by id). */
export async function loadSiblings(db: Db, group: SiblingGroup): Promise<Sibling[]> {
  const spaces = await db
    .selectFrom('spaces')
    .select(['id', 'position'])
    .where('organization_id', '=', group.organizationId)
    .where('deleted_at', 'is', null)
    .$call((q) =>
      group.parentId === null
        ? q.where('parent_id', 'is', null)
        : q.where('parent_id', '=', group.parentId),
    )
    .execute();
  const collections = await db
    .selectFrom('collections')
    .select(['id', 'position'])
    .where('organization_id', '=', group.organizationId)
    .$call((q) =>
      group.parentId === null
        ? q.where('parent_id', 'is', null)
        : q.where('parent_id', '=', group.parentId),
    )
    .execute();
  const siblings: Sibling[] = [
    ...spaces.map((row) => ({ kind: 'space' as const, id: row.id, position: row.position })),
    ...collections.map((row) => ({
      kind: 'collection' as const,
      id: row.id,
      position: row.position,
    })),
  ];
  return siblings.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

/** The position after every current child of `group`: where new items go. */
export async function nextPosition(db: Db, group: SiblingGroup): Promise<number> {
  const siblings = await loadSiblings(db, group);
  return (siblings.at(-1)?.position ?? 0) + 1;
}

/**
 * The index in `siblings` at which the item goes, or undefined when the reference is not one of
 * them (another parent, a deleted space, an unknown id, the item itself).
 */
export function insertionIndex(
  siblings: readonly Sibling[],
  position: SiblingPosition | undefined,
): number | undefined {
  if (position?.before === undefined && position?.after === undefined) return siblings.length;
  const referenceId = position.before?.space ?? position.after?.space;
  const index = siblings.findIndex((sibling) => sibling.id === referenceId);
  if (index === -1) return undefined;
  return position.before === undefined ? index + 1 : index;
}

/**
 * The position for an item inserted at `index` among `siblings` (which exclude it): the
 * midpoint of its neighbours, one below the first or one above the last; undefined when the
 * neighbours are too close for a midpoint.
 */
export function positionBetween(
  siblings: readonly Pick<Sibling, 'position'>[],
  index: number,
): number | undefined {
  const lower = siblings[index - 1]?.position;
  const upper = siblings[index]?.position;
  if (lower === undefined) return upper === undefined ? 1 : upper - 1;
  if (upper === undefined) return lower + 1;
  return upper - lower < MIN_POSITION_GAP ? undefined : (lower + upper) / 2;
}

/** Writes one item's position. */
async function writePosition(db: Db, item: Sibling): Promise<void> {
  const table = item.kind === 'space' ? 'spaces' : 'collections';
  await db.updateTable(table).set({ position: item.position }).where('id', '=', item.id).execute();
}

/**
 * The position `item` takes in `group` at `position` (at the end when absent), renumbering the
 * group first when its neighbours there are too close. Returns undefined when the reference is
 * not a child of `group`. The caller writes the item's parent and position; run it in the
 * transaction that does.
 */
export async function placeAmongSiblings(
  db: Db,
  group: SiblingGroup,
  item: { kind: Sibling['kind']; id: string },
  position: SiblingPosition | undefined,
): Promise<number | undefined> {
  const siblings = (await loadSiblings(db, group)).filter((sibling) => sibling.id !== item.id);
  const index = insertionIndex(siblings, position);
  if (index === undefined) return undefined;
  const between = positionBetween(siblings, index);
  if (between !== undefined) return between;
  // Renumbering keeps the order and only rewrites `position`, which the API never shows, so the
  // other rows keep their `updatedAt`.
  for (const [rank, sibling] of siblings.entries()) {
    const renumbered = rank < index ? rank + 1 : rank + 2;
    if (sibling.position !== renumbered) {
      await writePosition(db, { ...sibling, position: renumbered });
    }
  }
  return index + 1;
}
