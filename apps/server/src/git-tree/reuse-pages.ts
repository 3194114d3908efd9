import type { RevisionPage, RevisionPageDocument } from '@docsync/core';
import type { PageRow } from '../content/stored-revision.js';
import type { KnownPage } from './space-render-state.js';

/**
 * The known page objects whose stored row is the revision's row for that page (fields text and
 * document hash), by page id: a snapshot, so a listing running alongside cannot change what this
 * one decided not to load.
 */
export function unchangedPages(
  rows: ReadonlyMap<string, PageRow>,
  known: ReadonlyMap<string, KnownPage>,
): Map<string, RevisionPageDocument> {
  const unchanged = new Map<string, RevisionPageDocument>();
  for (const [pageId, row] of rows) {
    const page = known.get(pageId);
    if (
      page !== undefined &&
      page.fieldsText === row.fieldsText &&
      page.documentHash === row.documentHash
    )
      unchanged.set(pageId, page.page);
  }
  return unchanged;
}

/**
 * The page tree with each unchanged document page replaced by its known object (its fields'
 * values, document included, shared; its children the revision's). Pages whose documents were
 * not loaded must all be in `unchanged`.
 */
export function withKnownPages(
  pages: readonly RevisionPage[],
  unchanged: ReadonlyMap<string, RevisionPageDocument>,
): RevisionPage[] {
  return pages.map((page) => {
    if (page.type === 'link') return page;
    const children = withKnownPages(page.pages, unchanged);
    const known = page.type === 'document' ? unchanged.get(page.id) : undefined;
    return known === undefined ? { ...page, pages: children } : { ...known, pages: children };
  });
}

/** Every document page of a page tree, parents first. */
export function documentPages(pages: readonly RevisionPage[]): RevisionPageDocument[] {
  return pages.flatMap((page) => [
    ...(page.type === 'document' ? [page] : []),
    ...('pages' in page ? documentPages(page.pages) : []),
  ]);
}
