import { listCommitTree, readCommitTree, type RepoOptions } from '@docsync/git';
import { toSyncTree, type SyncTree } from './sync-tree.js';

/**
 * Reads the docs directory of a commit as a sync tree: text for markdown and YAML, unless `text`
 * is false (blob ids only, from the tree objects, no blob read; plans and uploads need no more,
 * and skipping blobs spares a read per file; `readTreeTexts` adds texts when a merge needs them).
 */
export async function readLocalTree(
  options: RepoOptions & { oid: string; path: string; text?: boolean },
): Promise<SyncTree> {
  if (options.text === false) {
    const { files } = await listCommitTree({
      fs: options.fs,
      dir: options.dir,
      oid: options.oid,
      ...(options.path === '' ? {} : { path: options.path }),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
    });
    return toSyncTree(files.map((file) => ({ path: file.path, oid: file.oid })));
  }
  const { files } = await readCommitTree({
    fs: options.fs,
    dir: options.dir,
    oid: options.oid,
    ...(options.path === '' ? {} : { path: options.path }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
  });
  return toSyncTree(
    files.map((file) => ({
      path: file.path,
      oid: file.oid,
      size: file.size,
      ...(file.text === undefined ? {} : { text: file.text }),
    })),
  );
}
