import PQueue from 'p-queue';
import { readBlobBytes } from '@docsync/git';
import { takeSpaceChanges } from './apply-sync.js';
import { ConflictMarkersError, MergeInProgressError } from './errors.js';
import { hasConflictMarkers } from './merge-state.js';
import { guardMassDelete } from './plan-mass-delete.js';
import { changesBySpace, sameContent } from './same-content.js';
import { recordSyncPoint } from './sync-points.js';
import { archiveSupersededChangeRequest, pushToChangeRequest } from './push-to-change-request.js';
import { readSyncState, repoOf, type SyncContext, type SyncState } from './read-sync-state.js';
import type { SyncOptions } from './sync-options.js';
import { emptyResult, type SyncResult } from './sync-result.js';
import { diffTrees } from './sync-tree.js';
import { knownBlobs, uploadTree } from './upload-tree.js';

/**
 * A sync has three steps, each in its own module: plan (`readSyncState`: read both sides, find
 * the base both saw, nothing written), decide per file (`decideFiles`: the one rule of what is
 * written where) and apply (`takeSpaceChanges`, `uploadTree`, `pushToChangeRequest`: the
 * writes). This module only orders them.
 */

function progressOf(context: SyncContext) {
  return context.progress === undefined ? {} : { onProgress: context.progress };
}

/** Stops when a merge with the space is waiting for the person's resolution. */
function refusePending(state: SyncState): void {
  if (state.pending !== null) throw new MergeInProgressError(state.pending);
}

const decoder = new TextDecoder();

/** Bytes of blobs read for {@link refuseMarkers} kept for the upload, at most. */
const KEPT_READS = 64 << 20;

/**
 * Refuses to send files the branch changed that still hold conflict markers. Returns the bytes it
 * read from the repository by blob id (up to {@link KEPT_READS}), so the upload that follows
 * does not read them again: a first push reads every page here.
 */
async function refuseMarkers(state: SyncState): Promise<Map<string, Uint8Array>> {
  const texts = state.plan.localChanges.flatMap((change) => {
    const file = state.local.get(change.path);
    return file === undefined || !/\.(md|ya?ml)$/i.test(change.path) ? [] : [file];
  });
  const read = new Map<string, Uint8Array>();
  let kept = 0;
  // Read a few dozen at once: a first push changes every file.
  const marked = await new PQueue({ concurrency: 32 }).addAll(
    texts.map((file) => async () => {
      let text = file.text;
      if (text === undefined) {
        const bytes = await readBlobBytes({ ...repoOf(state), oid: file.oid });
        if (kept + bytes.byteLength <= KEPT_READS && !read.has(file.oid)) {
          read.set(file.oid, bytes);
          kept += bytes.byteLength;
        }
        text = decoder.decode(bytes);
      }
      return hasConflictMarkers(text) ? [file.path] : [];
    }),
  );
  if (marked.flat().length > 0) throw new ConflictMarkersError(marked.flat());
  return read;
}

/**
 * Brings the space's changes onto the branch (pull, and the first half of a merging push).
 * Conflicts stop with markers in the working tree, unless a strategy settles them.
 */
async function takeFromSpace(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
): Promise<SyncResult> {
  const dryRun = options.dryRun === true;
  const both = state.plan.action === 'merge';
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: both ? 'merged' : 'pulled',
    localChanges: state.plan.remoteChanges,
  };
  if (dryRun) return result;
  const taken = await takeSpaceChanges(context, state, {
    ...(options.strategy === undefined ? {} : { strategy: options.strategy }),
  });
  const localChanges =
    taken.decided === undefined
      ? diffTrees(state.local, state.remote)
      : diffTrees(state.local, taken.decided.tree);
  if (taken.decided !== undefined && taken.decided.conflicts.length > 0)
    return { ...result, outcome: 'conflicts', localChanges, conflicts: taken.decided.conflicts };
  return {
    ...result,
    localChanges,
    ...(taken.commit === undefined ? {} : { commit: taken.commit }),
    ...(taken.inSync === true ? { nothingToPush: true as const } : {}),
  };
}

