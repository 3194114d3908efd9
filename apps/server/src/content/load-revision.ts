import type { RevisionGit } from '@docsync/api';
import type {
  GitbookConfig,
  JSONDocument,
  RevisionContent,
  RevisionPage,
  RevisionReusableContent,
} from '@docsync/core';
import { readJson } from '../resources/json-column.js';
import { loadDocuments } from './content-documents.js';
import { ROW_BYTES, type RevisionCaches, type RevisionStore } from './revision-caches.js';
import { revisionRows } from './revision-rows.js';
import { sharedPageTree, sharePage, storedPageFields } from './shared-pages.js';
import {
  EMPTY_DOCUMENT,
  type LoadOptions,
  type PageRow,
  type StoredRevision,
  type WrittenRevisionType,
} from './stored-revision.js';

/** About what a shared revision's page tree holds in memory (its documents are not loaded). */
function sharedBytes(revision: StoredRevision): number {
  let bytes = ROW_BYTES * revision.content.files.length;
  const count = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      bytes += (storedPageFields.get(page)?.fieldsText.length ?? 0) + ROW_BYTES;
      if ('pages' in page) count(page.pages);
    }
  };
  count(revision.content.pages);
  return bytes;
}

/**
 * Builds the page tree from its rows: new page objects on every call (callers may change them),
 * sharing only the JSON values of their fields and the documents.
 */
function pageTree(
  children: ReadonlyMap<string | null, readonly PageRow[]>,
  documents: ReadonlyMap<string, JSONDocument>,
): RevisionPage[] {
  const build = (parentId: string | null): RevisionPage[] =>
    (children.get(parentId) ?? []).map((row) => {
      const page = { ...row.fields };
      if (page.type !== 'link') page.pages = build(row.pageId);
      if (page.type === 'document') {
        page.document =
          (row.documentHash === null ? undefined : documents.get(row.documentHash)) ??
          EMPTY_DOCUMENT;
      }
      return page;
    });
  return build(null);
}

/**
 * Keeps a revision, with no documents loaded, as the shared content later `shared` loads of it
 * return (see `LoadOptions.shared`). Its pages must be frozen and in {@link storedPageFields}.
 */
export function keepSharedRevision(caches: RevisionCaches, revision: StoredRevision): void {
  caches.sharedRevisions.set(revision.id, revision, sharedBytes(revision));
}

/**
 * Where each page of a page tree sits: the child indexes from the top level down to it, by page
 * id. Kept per tree (a shared revision's is built once): a page read finds its page, and copies
 * its ancestors, without walking the other 10,000.
 */
const pagePlaces = new WeakMap<readonly RevisionPage[], ReadonlyMap<string, readonly number[]>>();

function placesOf(pages: readonly RevisionPage[]): ReadonlyMap<string, readonly number[]> {
  const known = pagePlaces.get(pages);
  if (known !== undefined) return known;
  const places = new Map<string, readonly number[]>();
  const walk = (level: readonly RevisionPage[], at: readonly number[]) => {
    level.forEach((page, index) => {
      const place = [...at, index];
      if (!places.has(page.id)) places.set(page.id, place);
      if ('pages' in page) walk(page.pages, place);
    });
  };
  walk(pages, []);
  // Only a frozen tree (a shared load's) can be trusted to keep its places.
  if (Object.isFrozen(pages)) pagePlaces.set(pages, places);
  return places;
}

function pageAt(pages: readonly RevisionPage[], place: readonly number[]): RevisionPage {
  let level = pages;
  let page: RevisionPage | undefined;
  for (const index of place) {
    const next: RevisionPage | undefined = level[index];
    if (next === undefined) break;
    page = next;
    level = 'pages' in next ? next.pages : [];
  }
  return page as RevisionPage;
}

/**
 * The page with id `pageId` in a page tree (the first, parents first, as `flattenPages` finds
 * it), found through the tree's index of places: a page read's look-up costs its depth.
 */
export function findPage(pages: readonly RevisionPage[], pageId: string): RevisionPage | undefined {
  const place = placesOf(pages).get(pageId);
  return place === undefined ? undefined : pageAt(pages, place);
}

/** The places of wanted pages as a tree of child indexes (`self`: the page itself is wanted). */
interface PlaceTree {
  self?: string;
  children: Map<number, PlaceTree>;
}

