import { canView } from '../access/effective-level.js';
import { findMembership, requireLevel } from '../access/organization-access.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { grantCovers } from '../auth/integration-grant.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { requireSpace } from '../spaces/space-access.js';
import type { Db } from '../storage/schema.js';
import { SiteTree, type SiteRow, type SiteSpaceRow } from './site-tree.js';

/** A stored space. */
type SpaceRow = SiteSpaceRow['space'];

/**
 * Who may do what with sites. The role table has no site-specific roles: reading a site and its
 * structure takes what reading content takes (`read`, see `readerLevel`); building and changing
 * sites is creating content (`create`); deleting a site and reading its visitor-token key are the
 * administrator's.
 */
export const SITE_LEVELS = { write: 'create', admin: 'admin' } as const;

/** A site as a member of its organization sees it. */
export interface SiteAccess {
  site: SiteRow;
  /** The caller's role in the site's organization. */
  level: Level;
}

/**
 * Loads a site of `organizationId` the caller may read. An unknown site, a site of another
 * organization and a caller who is not a member (or only a guest) all get the same 404.
 */
export async function requireSite(
  db: Db,
  caller: Caller,
  organizationId: string,
  siteId: string,
): Promise<SiteAccess> {
  const site = await findSite(db, organizationId, siteId);
  const level = site === undefined ? 'guest' : await readerLevel(db, caller, organizationId);
  // An installation narrowed to some sites reaches only those.
  if (
    site === undefined ||
    level === 'guest' ||
    !grantCovers(caller.integration, organizationId, { site: site.id })
  )
    throw new NotFoundError('Site');
  return { site, level };
}

/** The site `siteId` of `organizationId`, if there is one. */
export async function findSite(
  db: Db,
  organizationId: string,
  siteId: string,
): Promise<SiteRow | undefined> {
  // PostgreSQL refuses NUL in text parameters; no stored id holds one.
  if (siteId.includes('\u0000') || organizationId.includes('\u0000')) return undefined;
  return db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The caller's role in an organization when it lets them read content, else `guest`. */
export async function readerLevel(db: Db, caller: Caller, organizationId: string): Promise<Level> {
  const member = await findMembership(db, caller, organizationId);
  const level = levelOf(member?.role ?? null);
  return member !== undefined && canView(level) ? level : 'guest';
}

/**
 * Runs `change` on the structure of a site in one transaction, after taking the site's write turn:
 * the site row is updated first (its `updated_at`), which on PostgreSQL locks it until commit
 * and on SQLite is a write anyway, so two writers of one site never interleave and every check
 * `change` makes on the tree holds until it commits. 403 below `create` (or `options.level`);
 * 404 when the site went meanwhile.
 */
export async function changeSite<T>(
  ctx: { db: Db; clock: Clock },
  access: SiteAccess,
  change: (trx: Db, tree: SiteTree, now: Date) => Promise<T>,
  options: { level?: Level; action?: string } = {},
): Promise<T> {
  requireLevel(access.level, options.level ?? SITE_LEVELS.write, options.action ?? 'change sites');
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('sites')
      .set({ updated_at: now.toISOString() })
      .where('id', '=', access.site.id)
      .returningAll()
      .executeTakeFirst();
    if (updated === undefined) throw new NotFoundError('Site');
    return change(trx, await SiteTree.load(trx, updated), now);
  });
}

/**
 * The space `spaceId` for publishing on a site of `organizationId`: an active space of that
 * organization the caller may see; 404 "Space not found" otherwise (as for every space read).
 */
export async function requireSpaceToPublish(
  db: Db,
  caller: Caller,
  organizationId: string,
  spaceId: string,
  clock: Clock,
): Promise<SpaceRow> {
  if (spaceId.includes('\u0000')) throw new NotFoundError('Space');
  const { space, level } = await requireSpace(db, caller, spaceId, { clock });
  if (space.organization_id !== organizationId) throw new NotFoundError('Space');
  // Publishing makes the space's content readable on the site: as changing its visibility does,
  // that takes the right to edit the space, not only to read it.
  requireLevel(level, 'edit', 'publish this space');
  return space;
}
