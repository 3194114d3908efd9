import {
  PublishedContentSite,
  SitePublishingAuth,
  SiteStructure,
  SiteStructureItem,
  SortSiteStructureBody,
  shareKeyProperty,
} from '@docsync/api';
import { Type } from 'typebox';
import { requireLevel } from '../access/organization-access.js';
import { operation, type Operation } from '../http/operation.js';
import { siteResource } from '../resources/site-resource.js';
import {
  siteStructureItemResource,
  siteStructureResource,
} from '../resources/site-structure-resources.js';
import { sortStructureItem } from '../sites/move-structure-item.js';
import { siteCustomizations } from '../sites/site-customizations.js';
import { requirePublishedSite, VISITOR_TOKEN_HEADER } from '../sites/published-access.js';
import { SITE_LEVELS } from '../sites/site-access.js';
import { changeSiteAndShow, showSite, siteOfCall } from '../sites/site-calls.js';
import { readSiteView } from '../sites/site-view.js';

const site = ['organizationId', 'siteId'] as const;

/**
 * What a site publishes: the published profile (as its audience reads it), the structure and its
 * order (for the site's organization), and the key visitor tokens are signed with.
 */
export const sitePublishingOperations: readonly Operation[] = [
  operation(
    'getPublishedContentSite',
    {
      params: site,
      query: Type.Object({ shareKey: shareKeyProperty }),
      response: PublishedContentSite,
    },
    async ({ params, query, caller, ctx, baseUrl, request }) => {
      const header = request.headers[VISITOR_TOKEN_HEADER];
      const audience = await requirePublishedSite(
        ctx.db,
        caller,
        params.organizationId,
        params.siteId,
        {
          shareKey: query.shareKey,
          visitorToken: typeof header === 'string' ? header : undefined,
          now: ctx.clock.now(),
        },
      );
      const options = { baseUrl, withShareKey: audience.withShareKey };
      const view = await readSiteView(ctx.db, audience.tree, audience.level, options);
      const organization = await ctx.db
        .selectFrom('organizations')
        .select('logo')
        .where('id', '=', audience.tree.site.organization_id)
        .executeTakeFirstOrThrow();
      return {
        object: 'published-content-site' as const,
        site: siteResource(audience.tree.site, audience.tree.siteSpaces.length, baseUrl, options),
        structure: siteStructureResource(view),
        customizations: siteCustomizations(audience.tree, organization),
        // docsync installs no integrations on sites, so none loads a script.
        scripts: [],
      };
    },
  ),

  operation('getSiteStructure', { params: site, response: SiteStructure }, (call) =>
    showSite(call, siteStructureResource),
  ),

  operation(
    'sortSiteStructure',
    { params: site, body: SortSiteStructureBody, response: SiteStructureItem },
    (call) => {
      const { item, position } = call.body;
      return changeSiteAndShow(
        call,
        (trx, tree) => sortStructureItem(trx, tree, item.type, item.id, position),
        (view) => siteStructureItemResource(view, item.type, item.id),
      );
    },
  ),

  operation(
    'getSitePublishingAuth',
    { params: site, response: SitePublishingAuth },
    async (call) => {
      const { site: row, level } = await siteOfCall(call);
      requireLevel(level, SITE_LEVELS.admin, "read the site's visitor-token key");
      return {
        object: 'publishing-auth' as const,
        backend: 'custom' as const,
        privateKey: row.visitor_signing_key,
      };
    },
  ),
];
