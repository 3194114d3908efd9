import {
  mergeGitbookConfigs,
  mergeRevisions,
  type GitbookConfig,
  type RevisionConflict,
  type RevisionContent,
} from '@docsync/core';

/** What a three-way merge of a space's revisions reads of each side. */
interface MergeSide {
  content: RevisionContent;
  config: GitbookConfig;
}

/**
 * A three-way merge of revisions of one space (a change request into main, main into a change
 * request): the content by `mergeRevisions`, and the `.gitbook.yaml` settings the tree was read
 * with setting by setting and redirect by redirect (`mergeGitbookConfigs`), so that redirects
 * added on both sides are all kept. A setting both sides changed differently is a conflict.
 * With conflicts, nothing is to be written.
 */
export function mergeSpaceRevisions(
  base: MergeSide,
  ours: MergeSide,
  theirs: MergeSide,
): { conflicts: RevisionConflict[]; merged: MergeSide } {
  const { content, conflicts } = mergeRevisions(base.content, ours.content, theirs.content);
  const config = mergeGitbookConfigs(base.config, ours.config, theirs.config);
  for (const conflict of config.conflicts) conflicts.push({ kind: 'config', ...conflict });
  return { conflicts, merged: { content, config: config.config } };
}
