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
 * A shared revision with the documents of pages `ids` loaded: those pages and their ancestors
 * become frozen copies, everything else stays shared.
 */
async function withDocuments(
  store: RevisionStore,
  shape: StoredRevision,
  ids: readonly string[],
): Promise<StoredRevision> {
  const wanted = new Set(ids);
  const hashes = new Map<string, string>();
  const collect = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      const hash = storedPageFields.get(page)?.documentHash;
      if (wanted.has(page.id) && hash !== undefined && hash !== null) hashes.set(page.id, hash);
      if ('pages' in page) collect(page.pages);
    }
  };
  collect(shape.content.pages);
  if (hashes.size === 0) return shape;
  const documents = await loadDocuments(store, [...hashes.values()]);
  const replace = (pages: readonly RevisionPage[]): readonly RevisionPage[] => {
    const out = pages.map((page) => {
      const own = 'pages' in page ? page.pages : undefined;
      const children = own === undefined ? undefined : replace(own);
      const hash = hashes.get(page.id);
      if (children === own && hash === undefined) return page;
      const copy = { ...page };
      if (children !== undefined && 'pages' in copy) copy.pages = children as RevisionPage[];
      if (copy.type === 'document' && hash !== undefined)
        copy.document = documents.get(hash) ?? EMPTY_DOCUMENT;
      const stored = storedPageFields.get(page);
      return stored === undefined ? Object.freeze(copy) : sharePage(copy, stored);
    });
    return out.some((page, index) => page !== pages[index]) ? Object.freeze(out) : pages;
  };
  return {
    ...shape,
    content: { ...shape.content, pages: replace(shape.content.pages) as RevisionPage[] },
  };
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
