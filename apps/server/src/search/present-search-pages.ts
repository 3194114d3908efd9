import type { SearchPageResult } from '@docsync/api';
import { readJson } from '../resources/json-column.js';
import { resourceUrls } from '../resources/resource-urls.js';
import type { Db } from '../storage/schema.js';
import type { SectionHit } from './full-text.js';
import type { Scored } from './search-hits.js';
import { searchExcerpt } from './search-excerpt.js';

/** The most matching sections one page result lists, best first. */
export const SECTIONS_PER_PAGE = 5;

/** Ids per statement: well under both dialects' limits on parameters. */
const BATCH = 500;

const pageKey = (page: Pick<Scored, 'space_id' | 'page_id'>) => `${page.space_id}\n${page.page_id}`;

/**
 * Search results for pages (with the space each is in): each page's title, path, ancestors and app link, with its best
 * matching sections (up to {@link SECTIONS_PER_PAGE}; a section that matched only through the
 * page title and has no text of its own is left out). A section's `id` and `path` are the
 * page's, plus `#anchor` for a heading's; `body` is an excerpt around the first match.
 */
export async function presentSearchPages(
  db: Db,
  options: { baseUrl: string; words: readonly string[] },
  pages: readonly Pick<Scored, 'space_id' | 'page_id'>[],
  hits: readonly SectionHit[],
): Promise<{ space_id: string; result: SearchPageResult }[]> {
  const bestOf = new Map<string, SectionHit[]>();
  for (const hit of [...hits].sort((a, b) => b.score - a.score || a.position - b.position)) {
    const best = bestOf.get(pageKey(hit)) ?? [];
    if (best.length < SECTIONS_PER_PAGE) best.push(hit);
    bestOf.set(pageKey(hit), best);
  }
  const sectionIds = [...bestOf.values()].flat().map((hit) => hit.id);
  const sections = new Map<string, { anchor: string; title: string; body: string }>();
  for (let start = 0; start < sectionIds.length; start += BATCH) {
    const rows = await db
      .selectFrom('search_sections')
      .select(['id', 'anchor', 'title', 'body'])
      .where('id', 'in', sectionIds.slice(start, start + BATCH).map(Number))
      .execute();
    for (const row of rows) sections.set(String(row.id), row);
  }
  const entries = new Map<string, { title: string; path: string; ancestors: string }>();
  const spaceIds = [...new Set(pages.map((page) => page.space_id))];
  const pageIds = [...new Set(pages.map((page) => page.page_id))];
  for (let start = 0; start < pageIds.length; start += BATCH) {
    const rows = await db
      .selectFrom('search_pages')
      .select(['space_id', 'page_id', 'title', 'path', 'ancestors'])
      .where('space_id', 'in', spaceIds)
      .where('page_id', 'in', pageIds.slice(start, start + BATCH))
      .execute();
    for (const row of rows) entries.set(pageKey(row), row);
  }

  return pages.flatMap((page) => {
    const entry = entries.get(pageKey(page));
    if (entry === undefined) return [];
    const app = resourceUrls.space(options.baseUrl, page.space_id).app;
    const pageApp = entry.path === '' ? app : `${app}/${encodeURI(entry.path)}`;
    const located = (anchor: string) => (anchor === '' ? '' : `#${anchor}`);
    const linked = (anchor: string) => (anchor === '' ? '' : `#${encodeURIComponent(anchor)}`);
    const result: SearchPageResult = {
      id: page.page_id,
      title: entry.title,
      path: entry.path,
      sections: (bestOf.get(pageKey(page)) ?? []).flatMap((hit) => {
        const section = sections.get(String(hit.id));
        if (section === undefined || (section.anchor === '' && section.body === '')) return [];
        return [
          {
            id: `${page.page_id}${located(section.anchor)}`,
            title: section.title,
            path: `${entry.path}${located(section.anchor)}`,
            body: searchExcerpt(section.body, options.words),
            urls: { app: `${pageApp}${linked(section.anchor)}` },
          },
        ];
      }),
      ancestors: readJson(entry.ancestors) as { title: string }[],
      urls: { app: pageApp },
    };
    return [{ space_id: page.space_id, result }];
  });
}
