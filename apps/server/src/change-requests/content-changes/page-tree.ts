import type { RevisionPage } from '@docsync/core';

/** A page that can hold pages (every kind but links). */
export type PageWithChildren = Exclude<RevisionPage, { type: 'link' }>;

/** Where a page sits: the list holding it, its index there, and its parent (null: top level). */
export interface PageLocation {
  siblings: RevisionPage[];
  index: number;
  page: RevisionPage;
  parent: PageWithChildren | null;
}

/**
 * A page tree being edited by a batch. It works on its own copy of the tree's structure (the
 * page objects are copied, documents are shared and never changed in place), so the revision it
 * was made from stays as it was.
 */
export class PageTree {
  readonly pages: RevisionPage[];

  constructor(pages: readonly RevisionPage[]) {
    const copy = (list: readonly RevisionPage[]): RevisionPage[] =>
      list.map((page) =>
        page.type === 'link' ? { ...page } : { ...page, pages: copy(page.pages) },
      );
    this.pages = copy(pages);
  }

  /** Where the page with `id` is, or undefined. */
  find(id: string): PageLocation | undefined {
    const search = (
      list: RevisionPage[],
      parent: PageWithChildren | null,
    ): PageLocation | undefined => {
      for (const [index, page] of list.entries()) {
        if (page.id === id) return { siblings: list, index, page, parent };
        if (page.type !== 'link') {
          const found = search(page.pages, page);
          if (found !== undefined) return found;
        }
      }
      return undefined;
    };
    return search(this.pages, null);
  }

  /** Whether `id` is `ancestorId` or lies under it. */
  isWithin(id: string, ancestorId: string): boolean {
    const ancestor = this.find(ancestorId)?.page;
    if (ancestor === undefined) return false;
    const walk = (page: RevisionPage): boolean =>
      page.id === id || (page.type !== 'link' && page.pages.some(walk));
    return walk(ancestor);
  }

  /** The list under `parent` (null: the top level). */
  childrenOf(parent: PageWithChildren | null): RevisionPage[] {
    return parent === null ? this.pages : parent.pages;
  }

  /** Replaces the page at a location with `page` (same id). */
  replace(location: PageLocation, page: RevisionPage): void {
    location.siblings[location.index] = page;
  }

  /** Takes a page and its subtree out of the tree. */
  remove(location: PageLocation): void {
    location.siblings.splice(location.index, 1);
  }

  /** Puts a page under `parent` at `at` (absent: last), and gives it and its subtree paths. */
  insert(page: RevisionPage, parent: PageWithChildren | null, at: number | undefined): void {
    const siblings = this.childrenOf(parent);
    siblings.splice(at ?? siblings.length, 0, page);
    placePaths(page, parent);
  }
}

/** Lowercase words joined by dashes, as GitBook makes slugs from titles. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'page' : slug;
}

/** `slug`, or `slug-2`, `slug-3`… when a sibling other than `selfId` already has it. */
export function uniqueSlug(
  slug: string,
  siblings: readonly RevisionPage[],
  selfId: string,
): string {
  const taken = new Set(
    siblings.flatMap((page) => (page.type === 'link' || page.id === selfId ? [] : [page.slug])),
  );
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = `${slug}-${n}`;
  return candidate;
}

/**
 * Sets the paths of a page and its subtree from the parent's path and the slugs. A page whose
 * path changes loses its `git` location: it no longer matches the file it was read from, and
 * its markdown is then written where its path says.
 */
export function placePaths(page: RevisionPage, parent: PageWithChildren | null): void {
  if (page.type === 'link') return;
  const path = parent === null || parent.path === '' ? page.slug : `${parent.path}/${page.slug}`;
  if (page.path !== path) {
    page.path = path;
    if (page.type === 'document') delete page.git;
  }
  for (const child of page.pages) placePaths(child, page);
}
