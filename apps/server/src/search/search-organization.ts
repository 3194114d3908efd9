import type { DocumentStore } from '../content/content-documents.js';
import type { SearchSpaceResult } from '@docsync/api';
import type { PageRequest } from '../pagination.js';
import { ensureSearchIndex } from './ensure-search-index.js';
import { presentSearchPages } from './present-search-pages.js';
import { rankByScore, type RankedPage } from './rank-by-score.js';
import { pageScores, sectionScores, spaceScores, type Scored } from './search-hits.js';

/** The most pages one space of an organization-wide search lists, best first. */
export const PAGES_PER_SPACE = 10;

/**
 * Searches the current content of an organization's active spaces: the spaces with a
 * matching page, best first, each with its best pages (up to {@link PAGES_PER_SPACE}) as a
 * space search lists them. The caller must be able to read every space of the organization
 * (members can; guests get no results, see the route).
 */
export async function searchOrganization(
  store: DocumentStore,
  organizationId: string,
  request: PageRequest & { words: readonly string[]; baseUrl: string },
): Promise<RankedPage<SearchSpaceResult>> {
  const { db } = store;
  const search = { words: request.words, scope: { organization: organizationId } };
  await ensureSearchIndex(store, search.scope);
  const ranked = rankByScore(
    (await spaceScores(db, search)).map((space) => ({ ...space, key: space.space_id })),
    request,
  );
  const spaceIds = ranked.items.map((space) => space.space_id);
  if (spaceIds.length === 0) return { ...ranked, items: [] };

  const pagesOf = new Map<string, Scored[]>();
  for (const page of await pageScores(db, search, spaceIds)) {
    const pages = pagesOf.get(page.space_id) ?? [];
    pages.push(page);
    pagesOf.set(page.space_id, pages);
  }
  const best = new Map(
    spaceIds.map((id) => [
      id,
      rankByScore(
        (pagesOf.get(id) ?? []).map((page) => ({ ...page, key: page.page_id })),
        { limit: PAGES_PER_SPACE },
      ).items,
    ]),
  );
  const pages = [...best.values()].flat();
  const results = await presentSearchPages(
    db,
    request,
    pages,
    await sectionScores(db, search, pages),
  );
  const titles = new Map(
    (
      await db.selectFrom('spaces').select(['id', 'title']).where('id', 'in', spaceIds).execute()
    ).map((space) => [space.id, space.title]),
  );
  return {
    ...ranked,
    items: spaceIds.map((id) => ({
      id,
      title: titles.get(id) ?? '',
      pages: results.filter((page) => page.space_id === id).map(({ result }) => result),
    })),
  };
}