/**
 * A shared revision with the documents of pages `ids` loaded: those pages and their ancestors
 * become frozen copies, everything else stays shared. Only the levels on the way to those pages
 * are copied, so a page read costs the page's depth and its siblings, not the tree.
 */
async function withDocuments(
  store: RevisionStore,
  shape: StoredRevision,
  ids: readonly string[],
): Promise<StoredRevision> {
  const places = placesOf(shape.content.pages);
  const hashes = new Map<string, string>();
  const root: PlaceTree = { children: new Map() };
  for (const id of new Set(ids)) {
    const place = places.get(id);
    if (place === undefined) continue;
    const hash = storedPageFields.get(pageAt(shape.content.pages, place))?.documentHash;
    if (hash === undefined || hash === null) continue;
    hashes.set(id, hash);
    let node = root;
    for (const index of place) {
      let child = node.children.get(index);
      if (child === undefined) {
        child = { children: new Map() };
        node.children.set(index, child);
      }
      node = child;
    }
    node.self = id;
  }
  if (hashes.size === 0) return shape;
  const documents = await loadDocuments(store, [...hashes.values()]);
  const replace = (pages: readonly RevisionPage[], at: PlaceTree): readonly RevisionPage[] => {
    const out = [...pages];
    for (const [index, node] of at.children) {
      const page = pages[index] as RevisionPage;
      const copy = { ...page };
      if (node.children.size > 0 && 'pages' in copy && 'pages' in page)
        copy.pages = replace(page.pages, node) as RevisionPage[];
      const hash = node.self === undefined ? undefined : hashes.get(node.self);
      if (copy.type === 'document' && hash !== undefined)
        copy.document = documents.get(hash) ?? EMPTY_DOCUMENT;
      const stored = storedPageFields.get(page);
      out[index] = stored === undefined ? Object.freeze(copy) : sharePage(copy, stored);
    }
    return Object.freeze(out);
  };
  const pages = replace(shape.content.pages, root) as RevisionPage[];
  // The copy has the shape's places.
  pagePlaces.set(pages, places);
  return { ...shape, content: { ...shape.content, pages } };
}

/** Loads a revision by id, or undefined when there is no such stored revision. */
export async function loadRevision(
  store: RevisionStore,
  id: string,
  options: LoadOptions = {},
): Promise<StoredRevision | undefined> {
  const which = options.documents ?? 'none';
  if (options.shared === true && which !== 'all') {
    const known = store.caches.sharedRevisions.get(id);
    const shape =
      known ?? (which === 'none' ? undefined : await loadRevision(store, id, { shared: true }));
    if (shape !== undefined) return which === 'none' ? shape : withDocuments(store, shape, which);
    if (which !== 'none') return undefined;
  }
  const shared = options.shared === true && which === 'none';
  const rows = await revisionRows(store, id);
  if (rows === undefined) return undefined;
  const row = rows.revision;
  const reusable = readJson(row.reusable_contents) as (Omit<RevisionReusableContent, 'document'> & {
    document: string;
  })[];

  const pageRows = [...rows.pages.values()];
  const wanted =
    which === 'none'
      ? []
      : which === 'all'
        ? [
            ...pageRows.flatMap((page) => (page.documentHash === null ? [] : [page.documentHash])),
            ...reusable.map((item) => item.document),
          ]
        : pageRows.flatMap((page) =>
            page.documentHash !== null && which.includes(page.pageId) ? [page.documentHash] : [],
          );
  const documents = await loadDocuments(store, wanted);

  const revision: StoredRevision = {
    id: row.id,
    spaceId: row.space_id,
    parentId: row.parent_id,
    type: row.type as WrittenRevisionType,
    ...(row.git === null ? {} : { git: readJson(row.git) as RevisionGit }),
    createdAt: row.created_at,
    config: readJson(row.config) as GitbookConfig,
    content: {
      pages: shared ? sharedPageTree(rows.children) : pageTree(rows.children, documents),
      files: [...rows.files],
      reusableContents: reusable.map((item) => ({
        ...item,
        document: documents.get(item.document) ?? EMPTY_DOCUMENT,
      })),
      variables: readJson(row.variables) as RevisionContent['variables'],
    },
  };
  if (shared) keepSharedRevision(store.caches, revision);
  return revision;
}
