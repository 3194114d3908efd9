import { modelledPaths } from '@docsync/core';
import type { RepoOptions } from '@docsync/git';
import { readPathTexts } from './read-tree-texts.js';
import { diffTrees, type SyncTree } from './sync-tree.js';

/**
 * Whether `tree` holds what the space's tree (`remote`) holds in every file the service reads
 * into the content, as either tree's `.gitbook.yaml` and table of contents say (see
 * `modelledPaths`); only those are read.
 */
export async function sameContent(
  repo: RepoOptions,
  tree: SyncTree,
  remote: SyncTree,
): Promise<boolean> {
  const changes = diffTrees(remote, tree);
  if (changes.length === 0) return true;
  const readers = await Promise.all(
    [tree, remote].map(async (side) => {
      const configs = [...side.keys()].filter((path) =>
        /(^|\/)(\.gitbook\.yaml|summary\.md)$/i.test(path),
      );
      const texts = await readPathTexts(repo, side, configs);
      return modelledPaths((path) => texts.get(path)?.text);
    }),
  );
  return changes.every((change) => readers.every((models) => !models(change.path)));
}
