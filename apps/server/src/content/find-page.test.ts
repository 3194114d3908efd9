import { flattenPages, type RevisionPage } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { findPage } from './load-revision.js';
import { EMPTY_DOCUMENT } from './stored-revision.js';

/** A tree of groups, documents with children and links, `width` wide at each of `depth` levels. */
function tree(width: number, depth: number, prefix = 'p'): RevisionPage[] {
  return Array.from({ length: width }, (_, index): RevisionPage => {
    const id = `${prefix}-${String(index)}`;
    const pages = depth > 1 ? tree(width, depth - 1, id) : [];
    if (index === width - 1)
      return { type: 'link', id, title: id, target: { kind: 'url', url: 'https://example.com' } };
    if (depth === 3 && index === 0)
      return { type: 'group', id, title: id, slug: id, path: id, pages };
    return { type: 'document', id, title: id, slug: id, path: id, document: EMPTY_DOCUMENT, pages };
  });
}

function freeze(pages: RevisionPage[]): RevisionPage[] {
  for (const page of pages) if ('pages' in page) freeze(page.pages);
  return Object.freeze(pages) as RevisionPage[];
}

describe('findPage', () => {
  it('finds every page as flattenPages does, in a frozen tree and a changing one', () => {
    for (const pages of [freeze(tree(4, 3)), tree(4, 3)]) {
      const all = flattenPages(pages);
      expect(all.length).toBeGreaterThan(30);
      for (const page of all) expect(findPage(pages, page.id)).toBe(page);
      expect(findPage(pages, 'no-such-page')).toBeUndefined();
    }
  });

  it('does not keep the places of a tree that may change', () => {
    const pages = tree(3, 2);
    expect(findPage(pages, 'p-1-0')?.id).toBe('p-1-0');
    pages.reverse();
    expect(findPage(pages, 'p-1-0')).toBe(flattenPages(pages).find((page) => page.id === 'p-1-0'));
  });
});
