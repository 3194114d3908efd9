import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/api-tokens.js';
import { optionalCaller } from '../auth/optional-caller.js';
import { NotFoundError } from '../errors.js';
import { readCookie } from '../http/read-cookie.js';
import type { ServerContext } from '../server-context.js';
import { conditionHolds } from '../sites/evaluate-condition.js';
import {
  loadSiteTree,
  requirePublishedSite,
  VISITOR_TOKEN_HEADER,
  type PublishedAudience,
} from '../sites/published-access.js';
import type { SectionRow, SiteRow, SiteSpaceRow, SiteTree } from '../sites/site-tree.js';

/** The query parameter and cookie that carry a share-link site's key. */
export const SHARE_KEY_QUERY = 'shareKey';
/** The query parameter a visitor-auth site's identity provider sends the visitor back with. */
export const VISITOR_TOKEN_QUERY = 'jwt_token';

/** A cookie of one site: its name carries the site id, so keys of two sites never mix. */
export function siteCookie(kind: 'share' | 'visitor', siteId: string): string {
  return `docsync_${kind}_${siteId.replace(/[^\w-]/g, '_')}`;
}

/** A reader's visit of a published site: what they may read, in the site's order. */
export interface SiteVisit {
  readonly site: SiteRow;
  readonly tree: SiteTree;
  readonly audience: PublishedAudience;
  /** Sections whose condition holds for the reader, in the site's order. */
  readonly sections: readonly SectionRow[];
  /** Site spaces whose condition (and whose section's) holds, in the site's order. */
  readonly siteSpaces: readonly SiteSpaceRow[];
  /** Whether an adaptive-content condition holds for the reader (none: it holds). */
  holds(condition: string | null | undefined): boolean;
  /** What adaptive content shows depends on: the reader's claims when it uses them, else ''. */
  readonly audienceKey: string;
  /**
   * What the rendered pages depend on: the structure (with each site space's revision), the
   * organization's OpenAPI spec versions and the audience.
   */
  readonly stamp: string;
  /** Credentials that came in the query, to keep in cookies for the pages linked from here. */
  readonly remember: { name: string; value: string }[];
}

function queryOf(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Opens a visit of site `siteId` for a request: the site's structure as its audience reads it
 * (see `requirePublishedSite`: anyone for public and unlisted sites, the share key for share-link
 * ones, a valid visitor token for visitor-auth ones), with what adaptive content hides from this
 * reader left out. The share key and the visitor token are read from the query (then kept in a
 * cookie, see {@link SiteVisit.remember}), a cookie, or the visitor-token header. 404 for a site
 * that is unknown, publishes nothing, or that the reader may not read.
 */
export async function openSiteVisit(
  ctx: ServerContext,
  request: FastifyRequest,
  siteId: string,
): Promise<SiteVisit> {
  if (siteId.includes('\u0000')) throw new NotFoundError('Site');
  // The structure is read through the read cache: kept until a table it read is written (a
  // merge writes `spaces`, a change to the site its tables), so a warm page costs no query.
  const tree = await ctx.reads.read(`published-site:${siteId}`, async (db) => {
    const row = await db
      .selectFrom('sites')
      .select('organization_id')
      .where('id', '=', siteId)
      .executeTakeFirst();
    return row === undefined ? undefined : loadSiteTree(db, row.organization_id, siteId);
  });
  if (tree === undefined) throw new NotFoundError('Site');
  const remember: SiteVisit['remember'] = [];
  const shareCookie = siteCookie('share', siteId);
  const visitorCookie = siteCookie('visitor', siteId);
  const shareQuery = queryOf(request, SHARE_KEY_QUERY);
  const visitorQuery = queryOf(request, VISITOR_TOKEN_QUERY);
  const header = request.headers[VISITOR_TOKEN_HEADER];
  const audience = await requirePublishedSite(
    ctx.db,
    await optionalCaller(ctx, bearerToken(request.headers.authorization)),
    tree.site.organization_id,
    siteId,
    {
      shareKey: shareQuery ?? readCookie(request, shareCookie),
      visitorToken:
        visitorQuery ??
        (typeof header === 'string' ? header : undefined) ??
        readCookie(request, visitorCookie),
      now: ctx.clock.now(),
    },
    () => Promise.resolve(tree),
  );
  if (shareQuery !== undefined) remember.push({ name: shareCookie, value: shareQuery });
  if (visitorQuery !== undefined) remember.push({ name: visitorCookie, value: visitorQuery });
  // Adaptive content adapts to the visitor's claims; without them (another visibility, or
  // adaptive content off) every condition holds and the whole site shows.
  const adaptive = Boolean(tree.site.adaptive_content) && audience.claims !== undefined;
  const claims = audience.claims ?? {};
  const holds = (condition: string | null | undefined) =>
    !adaptive ||
    condition === null ||
    condition === undefined ||
    condition.trim() === '' ||
    conditionHolds(condition, claims);
  const sections = tree.sections.filter((row) => holds(row.condition));
  const shownSections = new Set(sections.map((row) => row.id));
  const siteSpaces = tree
    .siteSpacesInOrder()
    .filter(
      (row) =>
        holds(row.condition) && (row.section_id === null || shownSections.has(row.section_id)),
    );
  const audienceKey = adaptive ? JSON.stringify(claims) : '';
  // Pages show the organization's OpenAPI specs at their latest versions (blocks, computed
  // pages): a new version must name new rendered pages, like a merge does.
  const specVersions = await ctx.reads.read(
    `published-specs:${tree.site.organization_id}`,
    async (db) =>
      (
        await db
          .selectFrom('openapi_specs')
          .select(['slug', 'last_version_id'])
          .where('organization_id', '=', tree.site.organization_id)
          .orderBy('slug')
          .execute()
      ).map((row) => [row.slug, row.last_version_id]),
  );
  const stamp = createHash('sha256')
    .update(
      JSON.stringify([
        tree.site.updated_at,
        tree.site.title,
        siteSpaces.map((row) => [row.id, row.path, row.space.revision_id, row.space.title]),
        sections.map((row) => [row.id, row.path, row.title]),
        specVersions,
        audienceKey,
      ]),
    )
    .digest('base64url');
  return {
    site: tree.site,
    tree,
    audience,
    sections,
    siteSpaces,
    holds,
    audienceKey,
    stamp,
    remember,
  };
}
