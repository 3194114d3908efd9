import type { RevisionContent, RevisionPage, RevisionPageDocument } from '../model/revision.js';
import type { RefTargets } from './content-refs.js';
import type { PageEntry } from './page-from-entry.js';
import { decodePath, joinPath, splitAnchor } from './paths.js';
import type { Summary, SummaryEntry } from './summary.js';

/**
 * The key by which a group, link or computed page keeps its base id (document pages keep theirs
 * by path or content instead).
 */
export function pageKey(page: RevisionPage): string | undefined {
  return page.type === 'group'
    ? `group:${page.slug}`
    : page.type === 'link'
      ? `link:${page.title}:${JSON.stringify(page.target)}`
      : page.type === 'computed'
        ? `computed:${JSON.stringify(page.computed)}`
        : undefined;
}

/** What the incremental read needs of a revision it starts from, built once per content. */
export interface ContentIndex {
  /** Each document page by its file path: the child indexes from `content.pages` down to it. */
  locations: ReadonlyMap<string, readonly number[]>;
  /** The ref targets a whole read of the revision's tree resolves against. */
  targets: {
    pageByPath: ReadonlyMap<string, string>;
    fileByPath: ReadonlyMap<string, string>;
    reusableByPath: ReadonlyMap<string, string>;
  } & RefTargets;
  /**
   * Whether a whole read of the same tree would give every page the id it has: false when two
   * groups, links or computed pages share a key (the whole read then hands ids out anew) or a
   * document page has no git location.
   */
  stable: boolean;
  /**
   * The tree's unlisted markdown files by root and summary path, filled by the incremental read
   * (the revision alone does not say which files its tree holds).
   */
  unlisted: Map<string, readonly string[]>;
  /** Where files the incremental read looks up by path were in the last tree (a hint, checked). */
  positions: Map<string, number>;
}

const contentIndexes = new WeakMap<RevisionContent, ContentIndex>();

/**
 * The index of `content`, built by one walk the first time and memoized per content object
 * (revisions are immutable values).
 */
export function indexContent(content: RevisionContent): ContentIndex {
  let index = contentIndexes.get(content);
  if (index === undefined) {
    index = buildContentIndex(content);
    contentIndexes.set(content, index);
  }
  return index;
}

/**
 * Hands the index of `from` to `to`, a content with the same pages at the same places, the same
 * paths and ids and the same files (what the incremental read returns), so that a chain of
 * incremental reads never walks the whole revision again.
 */
export function carryIndex(from: ContentIndex, to: RevisionContent): void {
  contentIndexes.set(to, from);
}

/**
 * Lets `to` use the index an incremental read built for `from` (see `treeToRevision`'s
 * `baseFiles`), when `to` is a copy of `from` with the same pages at the same places, the same
 * ids, paths and files (documents may differ or be placeholders): a caller that keeps its own
 * copy of a read's result, such as a service keeping revisions without their documents, then
 * reads the next tree on that copy without walking the whole revision again. Does nothing when
 * `from` has no index yet.
 */
export function shareReadIndex(from: RevisionContent, to: RevisionContent): void {
  const index = contentIndexes.get(from);
  if (index !== undefined) contentIndexes.set(to, index);
}

function buildContentIndex(content: RevisionContent): ContentIndex {
  const locations = new Map<string, readonly number[]>();
  const pageByPath = new Map<string, string>();
  const keys = new Set<string>();
  let stable = true;
  const walk = (pages: readonly RevisionPage[], at: readonly number[]) => {
    pages.forEach((page, position) => {
      const location = [...at, position];
      const key = pageKey(page);
      if (key !== undefined) {
        if (keys.has(key)) stable = false;
        keys.add(key);
      }
      if (page.type === 'document') {
        if (page.git === undefined || locations.has(page.git.path)) stable = false;
        else {
          locations.set(page.git.path, location);
          pageByPath.set(page.git.path, page.id);
        }
      }
      if ('pages' in page) walk(page.pages, location);
    });
  };
  walk(content.pages, []);
  const fileByPath = new Map(content.files.map((file) => [file.git?.path ?? '', file.id]));
  const reusableByPath = new Map(
    content.reusableContents.flatMap((r) => (r.git ? [[r.git.path, r.id] as const] : [])),
  );
  return {
    locations,
    targets: { pageByPath, fileByPath, reusableByPath },
    stable,
    unlisted: new Map(),
    positions: new Map(),
  };
}

/** The page at `location` in `pages`, and the URL path of its parent (`''` at the top). */
export function pageAt(
  pages: readonly RevisionPage[],
  location: readonly number[],
): { page: RevisionPageDocument; parentPath: string } | undefined {
  let list = pages;
  let parentPath = '';
  let page: RevisionPage | undefined;
  for (const [depth, position] of location.entries()) {
    page = list[position];
    if (page === undefined) return undefined;
    if (depth < location.length - 1) {
      if (!('pages' in page)) return undefined;
      parentPath = page.path;
      list = page.pages;
    }
  }
  return page?.type === 'document' ? { page, parentPath } : undefined;
}

/** A page replacing the one at `location`. */
export interface Replacement {
  location: readonly number[];
  page: RevisionPageDocument;
}

/**
 * `pages` with the replacements made copy-on-write: new objects (and `pages` arrays) only on the
 * way to a replaced page; every other page and array is the one of `pages`.
 */
export function replacePages(
  pages: readonly RevisionPage[],
  replacements: readonly Replacement[],
  depth = 0,
): RevisionPage[] {
  const out = pages.slice();
  const byPosition = new Map<number, Replacement[]>();
  for (const replacement of replacements) {
    const position = replacement.location[depth] ?? -1;
    byPosition.set(position, [...(byPosition.get(position) ?? []), replacement]);
  }
  for (const [position, here] of byPosition) {
    const own = here.find((r) => r.location.length === depth + 1);
    const deeper = here.filter((r) => r.location.length > depth + 1);
    let page = own?.page ?? out[position];
    if (page === undefined) continue;
    if (deeper.length > 0 && 'pages' in page)
      page = { ...page, pages: replacePages(page.pages, deeper, depth + 1) };
    out[position] = page;
  }
  return out;
}

/** SUMMARY page entries by file path, for one parsed summary and the folder it lies in. */
interface SummaryIndex {
  dir: string;
  entries: ReadonlyMap<string, PageEntry>;
}

const summaryIndexes = new WeakMap<Summary, SummaryIndex>();

/**
 * The entry that makes each file a page, by file path: the first entry naming it, in the order
 * the whole read takes them (an entry with an anchor is a link and its children are not read).
 * Memoized per parsed summary (the conversion cache hands out the same object for the same blob).
 */
export function indexSummary(summary: Summary, dir: string): ReadonlyMap<string, PageEntry> {
  const known = summaryIndexes.get(summary);
  if (known?.dir === dir) return known.entries;
  const entries = new Map<string, PageEntry>();
  const walk = (list: readonly SummaryEntry[]) => {
    for (const entry of list) {
      if (entry.kind === 'link') continue;
      if (entry.kind === 'page') {
        const { path, anchor } = splitAnchor(entry.path);
        const filePath = joinPath(dir, decodePath(path));
        if (anchor !== undefined && filePath !== undefined) continue;
        if (filePath !== undefined && !entries.has(filePath)) entries.set(filePath, entry);
      }
      walk(entry.children);
    }
  };
  walk(summary.entries);
  for (const group of summary.groups) walk(group.entries);
  summaryIndexes.set(summary, { dir, entries });
  return entries;
}
