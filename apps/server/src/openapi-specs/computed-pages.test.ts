import type { RevisionPage, RevisionPageComputed } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { expandComputedPages, isGeneratedPage } from './computed-pages.js';
import type { ResolvedSpec, SpecResolver } from './stored-specs.js';

const spec: ResolvedSpec = {
  slug: 'pets',
  specId: 'spec',
  versionId: 'v1',
  url: 'https://example.com/pets.yaml',
  document: {
    openapi: '3.1.0',
    paths: {
      '/pets': { get: { tags: ['pets'], summary: 'List pets' } },
      '/health': { get: { summary: 'Health' } },
    },
  },
};

const resolver: SpecResolver = {
  resolve: (slug) => Promise.resolve(slug === 'pets' ? spec : undefined),
};

const computed = (id: string, specSlug: string, props = {}): RevisionPageComputed => ({
  type: 'computed',
  id,
  title: 'API reference',
  slug: 'builtin-openapi',
  path: 'reference',
  computed: {
    type: 'builtin:openapi',
    props,
    dependencies: { spec: { ref: { kind: 'openapi', spec: specSlug } } },
  },
  pages: [],
});

const parent = (pages: RevisionPage[]): RevisionPage => ({
  type: 'document',
  id: 'parent',
  title: 'Reference',
  slug: 'reference',
  path: 'reference',
  document: { object: 'document', data: {}, nodes: [] },
  pages,
});

const flat = (pages: readonly RevisionPage[]): RevisionPage[] =>
  pages.flatMap((page) => [page, ...('pages' in page ? flat(page.pages) : [])]);

describe('computed OpenAPI pages', () => {
  it('gives two computed pages of one spec side by side (as GitBook exports have) distinct ids and paths', async () => {
    const pages = await expandComputedPages(
      [parent([computed('a', 'pets'), computed('b', 'pets')])],
      resolver,
    );
    const generated = flat(pages).filter(isGeneratedPage);
    expect(generated.map((page) => page.path)).toEqual([
      'reference/pets',
      'reference/pets/list-pets',
      'reference/default',
      'reference/default/health',
      'reference/pets-2',
      'reference/pets-2/list-pets',
      'reference/default-2',
      'reference/default-2/health',
    ]);
    expect(new Set(generated.map((page) => page.id)).size).toBe(8);
    expect(generated[0]?.computedSeed).toBe('a');
    expect(generated[4]?.computedSeed).toBe('b');
  });

  it('keeps the tree as it is without computed pages, and a computed page of an unknown spec as stored', async () => {
    const plain = [parent([])];
    expect(await expandComputedPages(plain, resolver)).toBe(plain);
    const unknown = [parent([computed('a', 'nowhere')])];
    expect(await expandComputedPages(unknown, resolver)).toEqual(unknown);
  });

  it('puts the operations in the tag pages with `grouping: by-tag`', async () => {
    const [page] = await expandComputedPages(
      [computed('a', 'pets', { grouping: 'by-tag' })],
      resolver,
    );
    expect(page).toMatchObject({ title: 'Pets', path: 'reference/pets', pages: [] });
    expect(page?.type === 'document' ? page.document.nodes : []).toEqual([
      {
        object: 'block',
        type: 'openapi-operation',
        isVoid: true,
        data: {
          path: '/pets',
          method: 'get',
          ref: { kind: 'openapi', spec: 'pets' },
          specUrl: 'https://example.com/pets.yaml',
        },
      },
    ]);
  });
});
