import type { RevisionPage, RevisionPageDocument } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { PageTree, slugify, uniqueSlug } from './page-tree.js';

/** A document page with no content. */
function page(id: string, slug: string, path: string, pages: RevisionPage[] = []) {
  const made: RevisionPageDocument = {
    type: 'document',
    id,
    title: id,
    slug,
    path,
    document: { object: 'document', data: {}, nodes: [] },
    pages,
    git: { oid: 'x', path: `${path}.md` },
  };
  return made;
}

describe('page tree edits', () => {
  it('makes slugs from titles as lowercase dashed words, never empty', () => {
    expect(slugify('Getting Started — Été!')).toBe('getting-started-ete');
    expect(slugify('***')).toBe('page');
  });

  it('numbers a slug a sibling already has, ignoring the page itself', () => {
    const siblings = [page('a', 'setup', 'setup'), page('b', 'setup-2', 'setup-2')];
    expect(uniqueSlug('setup', siblings, 'c')).toBe('setup-3');
    expect(uniqueSlug('setup', siblings, 'a')).toBe('setup');
  });

  it('gives a moved page and its subtree new paths and drops their git locations', () => {
    const tree = new PageTree([
      page('guide', 'guide', 'guide'),
      page('old', 'old', 'old', [page('child', 'child', 'old/child')]),
    ]);
    const old = tree.find('old');
    const guide = tree.find('guide')?.page;
    if (old === undefined || guide?.type !== 'document') throw new Error('pages not found');
    tree.remove(old);
    tree.insert(old.page, guide, 0);
    const moved = tree.find('child')?.page;
    expect(moved).toMatchObject({ path: 'guide/old/child' });
    expect(moved).not.toHaveProperty('git');
    expect(tree.find('guide')?.page).toHaveProperty('git');
  });

  it('leaves the revision it copied unchanged', () => {
    const original = [page('a', 'a', 'a')];
    const tree = new PageTree(original);
    const found = tree.find('a');
    if (found === undefined) throw new Error('page not found');
    tree.remove(found);
    expect(original).toHaveLength(1);
    expect(tree.pages).toHaveLength(0);
  });
});
