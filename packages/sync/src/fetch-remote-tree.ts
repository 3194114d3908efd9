import type { Page, Revision } from '@docsync/api';
import { gitBlobId, revisionToTree } from '@docsync/core';
import { apiRevisionContent } from './api-revision-content.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import { EMPTY_TREE, isPagePath, toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

/** The space's current content as a docs tree. */
export interface RemoteTree {
  revision: Revision;
  tree: SyncTree;
  /**
   * Files of the space the service does not serve, so the tree lacks them: reusable content
   * (`.gitbook/includes/…`, no read route yet).
   */
  unavailable: string[];
}

/** Where the service writes a page without a recorded path (as its markdown read does). */
function pageFilePath(page: Page): string {
  if (page.git !== undefined) return page.git.path;
  const path = page.path ?? '';
  if (path === '') return 'README.md';
  return (page.pages ?? []).length > 0 ? `${path}/README.md` : `${path}.md`;
}

function documentPages(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [
    ...(page.type === 'document' ? [page] : []),
    ...documentPages((page.pages ?? []) as Page[]),
  ]);
}

/**
 * Fetches the space's current content as the files Git Sync writes: each page's markdown as the
 * service renders it (`format=markdown`, so the service's writer is the truth), each file's bytes
 * from its `downloadURL`, and SUMMARY.md and `.gitbook/vars.yaml` written by core from the page
 * tree. An empty revision (a new space) is the empty tree. `onProgress` hears of each page and
 * file read.
 */
export async function fetchRemoteTree(
  client: SyncClient,
  spaceId: string,
  options: { onProgress?: ProgressListener } = {},
): Promise<RemoteTree> {
  const revision = await client.api.request('getCurrentRevision', { params: { spaceId } });
  if (revision.pages.length === 0 && revision.files.length === 0)
    return { revision, tree: EMPTY_TREE, unavailable: [] };

  const written = revisionToTree(apiRevisionContent(revision));
  const pages = documentPages(revision.pages);
  const pagePaths = new Set(pages.map(pageFilePath));
  const downloads = new Map(revision.files.map((file) => [file.git?.oid, file.downloadURL]));
  const others = written.files.filter(
    (file) => !pagePaths.has(file.path) && !isPagePath(file.path),
  );
  const total =
    pages.length +
    others.filter((file) => file.text === undefined && downloads.get(file.oid) !== undefined)
      .length;
  let done = 0;
  const advance = () => {
    done += 1;
    options.onProgress?.({ phase: 'fetch', done, total });
  };

  const pageFiles = await Promise.all(
    pages.map(async (page): Promise<SyncFile> => {
      const read = await client.api.request('getPageById', {
        params: { spaceId, pageId: page.id },
        query: { format: 'markdown' },
      });
      const text = read.markdown ?? '';
      advance();
      return { path: pageFilePath(page), oid: gitBlobId(text), text };
    }),
  );
  const otherFiles = await Promise.all(
    others.map(async (file): Promise<SyncFile> => {
      if (file.text !== undefined) return { path: file.path, oid: file.oid, text: file.text };
      const url = downloads.get(file.oid);
      if (url === undefined) return { path: file.path, oid: file.oid, size: file.size };
      const bytes = await client.download(url);
      advance();
      return { path: file.path, oid: file.oid, bytes, size: bytes.byteLength };
    }),
  );
  return {
    revision,
    tree: toSyncTree([...pageFiles, ...otherFiles]),
    unavailable: revision.reusableContents.flatMap((item) => (item.git ? [item.git.path] : [])),
  };
}
