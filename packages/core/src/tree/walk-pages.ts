import type { RevisionPage } from '../model/revision.js';

/** Every page of a page tree, parents before children, in order. */
export function flattenPages(pages: readonly RevisionPage[]): RevisionPage[] {
  return pages.flatMap((page) => [page, ...('pages' in page ? flattenPages(page.pages) : [])]);
}
