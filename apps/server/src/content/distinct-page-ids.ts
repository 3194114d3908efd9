import { createHash } from 'node:crypto';
import type { RevisionContent, RevisionPage } from '@docsync/core';

/**
 * What identifies a group, link or computed page across reads of a tree: core derives their ids
 * from what they show (a group's slug, a link's title and target), not from a file, so two that
 * show the same thing (two `## Guides` in SUMMARY.md) get the same id from `treeToRevision`.
 */
function keyOf(page: RevisionPage): string | undefined {
  switch (page.type) {
    case 'group':
      return `group:${page.slug}`;
    case 'link':
      return `link:${page.title}:${JSON.stringify(page.target)}`;
    case 'computed':
      return `computed:${JSON.stringify(page.computed)}`;
    default:
      return undefined;
  }
}

/** Every page of a page tree, parents first. */
function flatten(pages: readonly RevisionPage[]): RevisionPage[] {
  return pages.flatMap((page) => [page, ...('pages' in page ? flatten(page.pages) : [])]);
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A page id (20 characters of [0-9A-Za-z], as core's) derived from another and a number. */
function derivedId(id: string, n: number): string {
  const digest = createHash('sha256')
    .update(`${id}\u0000${String(n)}`)
    .digest();
  let derived = '';
  for (let index = 0; index < 20; index++) derived += alphabet.charAt((digest[index] ?? 0) % 62);
  return derived;
}

/** The page tree with the pages in `ids` (by object) given new ids; the rest is shared. */
function renamed(
  pages: readonly RevisionPage[],
  ids: ReadonlyMap<RevisionPage, string>,
): readonly RevisionPage[] {
  const out = pages.map((page): RevisionPage => {
    const children = 'pages' in page ? renamed(page.pages, ids) : undefined;
    const id = ids.get(page);
    if (
      id === undefined &&
      (children === undefined || ('pages' in page && children === page.pages))
    )
      return page;
    const copy = { ...page, ...(id === undefined ? {} : { id }) };
    if (children !== undefined && 'pages' in copy) copy.pages = children as RevisionPage[];
    return copy;
  });
  return out.some((page, index) => page !== pages[index]) ? out : pages;
}

/**
 * The content with every page id distinct, which the page rows' key (revision, page id) needs.
 * Core's `treeToRevision` gives groups, links and computed pages that show the same thing one id
 * (see {@link keyOf}); such pages here take, in tree order, the ids the pages with that key had
 * in `base` in tree order, and new ones are derived from the first's id and their place. So each
 * keeps its id from one import to the next (core alone would hand the base's ids out anew, the
 * last one first). A last pass gives any id still seen twice a derived one. Content without such
 * pages is returned as it is (the same object).
 */
export function withDistinctPageIds(
  content: RevisionContent,
  base: RevisionContent | undefined,
): RevisionContent {
  const pages = flatten(content.pages);
  const byKey = new Map<string, RevisionPage[]>();
  const seen = new Set<string>();
  let duplicateIds = false;
  for (const page of pages) {
    if (seen.has(page.id)) duplicateIds = true;
    seen.add(page.id);
    const key = keyOf(page);
    if (key === undefined) continue;
    const same = byKey.get(key);
    if (same === undefined) byKey.set(key, [page]);
    else same.push(page);
  }
  const shared = [...byKey].filter(([, same]) => same.length > 1);
  if (shared.length === 0 && !duplicateIds) return content;

  const baseIds = new Map<string, string[]>();
  for (const page of base === undefined ? [] : flatten(base.pages)) {
    const key = keyOf(page);
    if (key === undefined) continue;
    const ids = baseIds.get(key);
    if (ids === undefined) baseIds.set(key, [page.id]);
    else if (!ids.includes(page.id)) ids.push(page.id);
  }
  const ids = new Map<RevisionPage, string>();
  const sharedKeys = new Set(shared.map(([key]) => key));
  const kept = new Set(
    pages.flatMap((page) => {
      const key = keyOf(page);
      return key !== undefined && sharedKeys.has(key) ? [] : [page.id];
    }),
  );
  for (const [key, same] of shared) {
    const before = baseIds.get(key) ?? [];
    const first = before[0] ?? same[0]?.id ?? '';
    same.forEach((page, index) => {
      let id = before[index] ?? (index === 0 ? first : derivedId(first, index));
      for (let n = same.length; kept.has(id); n++) id = derivedId(first, n);
      kept.add(id);
      if (id !== page.id) ids.set(page, id);
    });
  }
  // Anything still seen twice (ids core derived alike for pages of different keys, say).
  const taken = new Set<string>();
  for (const page of pages) {
    const id = ids.get(page) ?? page.id;
    if (!taken.has(id)) {
      taken.add(id);
      continue;
    }
    let other = id;
    for (let n = 1; taken.has(other) || seen.has(other); n++) other = derivedId(id, n);
    taken.add(other);
    ids.set(page, other);
  }
  if (ids.size === 0) return content;
  return { ...content, pages: renamed(content.pages, ids) as RevisionPage[] };
}
