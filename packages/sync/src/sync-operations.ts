import {
  readBlobBytes,
  writeTreeCommit,
  type RepoOptions,
  type WriteFileInput,
} from '@docsync/git';
import { MassDeleteError } from './errors.js';
import { mergeTrees } from './merge-trees.js';
import { planMassDelete } from './plan-mass-delete.js';
import { readSyncState, type SyncContext, type SyncState } from './read-sync-state.js';
import { DEFAULT_COMMIT_MESSAGE } from './sync-config.js';
import type { SyncResult } from './sync-result.js';
import { diffTrees, type SyncTree } from './sync-tree.js';
import { checkWorkingTree, updateWorkingTree } from './update-working-tree.js';
import { uploadTree } from './upload-tree.js';

/** Options of {@link push} and {@link pull}. */
export interface SyncOptions {
  /** Plan only: change nothing on either side. */
  dryRun?: boolean;
  /** Let a push delete more than half of the space's pages. */
  allowMassDelete?: boolean;
}

/** Who docsync commits as. */
const DOCSYNC = { name: 'docsync', email: 'docsync@users.noreply.docsync.dev' };

function repoOf(context: SyncContext): RepoOptions {
  return { fs: context.fs, dir: context.dir, cache: {} };
}

function fileInputs(tree: SyncTree): WriteFileInput[] {
  return [...tree.values()].map((file) =>
    file.bytes !== undefined
      ? { path: file.path, bytes: file.bytes }
      : file.text !== undefined
        ? { path: file.path, text: file.text }
        : { path: file.path, oid: file.oid },
  );
}

function base(state: SyncState, dryRun: boolean): Omit<SyncResult, 'outcome'> {
  return {
    dryRun,
    plan: state.plan,
    remoteChanges: [],
    localChanges: [],
    conflicts: [],
    unavailable: state.unavailable,
  };
}

function guardMassDelete(state: SyncState, tree: SyncTree, options: SyncOptions): void {
  const guard = planMassDelete(state.remote, diffTrees(state.remote, tree));
  if (guard.blocked && options.allowMassDelete !== true)
    throw new MassDeleteError(guard.deleted, guard.total);
}

/** `{space}` and `{revision}` filled in. Pure. */
export function renderCommitMessage(template: string, values: { space: string; revision: string }) {
  return template.replaceAll('{space}', values.space).replaceAll('{revision}', values.revision);
}

/** Commits `tree` on the branch (moving it by compare-and-swap) and updates the working tree. */
async function commitOnBranch(
  context: SyncContext,
  state: SyncState,
  tree: SyncTree,
  message: string,
): Promise<string> {
  const repo = repoOf(context);
  const update = await checkWorkingTree(context, state.local, tree);
  const when = Math.floor((context.now ?? (() => new Date()))().getTime() / 1000);
  const signature = { ...DOCSYNC, timestamp: when, timezoneOffset: 0 };
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
    message,
    author: signature,
    committer: signature,
    ref: context.config.branch,
  });
  await updateWorkingTree(context, update, tree, (oid) => readBlobBytes({ ...repo, oid }));
  return written.oid;
}

async function pullMessage(context: SyncContext, state: SyncState, merged: boolean) {
  const space = await context.client.api.request('getSpaceById', {
    params: { spaceId: context.config.space },
  });
  const message = renderCommitMessage(context.config.commitMessage ?? DEFAULT_COMMIT_MESSAGE, {
    space: space.title,
    revision: state.info.revision,
  });
  return `${merged ? `${message} (merged with ${context.config.branch})` : message}\n`;
}

/** Three-way merge of both sides; commits and sends a clean result, reports conflicts. */
async function mergeBoth(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
): Promise<SyncResult> {
  const dryRun = options.dryRun === true;
  const merge = mergeTrees({
    base: state.base ?? new Map(),
    ours: state.local,
    theirs: state.remote,
    idNamespace: context.config.space,
  });
  if (merge.conflicts.length > 0)
    return { ...base(state, dryRun), outcome: 'conflicts', conflicts: merge.conflicts };
  guardMassDelete(state, merge.tree, options);
  const result: SyncResult = {
    ...base(state, dryRun),
    outcome: 'merged',
    remoteChanges: diffTrees(state.remote, merge.tree),
    localChanges: diffTrees(state.local, merge.tree),
  };
  if (dryRun) return result;
  const message = await pullMessage(context, state, true);
  const commit = await commitOnBranch(context, state, merge.tree, message);
  const sent = await uploadTree(repoOf(context), context.client, context.config.space, merge.tree, {
    oid: commit,
    message,
    ref: `refs/heads/${context.config.branch}`,
  });
  return {
    ...result,
    commit,
    pushedCommit: commit,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
  };
}

/**
 * Sends the branch to the space's main content (the `--merge` path; change requests are not
 * used yet). Only local changes: the branch's tree is imported with its commit, uploading only
 * blobs the service lacks. Both sides changed: three-way merge (see `mergeTrees`). Stops with
 * {@link MassDeleteError} when more than half of the pages would go, unless allowed.
 */
export async function push(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const state = await readSyncState(context);
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...base(state, dryRun), outcome: 'in-sync' };
  if (action === 'pull') return { ...base(state, dryRun), outcome: 'nothing-to-do' };
  if (action === 'merge') return mergeBoth(context, state, options);
  guardMassDelete(state, state.local, options);
  const result: SyncResult = {
    ...base(state, dryRun),
    outcome: 'pushed',
    remoteChanges: state.plan.pushChanges,
  };
  if (dryRun || state.head === null) return result;
  const head = state.head;
  const sent = await uploadTree(
    repoOf(context),
    context.client,
    context.config.space,
    state.local,
    {
      oid: head.oid,
      message: head.message,
      ref: `refs/heads/${context.config.branch}`,
      author: { name: head.author.name, email: head.author.email },
    },
  );
  return {
    ...result,
    pushedCommit: head.oid,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
  };
}

/**
 * Takes the space's content onto the branch: one commit on top of it (author and committer
 * docsync; message from `commitMessage`), the branch moved by compare-and-swap, and the changed
 * files written into the working tree when the branch is checked out and those files hold no
 * uncommitted edits (else nothing changes). Both sides changed: three-way merge, committed and
 * sent. Pulling again changes nothing.
 */
export async function pull(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const state = await readSyncState(context);
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...base(state, dryRun), outcome: 'in-sync' };
  if (action === 'push') return { ...base(state, dryRun), outcome: 'nothing-to-do' };
  if (action === 'merge') return mergeBoth(context, state, options);
  const result: SyncResult = {
    ...base(state, dryRun),
    outcome: 'pulled',
    localChanges: state.plan.pullChanges,
  };
  if (dryRun) return result;
  const commit = await commitOnBranch(
    context,
    state,
    state.remote,
    await pullMessage(context, state, false),
  );
  return { ...result, commit };
}

/** Reads both sides and returns the plan (for `status` and `diff`); changes nothing. */
export async function fetchSyncPlan(context: SyncContext): Promise<SyncState> {
  return readSyncState(context);
}
