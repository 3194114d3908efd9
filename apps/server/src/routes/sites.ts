import { CreateSiteBody, ListOf, ListSitesQuery, Site, UpdateSiteBody } from '@docsync/api';
import { canView } from '../access/effective-level.js';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { requirePlainText } from '../members/plain-text.js';
import { siteResource } from '../resources/site-resource.js';
import { checkInitialSpaces, insertSite } from '../sites/insert-site.js';
import { listSites } from '../sites/list-sites.js';
import {
  SITE_LEVELS,
  changeSite,
  requireSite,
  requireSpaceToPublish,
  type SiteAccess,
} from '../sites/site-access.js';
import { siteOfCall } from '../sites/site-calls.js';
import { siteSpaceCounts } from '../sites/site-space-counts.js';
import { deleteSite, updateSite } from '../sites/update-site.js';
import type { Db } from '../storage/schema.js';

/** The API's Site for a member of its organization. */
async function readSiteResource(db: Db, { site }: SiteAccess, baseUrl: string): Promise<Site> {
  const counts = await siteSpaceCounts(db, [site.id]);
  return siteResource(site, counts.get(site.id) ?? 0, baseUrl, { withShareKey: true });
}

/**
 * The Sites section: list, create, get, update, delete. A site is `published` while it publishes
 * at least one site space (the description has no publish operation; see the README).
 */
export const siteOperations: readonly Operation[] = [
  operation(
    'listSites',
    { params: ['organizationId'], query: ListSitesQuery, response: ListOf(Site) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      if (!canView(access.level)) return { items: [], count: 0 };
      requirePlainText(query.title, 'query/title');
      requirePlainText(query.space, 'query/space');
      // An installation narrowed to some sites lists only those.
      const page = await listSites(ctx.db, params.organizationId, query, caller.integration?.sites);
      const counts = await siteSpaceCounts(
        ctx.db,
        page.rows.map((row) => row.id),
      );
      return {
        items: page.rows.map((row) =>
          siteResource(row, counts.get(row.id) ?? 0, baseUrl, { withShareKey: true }),
        ),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createSite',
    { params: ['organizationId'], body: CreateSiteBody, response: Site },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, SITE_LEVELS.write, 'create sites');
      const spaceIds = body.spaces ?? [];
      checkInitialSpaces(spaceIds);
      const spaces: Awaited<ReturnType<typeof requireSpaceToPublish>>[] = [];
      for (const spaceId of spaceIds) {
        spaces.push(
          await requireSpaceToPublish(ctx.db, caller, params.organizationId, spaceId, ctx.clock),
        );
      }
      const id = ctx.ids();
      const now = ctx.clock.now();
      const { organizationId } = params;
      await ctx.db
        .transaction()
        .execute((trx) => insertSite(trx, { id, organizationId, body, spaces, now, ids: ctx.ids }));
      return readSiteResource(
        ctx.db,
        await requireSite(ctx.db, caller, organizationId, id),
        baseUrl,
      );
    },
  ),

  operation('getSiteById', { params: ['organizationId', 'siteId'], response: Site }, async (call) =>
    readSiteResource(call.ctx.db, await siteOfCall(call), call.baseUrl),
  ),

  operation(
    'updateSiteById',
    { params: ['organizationId', 'siteId'], body: UpdateSiteBody, response: Site },
    async (call) => {
      await changeSite(call.ctx, await siteOfCall(call), (trx, tree) =>
        updateSite(trx, tree, call.body, { serviceHost: new URL(call.baseUrl).hostname }),
      );
      return readSiteResource(call.ctx.db, await siteOfCall(call), call.baseUrl);
    },
  ),

  operation(
    'deleteSiteById',
    { params: ['organizationId', 'siteId'], response: null },
    async ({ params, caller, ctx }) => {
      // Deleting a site that is absent or invisible to the caller succeeds and changes nothing.
      const access = await requireSite(ctx.db, caller, params.organizationId, params.siteId).catch(
        (error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        },
      );
      if (access === undefined) return undefined;
      requireLevel(access.level, SITE_LEVELS.admin, 'delete sites');
      await deleteSite(ctx.db, access.site.id);
      return undefined;
    },
  ),
];
