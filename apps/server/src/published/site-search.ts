import type { Element } from 'hast';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import { searchSpace } from '../search/search-space.js';
import { searchWords } from '../search/search-words.js';
import type { ServerContext } from '../server-context.js';
import { relativeHref } from './relative-href.js';
import { renderSiteLayout } from './site-layout.js';
import { pageServerPath, readSiteSpace, sectionLinks, siteRoot } from './site-page.js';
import type { SiteVisit } from './site-visit.js';

/** The most results shown per site space. */
const RESULTS_PER_SPACE = 20;

/** What the search page was asked. */
export interface SearchPageRequest {
  requestPath: string;
  baseUrl: string;
  query: string;
}

/**
 * The site's search page (`~search?q=`): docsync's full-text search over every site space the
 * reader may read, best pages first with their best sections, each linking to its place on the
 * site. Pages adaptive content hides from the reader are not listed.
 */
export async function renderSearchPage(
  ctx: ServerContext,
  visit: SiteVisit,
  request: SearchPageRequest,
): Promise<string> {
  const to = (path: string) => relativeHref(request.requestPath, path);
  const words = searchWords(request.query.slice(0, 512));
  const results: Element[] = [];
  for (const siteSpace of words.length === 0 ? [] : visit.siteSpaces) {
    const content = await readSiteSpace(ctx, visit, siteSpace, request.baseUrl);
    const found = await searchSpace(ctx, siteSpace.space_id, {
      words,
      baseUrl: request.baseUrl,
      limit: RESULTS_PER_SPACE,
    });
    for (const result of found.items) {
      const page = content.pages.byId.get(result.id);
      if (page?.type !== 'document') continue;
      const path = pageServerPath(visit, siteSpace, page === content.pages.first ? '' : page.path);
      const section = result.sections[0];
      const anchor =
        section?.path.includes('#') === true ? section.path.slice(section.path.indexOf('#')) : '';
      results.push(
        h('li', [
          h('a', { href: `${to(path)}${anchor}` }, result.title),
          visit.siteSpaces.length > 1
            ? h('span', { className: ['ds-tag'] }, siteSpace.space.title)
            : null,
          section === undefined || section.body === '' ? null : h('p', section.body),
        ]),
      );
    }
  }
  const summary =
    words.length === 0
      ? 'Type words to search for.'
      : results.length === 0
        ? `No pages match “${request.query}”.`
        : `${results.length} ${results.length === 1 ? 'page matches' : 'pages match'} “${request.query}”.`;
  return renderSiteLayout({
    siteTitle: visit.site.title,
    title: 'Search',
    homeHref: to(siteRoot(visit)),
    searchHref: to(`${siteRoot(visit)}/~search`),
    assetsHref: to(`${siteRoot(visit)}/~static/`),
    query: request.query,
    sections: sectionLinks(visit, undefined, to),
    variants: [],
    nav: [],
    contentHtml: toHtml([
      h('p', { role: 'status' }, summary),
      h('ol', { className: ['ds-results'] }, results),
    ]),
    outline: [],
    noIndex: true,
  });
}
