import type { RevisionPage } from '@docsync/core';

/** Every page of a page tree, parents before children, in order. */
export function flattenRevisionPages(pages: readonly RevisionPage[]): RevisionPage[] {
  const out: RevisionPage[] = [];
  const walk = (list: readonly RevisionPage[]) => {
    for (const page of list) {
      out.push(page);
      if ('pages' in page) walk(page.pages);
    }
  };
  walk(pages);
  return out;
}
