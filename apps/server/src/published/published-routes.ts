import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, NotFoundError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import { resolveSiteAddress } from './site-addresses.js';
import { siteAsset } from './site-assets.js';
import { renderErrorPage } from './error-page.js';
import { siteFeed } from './site-feeds.js';
import { renderSitePage } from './site-page.js';
import { renderSearchPage } from './site-search.js';
import { sendSiteFile } from './site-files.js';
import { openSiteVisit, type SiteVisit } from './site-visit.js';

/** The path prefix published sites are served under: `/sites/<siteId>/…` (see docs/sites.md). */
export const SITES_PREFIX = '/sites';

/**
 * Content-Security-Policy of site pages: only this origin's stylesheet and script run; images
 * may come from anywhere over https (documents link images by URL); nothing may frame a page.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function sendHtml(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: string,
  visit: SiteVisit | undefined,
  etag?: string,
): FastifyReply {
  const open = visit?.site.visibility === 'public' || visit?.site.visibility === 'unlisted';
  void reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'same-origin')
    .header('cache-control', open ? 'public, no-cache' : 'private, no-cache');
  if (visit !== undefined && visit.site.visibility !== 'public')
    reply.header('x-robots-tag', 'noindex');
  if (etag !== undefined) {
    reply.header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  }
  return reply.send(body);
}

/** Keeps the share key or visitor token that came in the query, for the pages linked from here. */
function rememberCredentials(reply: FastifyReply, request: FastifyRequest, visit: SiteVisit): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  for (const { name, value } of visit.remember)
    reply.header(
      'set-cookie',
      `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secure}`,
    );
}

/** Where a request for a site leads: the site, the segments below its address, the path. */
export interface SiteRequest {
  siteId: string;
  /** The path's segments below the site's address (empty: its home page). */
  segments: readonly string[];
  /**
   * The request's path as `/sites/<siteId>/…` has it: every link of a page is relative, so a
   * page asked for on the site's own host links as it does here.
   */
  requestPath: string;
}

/**
 * Answers a request for a published site: pages as HTML, `~search`, `~files/…`, `~static/…`,
 * `sitemap.xml`, `robots.txt`, `llms.txt` and each page as markdown (`<page>.md`). Rendered
 * pages are kept by everything they show (see `PublishedCaches`).
 */
export async function serveSite(
  ctx: ServerContext,
  publicUrl: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  { siteId, segments, requestPath }: SiteRequest,
): Promise<FastifyReply> {
  const baseUrl = publicUrl ?? `${request.protocol}://${request.host}`;
  if (segments[0] === '~static') {
    const asset = siteAsset(segments[1] ?? '');
    if (asset === undefined || segments.length !== 2)
      return sendHtml(reply, request, 404, renderErrorPage(404, 'Not found'), undefined);
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  }
  let visit: SiteVisit | undefined;
  try {
    visit = await openSiteVisit(ctx, request, siteId);
    rememberCredentials(reply, request, visit);
    if (segments[0] === '~files') return await sendSiteFile(ctx, reply, visit, segments.slice(1));
    if (segments[0] === '~search') {
      const query = (request.query as Record<string, unknown>)['q'];
      const html = await renderSearchPage(ctx, visit, {
        requestPath,
        baseUrl,
        query: typeof query === 'string' ? query : '',
      });
      return await sendHtml(reply, request, 200, html, visit);
    }
    const feed = await siteFeed(ctx, visit, segments, { baseUrl, requestPath });
    if (feed !== undefined) {
      return await reply
        .code(feed.status)
        .header('content-type', feed.contentType)
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', visit.site.visibility === 'public' ? 'all' : 'noindex')
        .send(feed.body);
    }
    const address = resolveSiteAddress(visit, segments);
    if (address === undefined) throw new NotFoundError('Page');
    const key = `${visit.stamp}|${address.siteSpace.id}|${address.pagePath}|${requestPath}`;
    let cached = ctx.caches.publishedPages.get(key);
    if (cached === undefined) {
      const html = await renderSitePage(ctx, visit, address, { requestPath, baseUrl });
      if (html === undefined) throw new NotFoundError('Page');
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      cached = { status: 200, body: html, contentType: 'text/html; charset=utf-8', etag };
      ctx.caches.publishedPages.set(key, cached, html.length + key.length);
    }
    return await sendHtml(reply, request, cached.status, cached.body, visit, cached.etag);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // A reader who may not read the site learns no more than that there is nothing here.
    const status = error.status === 403 ? 404 : error.status;
    return sendHtml(
      reply,
      request,
      status,
      renderErrorPage(status, status === 404 ? 'Page not found' : error.message),
      visit,
    );
  }
}

/** A 404 page for a path that leads to no site. */
export function sendNoSite(reply: FastifyReply, request: FastifyRequest): FastifyReply {
  return sendHtml(reply, request, 404, renderErrorPage(404, 'Page not found'), undefined);
}

/**
 * Serves published sites at `/sites/<siteId>/<section>/<site space>/<page path>` (defaults left
 * out, as `urls.published` has them); see {@link serveSite}, and `site-hosts.ts` for sites on
 * their own hostname.
 */
export function usePublishedSites(
  app: FastifyInstance,
  ctx: ServerContext,
  publicUrl: string | undefined,
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { siteId: string; '*'?: string };
    return serveSite(ctx, publicUrl, request, reply, {
      siteId: params.siteId,
      segments: (params['*'] ?? '').split('/').filter((segment) => segment !== ''),
      requestPath: request.url.split('?')[0] ?? '/',
    });
  };
  app.get(`${SITES_PREFIX}/:siteId`, handler);
  app.get(`${SITES_PREFIX}/:siteId/*`, handler);
}
