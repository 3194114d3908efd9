import type { GitbookConfig } from '@docsync/core';
import { isDeepStrictEqual } from 'node:util';

/**
 * The `.gitbook.yaml` settings of a three-way merge: theirs when only they changed them,
 * otherwise ours (mergeRevisions merges content, not the settings the tree was read with).
 */
export function mergeConfig(
  base: GitbookConfig,
  ours: GitbookConfig,
  theirs: GitbookConfig,
): GitbookConfig {
  return isDeepStrictEqual(ours, base) ? theirs : ours;
}
