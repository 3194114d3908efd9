import type { Db } from '../storage/schema.js';
import { repairDefaults } from './site-defaults.js';
import { SiteTree } from './site-tree.js';

/** What to take out of a site. */
export interface Removal {
  /** Sections to delete, with their site spaces. */
  sectionIds?: readonly string[];
  /** Site spaces to delete (rows: they may already be hidden from the tree, their space deleted). */
  siteSpaces?: readonly { id: string; section_id: string | null }[];
}

/**
 * Deletes sections and site spaces of a site and keeps its structure whole: a section left
 * without site spaces goes too (a section shows its site spaces; an empty one shows nothing),
 * and the default section or the default site space of a section, when removed, passes to the
 * first that remains. Run it in the transaction that took the site's write turn.
 */
export async function removeFromSite(db: Db, tree: SiteTree, removal: Removal): Promise<void> {
  const goneSections = new Set(removal.sectionIds ?? []);
  const siteSpaces = removal.siteSpaces ?? [];
  const gone = new Set([...goneSections, ...siteSpaces.map((row) => row.id)]);
  const containers = new Set(siteSpaces.map((row) => row.section_id));
  for (const sectionId of containers) {
    if (sectionId === null || goneSections.has(sectionId)) continue;
    if (tree.siteSpacesIn(sectionId).every((row) => gone.has(row.id))) {
      goneSections.add(sectionId);
      gone.add(sectionId);
    }
  }
  if (siteSpaces.length > 0) {
    await db
      .deleteFrom('site_spaces')
      .where(
        'id',
        'in',
        siteSpaces.map((row) => row.id),
      )
      .execute();
  }
  if (goneSections.size > 0) {
    // Their site spaces go with them (`ON DELETE CASCADE`).
    await db
      .deleteFrom('site_sections')
      .where('id', 'in', [...goneSections])
      .execute();
  }
  await repairDefaults(db, tree, gone, containers);
}

/**
 * The hook of space deletion (and of a space leaving its organization): every site of the
 * organizations that publishes one of `spaceIds` stops publishing it, as {@link removeFromSite}
 * does. Every site of those organizations is locked first (its `updated_at` written), so a site
 * write that checked a space just before it was deleted has committed, and is seen here, before
 * this reads which sites hold it. Run it in the transaction that deletes the spaces.
 */
export async function removeSpacesFromSites(
  db: Db,
  spaces: readonly { id: string; organization_id: string }[],
  now: Date,
): Promise<void> {
  if (spaces.length === 0) return;
  const organizations = [...new Set(spaces.map((space) => space.organization_id))];
  const sites = await db
    .updateTable('sites')
    .set({ updated_at: now.toISOString() })
    .where('organization_id', 'in', organizations)
    .returningAll()
    .execute();
  if (sites.length === 0) return;
  const rows = await db
    .selectFrom('site_spaces')
    .select(['id', 'site_id', 'section_id'])
    .where(
      'space_id',
      'in',
      spaces.map((space) => space.id),
    )
    .execute();
  for (const site of sites) {
    const inSite = rows.filter((row) => row.site_id === site.id);
    if (inSite.length === 0) continue;
    await removeFromSite(db, await SiteTree.load(db, site), { siteSpaces: inSite });
  }
}
