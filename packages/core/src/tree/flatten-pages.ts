import type { RevisionPage } from '../model/revision.js';

/** Every page of a page tree, parents before children, in order. */
export function flattenPages(pages: readonly RevisionPage[]): RevisionPage[] {
  // One output array filled by a walk: nested spreads copied every subtree once per level.
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
