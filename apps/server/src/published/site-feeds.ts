import { pageMarkdown } from '../content/page-markdown.js';
import { spaceRevision } from '../content/space-revision.js';
import { NotFoundError } from '../errors.js';
import { sitePublishedUrl } from '../resources/site-resource.js';
import type { ServerContext } from '../server-context.js';
import { everyPage } from './site-pages.js';
import { resolveSiteAddress, siteSpaceSegments } from './site-addresses.js';
import { readSiteSpace } from './site-page.js';
import type { SiteVisit } from './site-visit.js';

/** A text response of a site that is not a page. */
export interface SiteFeed {
  status: number;
  contentType: string;
  body: string;
}

/** Where the site is read (its proxy's address, else `<base>/sites/<id>`), without a share key. */
function siteUrl(visit: SiteVisit, baseUrl: string): string {
  return sitePublishedUrl(visit.site, baseUrl, { withShareKey: false }).replace(/\/$/, '');
}

/** The absolute URL of a page (the empty path: its site space's address), plus `suffix`. */
function pageUrl(
  visit: SiteVisit,
  baseUrl: string,
  segments: readonly string[],
  suffix = '',
): string {
  const path = segments.filter(Boolean).map(encodeURIComponent).join('/');
  return `${siteUrl(visit, baseUrl)}${path === '' ? '' : `/${path}`}${suffix}`;
}

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c] ?? ''};`,
  );

/** Every listed page a reader of the site may read, by site space, with its address segments. */
async function listedPages(ctx: ServerContext, visit: SiteVisit, baseUrl: string) {
  return Promise.all(
    visit.siteSpaces.map(async (siteSpace) => {
      const content = await readSiteSpace(ctx, visit, siteSpace, baseUrl);
      const base = siteSpaceSegments(visit, siteSpace);
      return {
        siteSpace,
        pages: content.pages.ordered.map((page) => ({
          page,
          segments: [...base, ...(page === content.pages.first ? [] : page.path.split('/'))],
        })),
      };
    }),
  );
}

/**
 * `robots.txt`, `sitemap.xml`, `llms.txt` and pages as markdown (`<page path>.md`, the file Git
 * Sync writes), or undefined when `segments` name none of them. Only a public site has a sitemap
 * and lets robots in; pages marked `noIndex` are left out of it. `llms.txt` and the markdown
 * pages exist while the site's agent context is `included`.
 */
export async function siteFeed(
  ctx: ServerContext,
  visit: SiteVisit,
  segments: readonly string[],
  options: { baseUrl: string; requestPath: string },
): Promise<SiteFeed | undefined> {
  const only = segments.length === 1 ? segments[0] : undefined;
  const isPublic = visit.site.visibility === 'public';
  const agents = visit.site.agents_context === 'included';
  if (only === 'robots.txt') {
    const body = isPublic
      ? `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(visit, options.baseUrl)}/sitemap.xml\n`
      : 'User-agent: *\nDisallow: /\n';
    return { status: 200, contentType: 'text/plain; charset=utf-8', body };
  }
  if (only === 'sitemap.xml') {
    if (!isPublic) throw new NotFoundError('Sitemap');
    const urls = (await listedPages(ctx, visit, options.baseUrl)).flatMap(({ pages }) =>
      pages
        .filter(({ page }) => page.noIndex !== true && page.noRobotsIndex !== true)
        .map(
          ({ segments: at }) =>
            `  <url><loc>${xmlEscape(pageUrl(visit, options.baseUrl, at))}</loc></url>`,
        ),
    );
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length === 0 ? '' : '\n'}</urlset>\n`;
    return { status: 200, contentType: 'application/xml; charset=utf-8', body };
  }
  if (only === 'llms.txt') {
    if (!agents) throw new NotFoundError('llms.txt');
    const lines = [`# ${visit.site.title}`, ''];
    for (const { siteSpace, pages } of await listedPages(ctx, visit, options.baseUrl)) {
      lines.push(`## ${siteSpace.space.title}`, '');
      for (const { page, segments: at } of pages) {
        const target = pageUrl(visit, options.baseUrl, at.length === 0 ? ['index'] : at, '.md');
        lines.push(
          `- [${page.title.replace(/[[\]]/g, '\\$&')}](${target})${page.description === undefined ? '' : `: ${page.description}`}`,
        );
      }
      lines.push('');
    }
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: lines.join('\n') };
  }
  const last = segments[segments.length - 1];
  if (last?.endsWith('.md') !== true) return undefined;
  if (!agents) throw new NotFoundError('Page');
  // `<page>.md` for a page's address; `index.md` for a site space's own address.
  const stem = last.slice(0, -3);
  const pathSegments = [...segments.slice(0, -1), ...(stem === 'index' ? [] : [stem])];
  const address = resolveSiteAddress(visit, pathSegments);
  if (address === undefined) throw new NotFoundError('Page');
  const content = await readSiteSpace(ctx, visit, address.siteSpace, options.baseUrl);
  const page =
    address.pagePath === '' ? content.pages.first : content.pages.byPath.get(address.pagePath);
  if (page === undefined) throw new NotFoundError('Page');
  const revision = await spaceRevision(ctx, address.siteSpace.space, {
    documents: [page.id],
    shared: true,
  });
  const stored = everyPage(revision.content.pages).find((item) => item.id === page.id);
  // A page generated from an OpenAPI spec has no file of its own: it is listed, not written.
  if (stored?.type !== 'document') throw new NotFoundError('Page');
  return {
    status: 200,
    contentType: 'text/markdown; charset=utf-8',
    body: pageMarkdown(ctx.caches, revision, stored),
  };
}
