import { timingSafeEqual } from 'node:crypto';
import type { Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Db } from '../storage/schema.js';
import { findSite, readerLevel } from './site-access.js';
import { SiteTree } from './site-tree.js';
import { verifyVisitorToken } from './visitor-token.js';

/** The header that carries a visitor token of a visitor-auth site. */
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';

/** What a reader of a published site brings besides their API token. */
export interface PublishedCredentials {
  shareKey?: string | undefined;
  visitorToken?: string | undefined;
  now: Date;
}

/** A published site as its reader may read it. */
export interface PublishedAudience {
  tree: SiteTree;
  /** The reader's role in the site's organization; `guest` for anyone else. */
  level: Level;
  /** Whether the reader may see the share key (a member, or someone who came with it). */
  withShareKey: boolean;
  /** The claims of the visitor token of a visitor-auth site (what adaptive content adapts to). */
  claims?: Record<string, unknown>;
}

function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Site `siteId` of `organizationId` with its structure, if there is one. */
export async function loadSiteTree(
  db: Db,
  organizationId: string,
  siteId: string,
): Promise<SiteTree | undefined> {
  const site = await findSite(db, organizationId, siteId);
  return site === undefined ? undefined : SiteTree.load(db, site);
}

/**
 * The published site as its audience reads it, whoever calls (members of its organization too:
 * the published experience is the audience's). A site that publishes nothing is a 404. `public`
 * and `unlisted` sites are read by anyone with an API token; `share-link` sites with their
 * `shareKey`; `visitor-auth` sites with a valid visitor token. Without them a member of the
 * organization gets a 403 saying what is missing; anyone else the 404 of an unknown site, so
 * that sites cannot be probed.
 */
export async function requirePublishedSite(
  db: Db,
  caller: Caller | undefined,
  organizationId: string,
  siteId: string,
  credentials: PublishedCredentials,
  /** Reads the site's structure (default: from `db`); the published pages read it through a cache. */
  loadTree: () => Promise<SiteTree | undefined> = () => loadSiteTree(db, organizationId, siteId),
): Promise<PublishedAudience> {
  const notFound = () => new NotFoundError('Site');
  const tree = await loadTree();
  if (tree === undefined) throw notFound();
  const { site } = tree;
  const level = caller === undefined ? 'guest' : await readerLevel(db, caller, organizationId);
  const refuse = (reason: string) => (level === 'guest' ? notFound() : new ForbiddenError(reason));
  if (!tree.published) {
    throw level === 'guest'
      ? notFound()
      : new NotFoundError('Site', `Site \`${site.id}\` is not published: it has no site spaces`);
  }
  const keyMatches = sameSecret(credentials.shareKey, site.share_key);
  if (site.visibility === 'share-link' && !keyMatches) {
    throw refuse('This site is published by share link: pass its `shareKey`');
  }
  const claims =
    site.visibility === 'visitor-auth' && credentials.visitorToken !== undefined
      ? await verifyVisitorToken(
          site.visitor_signing_key,
          credentials.visitorToken,
          credentials.now,
        )
      : undefined;
  if (site.visibility === 'visitor-auth' && claims === undefined) {
    throw refuse(
      `This site is published to authenticated visitors: send a valid visitor token in \`${VISITOR_TOKEN_HEADER}\``,
    );
  }
  return {
    tree,
    level,
    withShareKey: level !== 'guest' || keyMatches,
    ...(claims === undefined ? {} : { claims }),
  };
}
