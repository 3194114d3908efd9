import { modelledPaths } from '@docsync/core';
import type { RepoOptions } from '@docsync/git';
import { readPathTexts } from './read-tree-texts.js';
import { diffTrees, type SyncTree, type TreeChange } from './sync-tree.js';

/** Per tree, whether the service reads a path into the content (see `modelledPaths`). */
async function readersOf(
  repo: RepoOptions,
  trees: readonly SyncTree[],
): Promise<((path: string) => boolean)[]> {
  return Promise.all(
    trees.map(async (side) => {
      const configs = [...side.keys()].filter((path) =>
        /(^|\/)(\.gitbook\.yaml|summary\.md)$/i.test(path),
      );
      const texts = await readPathTexts(repo, side, configs);
      return modelledPaths((path) => texts.get(path)?.text);
    }),
  );
}

/**
 * Whether `tree` holds what the space's tree (`remote`) holds in every file the service reads
 * into the content, as either tree's `.gitbook.yaml` and table of contents say (see
 * `modelledPaths`); only those files of each tree are read.
 */
export async function sameContent(
  repo: RepoOptions,
  tree: SyncTree,
  remote: SyncTree,
): Promise<boolean> {
  const changes = diffTrees(remote, tree);
  if (changes.length === 0) return true;
  // A page one side lists and the other no longer does is read on one side.
  const readers = await readersOf(repo, [tree, remote]);
  return changes.every((change) => readers.every((read) => !read(change.path)));
}

/**
 * A push's changes from `remote` to `tree`, split into those the space holds afterwards and
 * those it does not read (a LICENSE, `.github/`, a page no SUMMARY.md lists, images outside the
 * docs root's `.gitbook/assets/`): those stay in git only, and a push says so.
 */
export async function changesBySpace(
  repo: RepoOptions,
  tree: SyncTree,
  remote: SyncTree,
  changes: readonly TreeChange[],
): Promise<{ inSpace: TreeChange[]; gitOnly: TreeChange[] }> {
  const inSpace: TreeChange[] = [];
  const gitOnly: TreeChange[] = [];
  if (changes.length === 0) return { inSpace, gitOnly };
  // Added and changed files are held if the pushed tree's layout reads them; a deleted one
  // changed the space if the space's layout read it.
  const [pushed, before] = await readersOf(repo, [tree, remote]);
  for (const change of changes) {
    const read = change.kind === 'deleted' ? before : pushed;
    (read?.(change.path) === true ? inSpace : gitOnly).push(change);
  }
  return { inSpace, gitOnly };
}
