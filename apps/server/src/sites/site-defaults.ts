import type { Db } from '../storage/schema.js';
import type { SiteTree } from './site-tree.js';

/**
 * The defaults of a site: one default section per site with sections, one default site space
 * per section (or per site without sections). The first of each is the default; choosing another
 * moves the mark; removing the default passes it to the first that remains.
 */

/** Makes section `sectionId` the default section of the tree's site. */
export async function setDefaultSection(db: Db, tree: SiteTree, sectionId: string): Promise<void> {
  await db
    .updateTable('site_sections')
    .set((eb) => ({ is_default: eb('id', '=', sectionId) }))
    .where('site_id', '=', tree.site.id)
    .execute();
}

/** Makes site space `siteSpaceId` the default of its section (or of the site's top level). */
export async function setDefaultSiteSpace(
  db: Db,
  tree: SiteTree,
  siteSpace: { id: string; section_id: string | null },
): Promise<void> {
  await db
    .updateTable('site_spaces')
    .set((eb) => ({ is_default: eb('id', '=', siteSpace.id) }))
    .where('site_id', '=', tree.site.id)
    .$call((q) =>
      siteSpace.section_id === null
        ? q.where('section_id', 'is', null)
        : q.where('section_id', '=', siteSpace.section_id),
    )
    .execute();
}

/**
 * After rows of `tree` were removed (`gone` holds their ids): gives the first remaining section,
 * and the first remaining site space of each section in `containers`, the default mark when
 * none of what remains has it.
 */
export async function repairDefaults(
  db: Db,
  tree: SiteTree,
  gone: ReadonlySet<string>,
  containers: ReadonlySet<string | null>,
): Promise<void> {
  const sections = tree.sectionsUnder(null).filter((row) => !gone.has(row.id));
  const firstSection = sections[0];
  if (firstSection !== undefined && !sections.some((row) => Boolean(row.is_default))) {
    await setDefaultSection(db, tree, firstSection.id);
  }
  for (const container of containers) {
    if (container !== null && gone.has(container)) continue;
    const remaining = tree.siteSpacesIn(container).filter((row) => !gone.has(row.id));
    const first = remaining[0];
    if (first !== undefined && !remaining.some((row) => Boolean(row.is_default))) {
      await setDefaultSiteSpace(db, tree, first);
    }
  }
}
