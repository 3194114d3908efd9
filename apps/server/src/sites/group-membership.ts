import type { Db } from '../storage/schema.js';
import type { GroupRow, SectionRow, SiteTree } from './site-tree.js';
import { positionAfter, positionAt } from './structure-order.js';

/**
 * Which group a section is in. Sections and groups under one parent share one order, so each
 * change of parent also places the section in the new parent's order.
 */

/** Puts `section` last in group `groupId` (a no-op when it is already there). */
export async function moveSectionIntoGroup(
  db: Db,
  tree: SiteTree,
  section: SectionRow,
  groupId: string,
): Promise<void> {
  if (section.group_id === groupId) return;
  await db
    .updateTable('site_sections')
    .set({ group_id: groupId, position: positionAfter(tree.orderedChildren(groupId)) })
    .where('id', '=', section.id)
    .execute();
}

/** Takes `section` out of `group` into the group's parent, right after the group. */
export async function moveSectionOutOfGroup(
  db: Db,
  tree: SiteTree,
  section: SectionRow,
  group: GroupRow,
): Promise<void> {
  if (section.group_id !== group.id) return;
  const siblings = tree.orderedChildren(group.parent_id);
  const index = siblings.findIndex((row) => row.id === group.id) + 1;
  await db
    .updateTable('site_sections')
    .set({ group_id: group.parent_id, position: await positionAt(db, siblings, index) })
    .where('id', '=', section.id)
    .execute();
}

/**
 * Deletes `group` without deleting what is in it: its sections and groups take its place in its
 * parent, in their order. The parent's children are renumbered 1, 2, 3… for that.
 */
export async function deleteSectionGroup(db: Db, tree: SiteTree, group: GroupRow): Promise<void> {
  const order = tree
    .orderedChildren(group.parent_id)
    .flatMap((row) => (row.id === group.id ? tree.orderedChildren(group.id) : [row]));
  for (const [rank, row] of order.entries()) {
    const moved =
      tree.group(row.id)?.parent_id === group.id || tree.section(row.id)?.group_id === group.id;
    if (row.table === 'site_sections') {
      await db
        .updateTable('site_sections')
        .set({ position: rank + 1, ...(moved ? { group_id: group.parent_id } : {}) })
        .where('id', '=', row.id)
        .execute();
    } else {
      await db
        .updateTable('site_section_groups')
        .set({ position: rank + 1, ...(moved ? { parent_id: group.parent_id } : {}) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.deleteFrom('site_section_groups').where('id', '=', group.id).execute();
}
