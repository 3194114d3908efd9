import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { insertSiteSpace, requireNotOnSite } from './insert-site-space.js';
import { pathFromTitle } from './site-paths.js';
import type { SiteTree } from './site-tree.js';
import { positionAfter } from './structure-order.js';

/** A section to add to a site, made of a space. */
export interface NewSiteSection {
  id: string;
  space: { id: string; title: string };
  title?: string | null | undefined;
  icon?: string | null | undefined;
  now: Date;
  ids: IdGenerator;
}

/** A section title from a space title: section titles hold 2..128 characters. */
function sectionTitle(title: string): string {
  return title.length >= 2 ? title.slice(0, 128) : 'Untitled section';
}

/**
 * Adds a section to the tree's site, last at its top level, with the space as its first (and
 * default) site space; it is the default section when it is the site's first. The title defaults
 * to the space's; the path is made from the title, unique in the site.
 *
 * A site without sections shows its site spaces at its top level. Its first new section turns
 * that content into a section of its own first (titled after its default space, and the
 * default), so that nothing the site published disappears from its structure. 409 when the site
 * already publishes the space. Run it in the transaction that took the site's write turn.
 */
export async function insertSiteSection(
  db: Db,
  tree: SiteTree,
  added: NewSiteSection,
): Promise<void> {
  requireNotOnSite(tree, added.space.id);
  const paths = new Set(tree.sections.map((row) => row.path));
  const topLevel = tree.siteSpacesIn(null);
  const insertSection = async (values: {
    id: string;
    title: string;
    icon: string | null;
    isDefault: boolean;
    position: number;
  }) => {
    const path = pathFromTitle(values.title, paths);
    paths.add(path);
    await db
      .insertInto('site_sections')
      .values({
        id: values.id,
        site_id: tree.site.id,
        group_id: null,
        title: values.title,
        path,
        description: null,
        condition: null,
        icon: values.icon,
        is_default: values.isDefault,
        position: values.position,
        created_at: added.now.toISOString(),
      })
      .execute();
  };
  let position = positionAfter(tree.orderedChildren(null));
  let isDefault = !tree.hasSections;
  const first = tree.defaultSiteSpaceIn(null) ?? topLevel[0];
  if (!tree.hasSections && first !== undefined) {
    const id = added.ids();
    await insertSection({
      id,
      title: sectionTitle(first.space.title),
      icon: null,
      isDefault: true,
      position: position++,
    });
    await db
      .updateTable('site_spaces')
      .set({ section_id: id })
      .where('site_id', '=', tree.site.id)
      .where('section_id', 'is', null)
      .execute();
    isDefault = false;
  }
  await insertSection({
    id: added.id,
    title: added.title ?? sectionTitle(added.space.title),
    icon: added.icon ?? null,
    isDefault,
    position,
  });
  await insertSiteSpace(db, tree, {
    id: added.ids(),
    space: added.space,
    sectionId: added.id,
    now: added.now,
    ids: added.ids,
  });
}
