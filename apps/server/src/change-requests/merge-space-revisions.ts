import {
  mergeRevisions,
  type GitbookConfig,
  type RevisionConflict,
  type RevisionContent,
} from '@docsync/core';
import { isDeepStrictEqual } from 'node:util';

/** What a three-way merge of a space's revisions reads of each side. */
interface MergeSide {
  content: RevisionContent;
  config: GitbookConfig;
}

/**
 * A three-way merge of revisions of one space (a change request into main, main into a change
 * request): the content by `mergeRevisions`, and the `.gitbook.yaml` settings the tree was read
 * with — theirs when only they changed them, otherwise ours. With conflicts, nothing is to be
 * written.
 */
export function mergeSpaceRevisions(
  base: MergeSide,
  ours: MergeSide,
  theirs: MergeSide,
): { conflicts: RevisionConflict[]; merged: MergeSide } {
  const { content, conflicts } = mergeRevisions(base.content, ours.content, theirs.content);
  const config = isDeepStrictEqual(ours.config, base.config) ? theirs.config : ours.config;
  return { conflicts, merged: { content, config } };
}
