import { BadRequestError, NotFoundError } from '../errors.js';
import type { Updateable } from 'kysely';
import type { Db, SiteSectionGroupsTable } from '../storage/schema.js';
import type { SiteTree } from './site-tree.js';
import { positionAfter } from './structure-order.js';

/** Longest section group title (the contract sets only a minimum; sections allow 128). */
export const MAX_GROUP_TITLE = 128;

/** 400 unless a group title fits. */
export function checkGroupTitle(title: string): void {
  if (title.length > MAX_GROUP_TITLE) {
    throw new BadRequestError(`body/title must NOT have more than ${MAX_GROUP_TITLE} characters`);
  }
}

/** A section group to create. */
export interface NewSectionGroup {
  id: string;
  title: string;
  icon?: string | undefined;
  /** Parent group id; absent: the site's top level. */
  parent?: string | undefined;
  /** Sections to move into it, in this order. */
  sections?: readonly string[] | undefined;
  now: Date;
}

/**
 * Creates a section group, last among its parent's children, and moves the listed sections into
 * it in the order given. 404 for a parent or section the site does not have. Run it in the
 * transaction that took the site's write turn.
 */
export async function insertSectionGroup(
  db: Db,
  tree: SiteTree,
  added: NewSectionGroup,
): Promise<void> {
  checkGroupTitle(added.title);
  const parentId = added.parent ?? null;
  if (parentId !== null && tree.group(parentId) === undefined)
    throw new NotFoundError('Site section group');
  const sections = [...new Set(added.sections ?? [])].map((id) => {
    const section = tree.section(id);
    if (section === undefined) throw new NotFoundError('Site section');
    return section;
  });
  await db
    .insertInto('site_section_groups')
    .values({
      id: added.id,
      site_id: tree.site.id,
      parent_id: parentId,
      title: added.title,
      icon: added.icon ?? null,
      position: positionAfter(tree.orderedChildren(parentId)),
      created_at: added.now.toISOString(),
    })
    .execute();
  for (const [rank, section] of sections.entries()) {
    await db
      .updateTable('site_sections')
      .set({ group_id: added.id, position: rank + 1 })
      .where('id', '=', section.id)
      .execute();
  }
}

/** Changes a section group's title (checked) and icon; nothing is written when neither is given. */
export async function updateSectionGroup(
  db: Db,
  groupId: string,
  { title, icon }: { title?: string | undefined; icon?: string | null | undefined },
): Promise<void> {
  const changes: Updateable<SiteSectionGroupsTable> = {};
  if (title !== undefined) {
    checkGroupTitle(title);
    changes.title = title;
  }
  if (icon !== undefined) changes.icon = icon;
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('site_section_groups').set(changes).where('id', '=', groupId).execute();
}
