import type { Site } from '@docsync/api';
import type { SiteRow } from '../sites/site-tree.js';

/**
 * What docsync serves on every site, whatever its type: it has no plans that switch features on
 * or off, so each is listed at the lowest plan, never frozen. The ids are words of GitBook's
 * client's list (`SiteFeatureKey`): the API description shows only `sites-adaptive-content`.
 */
const FEATURES: NonNullable<Site['features']> = [
  'sites-adaptive-content',
  'sites-sections',
  'sites-visitor-authentication',
].map((id) => ({ id, plan: 'basic', frozen: false, customizations: [] }));

/** How a site's published URL is shown to one caller. */
export interface PublishedUrlOptions {
  /**
   * Put the share key in the URL of a share-link site: for members of its organization (the
   * link they hand out) and for visitors who came with the key.
   */
  withShareKey: boolean;
}

/**
 * Where the audience reads a site: behind its proxy (`https://<host>/<path>`) when it has one;
 * else on its own hostname, with the service's scheme and port (`<scheme>://<hostname>[:port]`,
 * then `/<basename>` when it has one), where docsync serves it to requests for that host; else
 * `<base>/sites/<id>` (see docs/sites.md). A share-link site's URL carries `?shareKey=` when the
 * caller may see the key.
 */
export function sitePublishedUrl(
  site: SiteRow,
  baseUrl: string,
  options: PublishedUrlOptions,
): string {
  const url =
    site.proxy !== null
      ? `https://${site.proxy}`
      : site.hostname !== null
        ? siteHostUrl(site.hostname, site.basename, baseUrl)
        : `${baseUrl}/sites/${site.id}`;
  return site.visibility === 'share-link' && options.withShareKey
    ? `${url}?shareKey=${encodeURIComponent(site.share_key)}`
    : url;
}

/** `<scheme>://<hostname>[:port]` of the service at `baseUrl`, then `/<basename>` if any. */
function siteHostUrl(hostname: string, basename: string | null, baseUrl: string): string {
  const service = new URL(baseUrl);
  const port = service.port === '' ? '' : `:${service.port}`;
  const path = basename === null ? '' : `/${encodeURIComponent(basename)}`;
  return `${service.protocol}//${hostname}${port}${path}`;
}

/** Joins a published URL and path segments (`?shareKey=` stays at the end). */
export function publishedUrlWith(url: string, segments: readonly string[]): string {
  if (segments.length === 0) return url;
  const [path = '', query] = url.split('?');
  const joined = `${path.replace(/\/$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
  return query === undefined ? joined : `${joined}?${query}`;
}

/** The API's Site for a stored one with `siteSpaces` site spaces. */
export function siteResource(
  row: SiteRow,
  siteSpaces: number,
  baseUrl: string,
  options: PublishedUrlOptions,
): Site {
  const published = siteSpaces > 0;
  const site: Site = {
    object: 'site',
    id: row.id,
    type: row.type as Site['type'],
    title: row.title,
    visibility: row.visibility as Site['visibility'],
    published,
    siteSpaces,
    createdAt: row.created_at,
    adaptiveContent: { enabled: Boolean(row.adaptive_content) },
    agentsContext: row.agents_context as Site['agentsContext'],
    features: FEATURES,
    urls: {
      location: `${baseUrl}/v1/orgs/${row.organization_id}/sites/${row.id}`,
      app: `${baseUrl}/app/o/${row.organization_id}/sites/${row.id}`,
      ...(published ? { published: sitePublishedUrl(row, baseUrl, options) } : {}),
    },
  };
  if (row.basename !== null) site.basename = row.basename;
  if (row.hostname !== null) site.hostname = row.hostname;
  if (row.proxy !== null) {
    site.proxy = { origin: `https://${row.proxy}`, target: `${baseUrl}/sites/${row.id}` };
  }
  return site;
}
