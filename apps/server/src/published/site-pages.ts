import type { RevisionPage, RevisionPageDocument, RevisionPageLink } from '@docsync/core';

/** An entry of a site space's navigation: a page, a link or a group heading, with its pages. */
export type NavEntry =
  | { kind: 'page'; page: RevisionPageDocument; children: NavEntry[] }
  | { kind: 'link'; page: RevisionPageLink }
  | { kind: 'group'; title: string; children: NavEntry[] };

/** A site space's pages as readers see them: the navigation, and the pages in reading order. */
export interface SitePages {
  nav: NavEntry[];
  /** Document pages in the order of the navigation (previous/next follow it). */
  ordered: RevisionPageDocument[];
  /** The page served at the site space's own address: the one with the empty path, else the first. */
  first: RevisionPageDocument | undefined;
  byPath: ReadonlyMap<string, RevisionPageDocument>;
  byId: ReadonlyMap<string, RevisionPage>;
  /** The index in {@link SitePages.ordered} of each page listed there, by id. */
  position: ReadonlyMap<string, number>;
  /**
   * The page each page of the navigation is listed under (null at the top or in a top group),
   * by id: a page's ancestors are found without walking the tree.
   */
  navParent: ReadonlyMap<string, string | null>;
}

/**
 * The navigation of a page tree. Pages whose condition does not hold for the reader (`shows`)
 * are left out with their children, everywhere; computed pages not expanded (their spec is
 * unknown) have nothing to read and are left out too.
 */
export function sitePages(
  pages: readonly RevisionPage[],
  shows: (condition: string | undefined) => boolean,
): SitePages {
  const ordered: RevisionPageDocument[] = [];
  const byPath = new Map<string, RevisionPageDocument>();
  const byId = new Map<string, RevisionPage>();
  const position = new Map<string, number>();
  const navParent = new Map<string, string | null>();
  // Hidden pages are left out of the navigation and the reading order, not off the site: they
  // are served at their path, as links to them lead there.
  const walk = (
    list: readonly RevisionPage[],
    listed: boolean,
    parent: string | null,
  ): NavEntry[] =>
    list.flatMap((page): NavEntry[] => {
      const shown = listed && page.hidden !== true;
      if (page.type === 'computed') return [];
      byId.set(page.id, page);
      if (page.type === 'link') return shown ? [{ kind: 'link', page }] : [];
      if (page.type === 'group') {
        const children = walk(page.pages, shown, parent);
        return shown ? [{ kind: 'group', title: page.title, children }] : [];
      }
      if (!shows(page.condition)) {
        byId.delete(page.id);
        return [];
      }
      if (shown) {
        position.set(page.id, ordered.length);
        ordered.push(page);
        navParent.set(page.id, parent);
      }
      byPath.set(page.path, page);
      const children = walk(page.pages, shown, page.id);
      return shown ? [{ kind: 'page', page, children }] : [];
    });
  const nav = walk(pages, true, null);
  return {
    nav,
    ordered,
    first: byPath.get('') ?? ordered[0],
    byPath,
    byId,
    position,
    navParent,
  };
}

/** The ids of page `id` and of the pages it is listed under (empty when it is not listed). */
export function navAncestry(pages: SitePages, id: string | undefined): Set<string> {
  const open = new Set<string>();
  for (let at = id ?? null; at !== null && pages.navParent.has(at) && !open.has(at);) {
    open.add(at);
    at = pages.navParent.get(at) ?? null;
  }
  return open;
}

/** Every page of a tree, depth first (hidden ones too: links to them still resolve). */
export function everyPage(pages: readonly RevisionPage[]): RevisionPage[] {
  return pages.flatMap((page) => [page, ...('pages' in page ? everyPage(page.pages) : [])]);
}
