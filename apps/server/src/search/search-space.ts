import type { DocumentStore } from '../content/content-documents.js';
import type { SearchPageResult } from '@docsync/api';
import type { PageRequest } from '../pagination.js';
import { ensureSearchIndex } from './ensure-search-index.js';
import { presentSearchPages } from './present-search-pages.js';
import { rankByScore, type RankedPage } from './rank-by-score.js';
import { pageScores, sectionScores } from './search-hits.js';

/**
 * Searches a space's current content: the pages with a section holding every word of the
 * query (as prefixes), best first, each with its best sections. The caller's access to the
 * space is checked before.
 */
export async function searchSpace(
  store: DocumentStore,
  spaceId: string,
  request: PageRequest & { words: readonly string[]; baseUrl: string },
): Promise<RankedPage<SearchPageResult>> {
  const { db } = store;
  const search = { words: request.words, scope: { space: spaceId } };
  await ensureSearchIndex(store, search.scope);
  const ranked = rankByScore(
    (await pageScores(db, search)).map((page) => ({ ...page, key: page.page_id })),
    request,
  );
  const hits = await sectionScores(db, search, ranked.items);
  return {
    ...ranked,
    items: (await presentSearchPages(db, request, ranked.items, hits)).map(({ result }) => result),
  };
}
