import { readCommitTree, type RepoOptions } from '@docsync/git';
import { toSyncTree, type SyncTree } from './sync-tree.js';

/**
 * Reads the docs directory of a commit as a sync tree: text for markdown and YAML, unless `text`
 * is false (blob ids and sizes only; plans and uploads need no more, and skipping the texts
 * spares reading every page; `readTreeTexts` adds them when a merge needs them).
 */
export async function readLocalTree(
  options: RepoOptions & { oid: string; path: string; text?: boolean },
): Promise<SyncTree> {
  const { files } = await readCommitTree({
    fs: options.fs,
    dir: options.dir,
    oid: options.oid,
    ...(options.path === '' ? {} : { path: options.path }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.text === false ? { textFilter: () => false } : {}),
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
