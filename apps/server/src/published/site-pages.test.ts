import type { RevisionPage } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { navAncestry, sitePages } from './site-pages.js';

const doc = (id: string, path: string, pages: RevisionPage[] = [], extra = {}): RevisionPage =>
  ({
    kind: 'sheet',
    type: 'document',
    id,
    title: id,
    slug: path.split('/').pop() ?? '',
    path,
    pages,
    document: { object: 'document', data: {}, nodes: [] },
    ...extra,
  }) as RevisionPage;

const tree: RevisionPage[] = [
  doc('home', ''),
  {
    kind: 'group',
    type: 'group',
    id: 'g',
    title: 'Guides',
    slug: 'guides',
    path: 'guides',
    pages: [doc('a', 'a', [doc('a1', 'a/a1', [doc('a1x', 'a/a1/x')]), doc('a2', 'a/a2')])],
  } as RevisionPage,
  doc('hidden', 'hidden', [doc('under', 'hidden/under')], { hidden: true }),
  doc('b', 'b', [], { condition: 'visitor.claims.pro' }),
  doc('c', 'c'),
];

describe('sitePages', () => {
  it('indexes the reading order and each listed page’s ancestors, groups left out', () => {
    const pages = sitePages(tree, (condition) => condition === undefined);
    expect(pages.ordered.map((page) => page.id)).toEqual(['home', 'a', 'a1', 'a1x', 'a2', 'c']);
    expect(pages.ordered.map((page) => pages.position.get(page.id))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...navAncestry(pages, 'a1x')]).toEqual(['a1x', 'a1', 'a']);
    expect([...navAncestry(pages, 'c')]).toEqual(['c']);
    // Hidden pages (and pages under them) are served but not listed: nothing opens for them.
    expect(pages.byPath.get('hidden/under')?.id).toBe('under');
    expect(navAncestry(pages, 'under').size).toBe(0);
    // A page whose condition does not hold is nowhere.
    expect(pages.byId.has('b')).toBe(false);
    expect(navAncestry(pages, 'b').size).toBe(0);
    expect(navAncestry(pages, undefined).size).toBe(0);
  });
});
