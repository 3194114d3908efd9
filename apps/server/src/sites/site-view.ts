import type { Space } from '@docsync/api';
import type { Level } from '../access/roles.js';
import { CollectionTree } from '../collections/collection-tree.js';
import { sitePublishedUrl, type PublishedUrlOptions } from '../resources/site-resource.js';
import { spaceResource } from '../resources/space-resource.js';
import { spaceActivities } from '../spaces/space-activity.js';
import type { Db } from '../storage/schema.js';
import { NotFoundError } from '../errors.js';
import { findSite, type SiteAccess } from './site-access.js';
import { SiteTree, type SiteSpaceRow } from './site-tree.js';

/** A site's structure as one caller sees it: what the resources of sites are built from. */
export interface SiteView {
  readonly tree: SiteTree;
  readonly baseUrl: string;
  /** The site's published URL for this caller; undefined while the site publishes nothing. */
  readonly publishedUrl: string | undefined;
  /** The Space a site space shows, with the caller's permissions on it. */
  spaceOf(row: SiteSpaceRow): Space;
}

/** Options of {@link readSiteView}. */
export interface ReadSiteViewOptions extends PublishedUrlOptions {
  baseUrl: string;
}

/**
 * Reads what the resources of `tree` need for a caller at `level` in the site's organization
 * (`guest` for a visitor of the published site): their level on each space shown, through the
 * organization's collections (one query), and the spaces' counts (two queries).
 */
export async function readSiteView(
  db: Db,
  tree: SiteTree,
  level: Level,
  options: ReadSiteViewOptions,
): Promise<SiteView> {
  const rows = tree.siteSpaces;
  const collections =
    level === 'guest' ? undefined : await CollectionTree.load(db, tree.site.organization_id);
  const activityOf = await spaceActivities(
    db,
    rows.map((row) => row.space_id),
  );
  const spaces = new Map<string, Space>();
  for (const row of rows) {
    const spaceLevel = collections?.levelFor(level, row.space) ?? 'guest';
    spaces.set(
      row.space_id,
      spaceResource(row.space, spaceLevel, activityOf(row.space_id), options.baseUrl),
    );
  }
  return {
    tree,
    baseUrl: options.baseUrl,
    publishedUrl: tree.published
      ? sitePublishedUrl(tree.site, options.baseUrl, options)
      : undefined,
    spaceOf(row) {
      const space = spaces.get(row.space_id);
      if (space === undefined) throw new Error(`site space \`${row.id}\` is not in this view`);
      return space;
    },
  };
}

/**
 * The view of a site for a member of its organization, read afresh (after a write, or for a
 * read): members see the share key of a share-link site (it is theirs to hand out).
 */
export async function memberSiteView(
  db: Db,
  access: SiteAccess,
  baseUrl: string,
): Promise<SiteView> {
  const site = await findSite(db, access.site.organization_id, access.site.id);
  if (site === undefined) throw new NotFoundError('Site');
  return readSiteView(db, await SiteTree.load(db, site), access.level, {
    baseUrl,
    withShareKey: true,
  });
}
