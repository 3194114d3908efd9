import { ConflictError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { emitSiteEvent } from '../integrations/emit-event.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { pathFromTitle } from './site-paths.js';
import type { SiteTree } from './site-tree.js';
import { positionAfter } from './structure-order.js';

/** A space to publish on a site. */
export interface NewSiteSpace {
  id: string;
  space: { id: string; title: string };
  /** The section it goes in; null: the top level of a site without sections. */
  sectionId: string | null;
  now: Date;
  /** Makes the ids of the events it queues. */
  ids: IdGenerator;
}

/** 409 when the tree's site already publishes `spaceId` (a space appears once per site). */
export function requireNotOnSite(tree: SiteTree, spaceId: string): void {
  const existing = tree.siteSpaceOfSpace(spaceId);
  if (existing !== undefined) {
    throw new ConflictError(
      `Space \`${spaceId}\` is already published on this site (site space \`${existing.id}\`)`,
    );
  }
}

/**
 * 404 unless `spaceId` is still an active space. Checked again after the site's write turn was
 * taken, since the space may have been deleted since the request first read it (a deletion that
 * commits later waits for the turn, and then takes the space off the site itself).
 */
export async function requireActiveSpace(db: Db, spaceId: string): Promise<void> {
  const space = await db
    .selectFrom('spaces')
    .select('id')
    .where('id', '=', spaceId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (space === undefined) throw new NotFoundError('Space');
}

/**
 * Publishes a space on the tree's site: last in its section (or the top level), at a path made
 * from the space's title (unique there), and the default when it is the first there. 409 when the
 * site already publishes the space. Run it in the transaction that took the site's write turn:
 * it queues the `site_published` event for the installations that cover the site there too.
 */
export async function insertSiteSpace(db: Db, tree: SiteTree, added: NewSiteSpace): Promise<void> {
  requireNotOnSite(tree, added.space.id);
  await requireActiveSpace(db, added.space.id);
  const siblings = tree.siteSpacesIn(added.sectionId);
  try {
    await db
      .insertInto('site_spaces')
      .values({
        id: added.id,
        site_id: tree.site.id,
        section_id: added.sectionId,
        space_id: added.space.id,
        path: pathFromTitle(added.space.title, new Set(siblings.map((row) => row.path))),
        condition: null,
        is_default: siblings.length === 0,
        position: positionAfter(siblings),
        created_at: added.now.toISOString(),
      })
      .execute();
  } catch (error) {
    // The tree hides the site spaces of deleted spaces; their rows may still be there.
    if (isUniqueViolation(error))
      throw new ConflictError(`Space \`${added.space.id}\` is already published on this site`);
    throw error;
  }
  await emitSiteEvent(
    db,
    {
      type: 'site_published',
      organizationId: tree.site.organization_id,
      siteId: tree.site.id,
      fields: { siteSpaceId: added.id, spaceId: added.space.id },
    },
    { clock: { now: () => added.now }, ids: added.ids },
  );
}
