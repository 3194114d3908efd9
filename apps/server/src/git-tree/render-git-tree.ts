import type { GitTreeFile } from '@docsync/api';
import {
  pageTreeFile,
  revisionToTree,
  type RevisionFile,
  type RevisionLayout,
  type RevisionPageDocument,
  type TreeFile,
} from '@docsync/core';
import type { StoredRevision } from '../content/stored-revision.js';
import type { PageRenderCache } from './page-render-cache.js';
import { documentPages } from './reuse-pages.js';

/**
 * The listing entry of a page: the file the whole revision's render wrote for it, else (a render
 * that skipped it, which a document page never is) that page's own render. Both lay the revision
 * out alike, so a page's entry is where, and what, its markdown read writes.
 */
function pageEntry(
  layout: RevisionLayout,
  page: RevisionPageDocument,
  written: TreeFile | undefined,
): GitTreeFile {
  const file = written?.text !== undefined ? written : pageTreeFile(page, layout);
  return { path: file.path, oid: file.oid, size: file.size, page: page.id };
}

/**
 * The file an asset entry holds: the one recorded at that path, else one with those bytes and
 * that name (files with the same bytes and name share one path, so any of them is right).
 */
function assetFileId(files: readonly RevisionFile[], entry: TreeFile): string | undefined {
  const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
  const same = files.filter((file) => file.git?.oid === entry.oid);
  return (
    same.find((file) => file.git?.path === entry.path) ??
    same.find((file) => file.name === name) ??
    (same.length === 1 ? same[0] : undefined)
  )?.id;
}

/** A revision's files as Git Sync writes them, and the text of those that are not pages. */
export interface RenderedGitTree {
  /** Every file, sorted by path. */
  files: GitTreeFile[];
  /** SUMMARY.md, includes, `.gitbook/vars.yaml`, `.gitbook.yaml`: their text by path. */
  texts: Map<string, string>;
}

/**
 * Every file Git Sync writes for the revision, with blob ids and sizes, sorted by path: each
 * page's markdown exactly as its `format=markdown` read answers it, assets with their stored
 * blob ids, SUMMARY.md, includes, `.gitbook/vars.yaml` and `.gitbook.yaml` as `revisionToTree`
 * writes them (their texts too, which nothing else keeps). The revision needs the documents of
 * all its pages and reusable contents, and `layout` is its layout; `cache` makes a revision that changed a few pages render
 * only those (and pages whose links moved).
 */
export function renderGitTree(
  revision: StoredRevision,
  cache: PageRenderCache,
  layout: RevisionLayout,
): RenderedGitTree {
  cache.takeWritten();
  const { files } = revisionToTree(revision.content, { config: revision.config, cache, layout });
  const written = cache.takeWritten();
  const pagePaths = new Set([...written.values()].map((file) => file.path));
  const entries = documentPages(revision.content.pages).map((page) =>
    pageEntry(layout, page, written.get(page.id)),
  );
  const texts = new Map<string, string>();
  for (const file of files) {
    if (pagePaths.has(file.path)) continue;
    if (file.text !== undefined) texts.set(file.path, file.text);
    const fileId = file.text === undefined ? assetFileId(revision.content.files, file) : undefined;
    entries.push({
      path: file.path,
      oid: file.oid,
      size: file.size,
      ...(fileId === undefined ? {} : { file: fileId }),
    });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: entries, texts };
}
