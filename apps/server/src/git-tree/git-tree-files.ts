import {
  MAX_GIT_TREE_FILES_BYTES,
  type GitTreeFile,
  type GitTreeFileContent,
  type GitTreeFiles,
} from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import type { BlobStore } from '../blobs/blob-store.js';
import { gitTreeListed, type GitTreeStore, type GitTreeTarget } from './git-tree-listing.js';
import { listedPageTexts } from './git-tree-pages.js';
import { perListing } from './per-listing.js';
import { spaceRenderState } from './space-render-state.js';
import { mapBlobs } from '../blobs/bounded.js';

const encoder = new TextEncoder();

/** Listed files by path. */
const filesByPath = perListing(
  (listing): ReadonlyMap<string, GitTreeFile> =>
    new Map(listing.files.map((file) => [file.path, file])),
);

/**
 * The exact bytes of listed files of the target's revision, in the order asked (each path once):
 * pages' markdown (as `getGitTreePages` reads it), SUMMARY.md, includes and the settings files
 * (as the listing rendered them) as text; assets from the blob store as base64. Each file's bytes
 * are checked against the listing's blob id: a mismatch is the service's fault and fails the
 * request rather than hand out other bytes. Paths the listing lacks are `missing`; once the files
 * read hold {@link MAX_GIT_TREE_FILES_BYTES} bytes, the rest are `deferred` (at least one file is
 * always read).
 */
export async function gitTreeFiles(
  store: GitTreeStore,
  blobs: BlobStore,
  target: GitTreeTarget,
  paths: readonly string[],
): Promise<GitTreeFiles> {
  const { tree, texts } = await gitTreeListed(store, target);
  const byPath = filesByPath(tree);
  const asked = [...new Set(paths)];
  const missing = asked.filter((path) => !byPath.has(path));
  const wanted: GitTreeFile[] = [];
  const deferred: string[] = [];
  let bytes = 0;
  for (const path of asked) {
    const file = byPath.get(path);
    if (file === undefined) continue;
    if (wanted.length > 0 && bytes + file.size > MAX_GIT_TREE_FILES_BYTES) deferred.push(path);
    else {
      wanted.push(file);
      bytes += file.size;
    }
  }

  const pageTexts = await listedPageTexts(
    store,
    target,
    tree,
    wanted.flatMap((file) => (file.page === undefined ? [] : [file.page])),
  );
  const { cache } = spaceRenderState(store.caches, target.spaceId);
  const read = async (file: GitTreeFile): Promise<GitTreeFileContent> => {
    const text = file.page === undefined ? texts.get(file.path) : pageTexts.get(file.page);
    // The render cache's file for the page at this blob id: its id and size were computed from
    // this very text when it was rendered (core's `textFile`), so they need no second encoding.
    if (text !== undefined && file.page !== undefined && cache.textOf(file.page, file.oid) === text)
      return { path: file.path, oid: file.oid, size: file.size, text };
    const content =
      text !== undefined
        ? { bytes: encoder.encode(text), text }
        : { bytes: await blobs.get(file.oid), text: undefined };
    if (content.bytes === undefined)
      throw new Error(`the blob of listed file \`${file.path}\` (${file.oid}) is not stored`);
    if (gitBlobId(content.bytes) !== file.oid)
      throw new Error(`the bytes read for \`${file.path}\` are not the listed blob ${file.oid}`);
    const head = { path: file.path, oid: file.oid, size: content.bytes.byteLength };
    return content.text !== undefined
      ? { ...head, text: content.text }
      : { ...head, base64: Buffer.from(content.bytes).toString('base64') };
  };
  return {
    revision: tree.revision,
    files: await mapBlobs(wanted, read),
    missing,
    ...(deferred.length > 0 ? { deferred } : {}),
  };
}