/** `--merge`: the branch into the main content. */
async function sendToMainContent(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
  read: ReadonlyMap<string, Uint8Array>,
): Promise<SyncResult> {
  const dryRun = options.dryRun === true;
  guardMassDelete(state, state.local, options);
  const bySpace = await changesBySpace(
    state.trees.repo,
    state.local,
    state.remote,
    diffTrees(state.remote, state.local),
  );
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: 'pushed',
    remoteChanges: bySpace.inSpace,
    ...(bySpace.gitOnly.length === 0 ? {} : { keptInGitOnly: bySpace.gitOnly }),
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
      read,
      ...progressOf(context),
      ...(state.remoteCommit === null
        ? {}
        : { base: { commit: state.remoteCommit, tree: state.remote } }),
    },
  );
  // The content has landed: a change request that cannot be archived now is only worth a word.
  let archived: Awaited<ReturnType<typeof archiveSupersededChangeRequest>>;
  const warnings: string[] = [];
  try {
    archived = await archiveSupersededChangeRequest(context, state, head.oid);
  } catch (error) {
    warnings.push(
      `the branch's change request, whose commits the main content has now, could not be archived (${error instanceof Error ? error.message : String(error)}): archive it in the service, merging it would apply older changes again`,
    );
  }
  return {
    ...result,
    pushedCommit: head.oid,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
    ...(archived === undefined ? {} : { archivedChangeRequest: archived }),
    ...(warnings.length === 0 ? {} : { warnings }),
  };
}

/**
 * Sends a branch (`branch`, default docsync.json's) to the space: into the branch's change
 * request (`pushToChangeRequest`), or with `merge` into the main content. When the space changed
 * too since the base, its changes are first merged into the branch (as `pull` does, conflicts
 * stopping with markers), and the merge is what is sent. Only blobs the service lacks are
 * uploaded. Stops with `MassDeleteError` when more than half of the pages would go, unless
 * allowed; refuses while a merge waits for the person, and files still holding conflict markers.
 */
export async function push(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const branch = options.branch ?? context.config.branch;
  const target =
    branch === context.config.branch
      ? context
      : { ...context, config: { ...context.config, branch } };
  let state = await readSyncState(target);
  refusePending(state);
  const read = await refuseMarkers(state);
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...emptyResult(state, dryRun), outcome: 'in-sync' };
  if (action === 'pull' || state.head === null)
    return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
  if (action === 'push' && (await sameContent(state.trees.repo, state.local, state.remote))) {
    // Only files the service does not read changed (a LICENSE): nothing to send, and the
    // branch's head holds the space's revision as much as the last sync did.
    if (!dryRun)
      await recordSyncPoint(target.client, target.config.space, {
        commit: state.head.oid,
        revision: state.remoteRevision,
        message: state.head.message,
        ref: `refs/heads/${branch}`,
      });
    return { ...emptyResult(state, dryRun), outcome: 'in-sync', nothingToPush: true };
  }
  let merged: SyncResult | undefined;
  if (action === 'merge') {
    merged = await takeFromSpace(target, state, options);
    if (merged.outcome === 'conflicts' || dryRun || merged.nothingToPush === true) return merged;
    state = await readSyncState(target);
  }
  const sent = await (options.merge === true
    ? sendToMainContent(target, state, options, read)
    : pushToChangeRequest(target, state, options, read));
  if (merged === undefined) return sent;
  return {
    ...sent,
    outcome: 'merged',
    localChanges: merged.localChanges,
    ...(merged.commit === undefined ? {} : { commit: merged.commit }),
  };
}

/**
 * Takes the space's changes since the base onto the branch (see `takeSpaceChanges`): a commit
 * by the person whose change request made them (`DOCSYNC-{number}: {subject}`), or a merge
 * commit when the branch changed too; conflicts are left in the working tree with markers,
 * as git leaves a merge. Pull never sends anything to the space's content: the branch's own
 * changes go there by `push`. Pulling again changes nothing.
 */
export async function pull(context: SyncContext, options: SyncOptions = {}): Promise<SyncResult> {
  const state = await readSyncState(context);
  refusePending(state);
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  if (action === 'in-sync') return { ...emptyResult(state, dryRun), outcome: 'in-sync' };
  if (action === 'push') return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
  return takeFromSpace(context, state, options);
}

/** Reads both sides and returns the plan (for `status` and `diff`); changes nothing. */
export async function fetchSyncPlan(context: SyncContext): Promise<SyncState> {
  return readSyncState(context);
}
