import { isDeepStrictEqual } from 'node:util';
import type { GitTreeFile } from '@docsync/api';
import {
  derivedPagePath,
  pageTreeFile,
  type GitbookConfig,
  type RevisionLayout,
  type RevisionPageDocument,
} from '@docsync/core';
import { loadDocuments } from '../content/content-documents.js';
import { keepLayout } from '../content/page-markdown.js';
import { sameFileRow } from '../content/write-revision.js';
import { readJson } from '../resources/json-column.js';
import type { PageRow, RevisionRows } from '../content/stored-revision.js';
import { EMPTY_DOCUMENT } from '../content/stored-revision.js';
import type { GitTreeStore, GitTreeTarget, Listed } from './git-tree-listing.js';
import {
  keepRenderState,
  spaceRenderState,
  type LastListing,
  type SpaceRenderState,
} from './space-render-state.js';

function sameFiles(before: RevisionRows, after: RevisionRows): boolean {
  const from = (rows: RevisionRows) => rows.revision.files_from ?? rows.revision.id;
  if (from(before) === from(after)) return true;
  return (
    before.fileRows.length === after.fileRows.length &&
    before.fileRows.every((row, index) => sameFileRow(after.fileRows[index], row))
  );
}

/**
 * Whether a page whose row changed keeps its place: the same parent, position and fields, but
 * for its `git` location (which an edit of its content drops), as long as the path that location
 * or its absence gives is the path the page was laid out at.
 */
function keepsPlace(
  was: PageRow,
  row: PageRow,
  layout: RevisionLayout,
  rows: RevisionRows,
): boolean {
  if (was.parentId !== row.parentId || was.position !== row.position || was.path !== row.path)
    return false;
  if (was.fieldsText === row.fieldsText) return true;
  // The same fields may be written in another key order (a merge writes them anew).
  const { git: gitWas, ...fieldsWas } = was.fields as { git?: { path?: string } };
  const { git: gitNow, ...fieldsNow } = row.fields as { git?: { path?: string } };
  if (!isDeepStrictEqual(fieldsWas, fieldsNow)) return false;
  if (isDeepStrictEqual(gitWas, gitNow)) return true;
  if (row.fields.type !== 'document') return false;
  const path = layout.paths.pagePath.get(row.pageId);
  const dir = layout.pageDirs.get(row.pageId);
  if (path === undefined || dir === undefined) return false;
  const preferred =
    gitNow?.path ??
    derivedPagePath(
      row.fields,
      (rows.children.get(row.pageId)?.length ?? 0) > 0,
      dir,
      readJson(rows.revision.config) as GitbookConfig,
    );
  return preferred === path;
}

/**
 * The pages whose documents differ between two revisions laid out alike, by page id; undefined
 * when they may not be laid out alike. Alike means every file path and every link's target path
 * is the same in both: the same settings, variables, reusable contents and files, and the same
 * pages with the same fields (titles, slugs…, in any key order) under the same parents in the
 * same order, each at the path `layout` (the earlier revision's) gave it. Rows shared by both
 * revisions (an overlay's base rows) are skipped by identity.
 */
export function documentChanges(
  before: RevisionRows,
  after: RevisionRows,
  layout: RevisionLayout,
): Map<string, PageRow> | undefined {
  const a = before.revision;
  const b = after.revision;
  if (
    a.config !== b.config ||
    a.variables !== b.variables ||
    a.reusable_contents !== b.reusable_contents ||
    before.pages.size !== after.pages.size ||
    !sameFiles(before, after)
  )
    return undefined;
  const changed = new Map<string, PageRow>();
  for (const [pageId, row] of after.pages) {
    const was = before.pages.get(pageId);
    if (was === row) continue;
    if (was === undefined || !keepsPlace(was, row, layout, after)) return undefined;
    if (was.documentHash !== row.documentHash) changed.set(pageId, row);
  }
  return changed;
}

/** The document page a row holds, with its document, for rendering alone (no children). */
function documentPage(row: PageRow, document: RevisionPageDocument['document']) {
  if (row.fields.type !== 'document') return undefined;
  return { ...row.fields, pages: [], document } as RevisionPageDocument;
}

/** Keeps `listing` as the space's last, for the next revision's listing to start from. */
export function rememberListing(
  store: GitTreeStore,
  spaceId: string,
  state: SpaceRenderState,
  listing: LastListing,
): void {
  state.last = listing;
  keepRenderState(store.caches, spaceId, state);
}

/**
 * Lists a revision from the space's last listing when the two are laid out alike (see
 * {@link documentChanges}), which is what an edit of pages' content makes: every entry but the
 * changed pages' is the last listing's, SUMMARY.md and the other texts are the same, and only the
 * changed pages are loaded and rendered (at the same paths, with the same link targets). The
 * layout is the last listing's too, kept for the revision's markdown reads. Undefined when there
 * is no last listing or the layout may differ: the caller lists the whole revision.
 */
export async function listByDifference(
  store: GitTreeStore,
  target: GitTreeTarget,
  rows: RevisionRows,
): Promise<Listed | undefined> {
  const state = spaceRenderState(store.caches, target.spaceId);
  const last = state.last;
  if (last === undefined) return undefined;
  const changed = documentChanges(last.rows, rows, last.layout);
  if (changed === undefined) return undefined;
  const documents = await loadDocuments(
    store,
    [...changed.values()].flatMap((row) => (row.documentHash === null ? [] : [row.documentHash])),
  );
  const rendered = new Map<string, GitTreeFile>();
  for (const [pageId, row] of changed) {
    const page = documentPage(
      row,
      (row.documentHash === null ? undefined : documents.get(row.documentHash)) ?? EMPTY_DOCUMENT,
    );
    if (page === undefined) continue;
    const file = pageTreeFile(page, last.layout, state.cache);
    rendered.set(pageId, { path: file.path, oid: file.oid, size: file.size, page: pageId });
    state.pages.set(pageId, { fieldsText: row.fieldsText, documentHash: row.documentHash, page });
  }
  const tree = {
    revision: target.revisionId,
    files: last.tree.files.map((file) =>
      file.page === undefined ? file : (rendered.get(file.page) ?? file),
    ),
  };
  keepLayout(store.caches, target.revisionId, last.layout);
  rememberListing(store, target.spaceId, state, { ...last, rows, tree });
  return { tree, texts: last.texts };
}
