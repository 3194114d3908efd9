import type { File, GitTree, Page, Revision } from '@docsync/api';
import { gitBlobId, revisionToTree, type TreeFile } from '@docsync/core';
import { ApiClientError } from '@docsync/client';
import { ObjectNotFoundError, readBlobBytes, type RepoOptions } from '@docsync/git';
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

/** Options of {@link fetchRemoteTree}. */
export interface FetchRemoteTreeOptions {
  /** Told of each page and file read from the service. */
  onProgress?: ProgressListener;
  /**
   * The repository the tree is for: pages and files whose blobs it holds are read from it, not
   * fetched (the service's `git/tree` listing names each page's blob id).
   */
  repo?: RepoOptions;
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

/** Blob reads from the repository at once: bounded, so 10,000 pages do not open 10,000 files. */
const REPO_READS = 32;
/**
 * Requests for single pages and file downloads at once: bounded, so a space of thousands of
 * assets does not open thousands of connections (the service resets some of them).
 */
const FETCHES = 16;

/** `map` over `items`, at most `limit` calls running at once, results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The bytes of blob `oid` when the repository holds it; undefined when it does not. */
async function heldBlob(repo: RepoOptions, oid: string): Promise<Uint8Array | undefined> {
  try {
    return await readBlobBytes({ ...repo, oid });
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The service's `git/tree` listing of the space; undefined when the service has no such route
 * (an older server answers 404).
 */
async function readListing(client: SyncClient, spaceId: string): Promise<GitTree | undefined> {
  try {
    return await client.api.request('getGitTree', { params: { spaceId } });
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The blob id of each page's markdown at `revisionId`, by page id, from the listing. Empty
 * without a listing or when it is of another revision (the space moved on between the two
 * reads): every page is then fetched one by one, as without a repository.
 */
function pageBlobIds(listing: GitTree | undefined, revisionId: string): Map<string, string> {
  if (listing?.revision !== revisionId) return new Map();
  return new Map(listing.files.flatMap((file) => (file.page ? [[file.page, file.oid]] : [])));
}

/** Pages per batch read: the contract's limit is 1,000; smaller batches overlap on the wire. */
const PAGES_PER_BATCH = 250;
/** Batch reads at once. */
const BATCHES = 4;

/**
 * The markdown of these pages at `revisionId`, by page id, read in batches (`git/tree/pages`).
 * Pages a batch leaves out (or all of them, when the space moved on to another revision) are
 * missing from the answer; the caller reads those one by one.
 */
async function batchPages(
  client: SyncClient,
  spaceId: string,
  revisionId: string,
  pageIds: readonly string[],
  advance: () => void,
): Promise<Map<string, string>> {
  const batches: string[][] = [];
  for (let start = 0; start < pageIds.length; start += PAGES_PER_BATCH)
    batches.push(pageIds.slice(start, start + PAGES_PER_BATCH));
  const texts = new Map<string, string>();
  await mapLimited(batches, BATCHES, async (pages) => {
    const read = await client.api.request('getGitTreePages', {
      params: { spaceId },
      body: { pages },
    });
    if (read.revision !== revisionId) return;
    for (const page of read.pages) {
      texts.set(page.page, page.markdown);
      advance();
    }
  });
  return texts;
}

/**
 * Decodes a page's markdown: the blob is the UTF-8 of the text the service sends, so bytes and
 * text agree exactly (a leading byte order mark is part of the text, not dropped).
 */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Fetches the space's current content as the files Git Sync writes: each page's markdown as the
 * service renders it (`format=markdown`, so the service's writer is the truth), each file's bytes
 * from its `downloadURL`, and SUMMARY.md and `.gitbook/vars.yaml` written by core from the page
 * tree. With `repo`, a page whose markdown's blob id (from the `git/tree` listing) the repository
 * holds, and a file whose blob it holds, are read from it instead, and the pages it lacks are read
 * in batches of {@link PAGES_PER_BATCH}: a pull after one page changed fetches that page, a first
 * pull of 10,000 pages makes 40 page requests. An empty revision (a new space) is the empty tree.
 * `onProgress` hears of each page and file fetched.
 */
export async function fetchRemoteTree(
  client: SyncClient,
  spaceId: string,
  options: FetchRemoteTreeOptions = {},
): Promise<RemoteTree> {
  const { repo } = options;
  const revision = await client.api.request('getCurrentRevision', { params: { spaceId } });
  if (revision.pages.length === 0 && revision.files.length === 0)
    return { revision, tree: EMPTY_TREE, unavailable: [] };
  // Read after the revision, so an empty space costs one request; used if of the same revision.
  const listing = repo === undefined ? undefined : await readListing(client, spaceId);

  const written = revisionToTree(apiRevisionContent(revision));
  const pages = documentPages(revision.pages);
  const pagePaths = new Set(pages.map(pageFilePath));
  const downloads = new Map(revision.files.map((file: File) => [file.git?.oid, file.downloadURL]));
  const others = written.files.filter(
    (file) => !pagePaths.has(file.path) && !isPagePath(file.path),
  );
  const blobIds = pageBlobIds(listing, revision.id);
  const held = async (oid: string | undefined) =>
    repo === undefined || oid === undefined ? undefined : heldBlob(repo, oid);
  const [heldPages, heldFiles] = await Promise.all([
    mapLimited(pages, REPO_READS, (page) => held(blobIds.get(page.id))),
    mapLimited(others, REPO_READS, (file) =>
      file.text === undefined ? held(file.oid) : Promise.resolve(undefined),
    ),
  ]);

  const fetchesFile = (file: TreeFile, index: number) =>
    file.text === undefined &&
    heldFiles[index] === undefined &&
    downloads.get(file.oid) !== undefined;
  const total =
    heldPages.filter((bytes) => bytes === undefined).length + others.filter(fetchesFile).length;
  let done = 0;
  const advance = () => {
    done += 1;
    options.onProgress?.({ phase: 'fetch', done, total });
  };

  // With the listing (the service has the batch read), the pages to fetch are read in batches.
  const batched =
    blobIds.size === 0
      ? new Map<string, string>()
      : await batchPages(
          client,
          spaceId,
          revision.id,
          pages.filter((_, index) => heldPages[index] === undefined).map((page) => page.id),
          advance,
        );
  const pageFiles = await mapLimited(
    pages.map((page, index) => [page, index] as const),
    FETCHES,
    async ([page, index]): Promise<SyncFile> => {
      const path = pageFilePath(page);
      const local = heldPages[index];
      if (local !== undefined)
        return { path, oid: blobIds.get(page.id) as string, text: decoder.decode(local) };
      const known = batched.get(page.id);
      if (known !== undefined) return { path, oid: gitBlobId(known), text: known };
      const read = await client.api.request('getPageById', {
        params: { spaceId, pageId: page.id },
        query: { format: 'markdown' },
      });
      const text = read.markdown ?? '';
      advance();
      return { path, oid: gitBlobId(text), text };
    },
  );
  const otherFiles = await mapLimited(
    others.map((file, index) => [file, index] as const),
    FETCHES,
    async ([file, index]): Promise<SyncFile> => {
      if (file.text !== undefined) return { path: file.path, oid: file.oid, text: file.text };
      const local = heldFiles[index];
      if (local !== undefined)
        return { path: file.path, oid: file.oid, bytes: local, size: local.byteLength };
      const url = downloads.get(file.oid);
      if (url === undefined) return { path: file.path, oid: file.oid, size: file.size };
      const bytes = await client.download(url);
      advance();
      return { path: file.path, oid: file.oid, bytes, size: bytes.byteLength };
    },
  );
  return {
    revision,
    tree: toSyncTree([...pageFiles, ...otherFiles]),
    unavailable: revision.reusableContents.flatMap((item) => (item.git ? [item.git.path] : [])),
  };
}
