import { readBlobBytes, writeTreeCommit } from '@docsync/git';
import { fetchPullCommit, DOCSYNC_IDENTITY, type PullCommit } from './pull-message.js';
import { pushToChangeRequest } from './push-to-change-request.js';
import { readSyncState, type SyncContext, type SyncState } from './read-sync-state.js';
import type { SyncResult } from './sync-result.js';
import {
  emptyResult,
  guardMassDelete,
  knownBlobs,
  mergeBranchAndSpace,
  repoOf,
  type SyncOptions,
} from './sync-steps.js';
import { diffTrees, fileInputs, sameTree, type SyncTree } from './sync-tree.js';
import { checkWorkingTree, updateWorkingTree } from './update-working-tree.js';
import { uploadTree } from './upload-tree.js';

/** Commits `tree` on the branch (moving it by compare-and-swap) and updates the working tree. */
async function commitOnBranch(
  context: SyncContext,
  state: SyncState,
  tree: SyncTree,
  commit: PullCommit,
): Promise<string> {
  const repo = repoOf(state);
  const update = await checkWorkingTree(context, state.local, tree);
  const when = Math.floor((context.now ?? (() => new Date()))().getTime() / 1000);
  const at = { timestamp: when, timezoneOffset: 0 };
  const parents = [
    ...(state.head === null ? [] : [state.head.oid]),
    ...(state.remoteCommit !== null && state.remoteCommit !== state.head?.oid
      ? [state.remoteCommit]
      : []),
  ];
  const written = await writeTreeCommit({
    ...repo,
    files: fileInputs(tree),
    parents,
    ...(context.config.dir === '' ? {} : { basePath: context.config.dir }),
    message: commit.message,
    author: { ...commit.author, ...at },
    committer: { ...DOCSYNC_IDENTITY, ...at },
    ref: context.config.branch,
  });
  await updateWorkingTree(context, update, tree, (oid) => readBlobBytes({ ...repo, oid }));
  return written.oid;
}

function progressOf(context: SyncContext) {
  return context.progress === undefined ? {} : { onProgress: context.progress };
}

/**
 * Three-way merge of both sides into the main content: commits a clean result on the branch
 * and sends it, reports conflicts. A merge that is the branch as it is (the space's changes
 * are already on it) sends the branch without a new commit.
 */
async function mergeBoth(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
): Promise<SyncResult> {
  const dryRun = options.dryRun === true;
  const merge = await mergeBranchAndSpace(context, state);
  if (merge.conflicts.length > 0)
    return { ...emptyResult(state, dryRun), outcome: 'conflicts', conflicts: merge.conflicts };
  guardMassDelete(state, merge.tree, options);
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: 'merged',
    remoteChanges: diffTrees(state.remote, merge.tree),
    localChanges: diffTrees(state.local, merge.tree),
  };
  if (dryRun) return result;
  const asIs = state.head !== null && sameTree(merge.tree, state.local);
  const pulled = asIs ? undefined : await fetchPullCommit(context, state, true);
  const commit =
    pulled === undefined ? undefined : await commitOnBranch(context, state, merge.tree, pulled);
  const pushed = commit ?? state.head?.oid ?? '';
  const sent = await uploadTree(
    repoOf(state),
    context.client,
    context.config.space,
    merge.tree,
    {
      oid: pushed,
      message: pulled?.message ?? state.head?.message ?? '',
      ref: `refs/heads/${context.config.branch}`,
    },
    { known: await knownBlobs(state), ...progressOf(context) },
  );
  return {
    ...result,
    ...(commit === undefined ? {} : { commit }),
    pushedCommit: pushed,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
  };
}

/** `--merge`: the branch straight into the space's main content (merging when both changed). */
async function pushToMainContent(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
): Promise<SyncResult> {
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...emptyResult(state, dryRun), outcome: 'in-sync' };
  if (action === 'pull') return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
  if (action === 'merge') return mergeBoth(context, state, options);
  guardMassDelete(state, state.local, options);
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: 'pushed',
    remoteChanges: state.plan.pushChanges,
  };
  if (dryRun || state.head === null) return result;
  const head = state.head;
  const sent = await uploadTree(
    repoOf(state),
    context.client,
    context.config.space,
    state.local,
    {
      oid: head.oid,
      message: head.message,
      ref: `refs/heads/${context.config.branch}`,
      author: { name: head.author.name, email: head.author.email },
    },
    {
      known: await knownBlobs(state),
      ...progressOf(context),
      ...(state.remoteCommit === null
        ? {}
        : { base: { commit: state.remoteCommit, tree: state.remote } }),
    },
  );
  return {
    ...result,
    pushedCommit: head.oid,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
  };
}

/**
 * Sends a branch (`branch`, default docsync.json's) to the space: into the branch's change
 * request (`pushToChangeRequest`), or with `merge` straight into the main content, where a
 * space that changed too is merged three ways, committed on the branch and sent (see
 * `mergeTrees`). Only blobs the service lacks are uploaded. Stops with `MassDeleteError` when
 * more than half of the pages would go, unless allowed.
 */
export async function push(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const branch = options.branch ?? context.config.branch;
  const target =
    branch === context.config.branch
      ? context
      : { ...context, config: { ...context.config, branch } };
  const state = await readSyncState(target);
  return options.merge === true
    ? pushToMainContent(target, state, options)
    : pushToChangeRequest(target, state, options);
}

/**
 * Takes the space's content onto the branch: one commit on top of it (message and author from
 * `fetchPullCommit`: `DOCSYNC-{number}: {subject}` by the change request's creator when the
 * content is a merged change request; committer docsync), the branch moved by compare-and-swap,
 * and the changed files written into the working tree when the branch is checked out and those
 * files hold no uncommitted edits (else nothing changes). Both sides changed: three-way merge,
 * committed and sent to the main content. Pulling again changes nothing.
 */
export async function pull(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const state = await readSyncState(context);
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...emptyResult(state, dryRun), outcome: 'in-sync' };
  if (action === 'push') return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
  if (action === 'merge') {
    if (options.expectedHead !== undefined && state.head?.oid !== options.expectedHead)
      return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
    return mergeBoth(context, state, options);
  }
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: 'pulled',
    localChanges: state.plan.pullChanges,
  };
  if (dryRun) return result;
  const commit = await commitOnBranch(
    context,
    state,
    state.remote,
    await fetchPullCommit(context, state, false),
  );
  return { ...result, commit };
}

/** Reads both sides and returns the plan (for `status` and `diff`); changes nothing. */
export async function fetchSyncPlan(context: SyncContext): Promise<SyncState> {
  return readSyncState(context);
}
