import { markUnmerged, readBlobBytes, writeTreeCommit } from '@docsync/git';
import { decideFiles, pathsNeedingText, type Decided, type MergeStrategy } from './decide-files.js';
import { SyncError } from './errors.js';
import { writePendingMerge } from './merge-state.js';
import { fetchPullCommit, DOCSYNC_IDENTITY, type PullCommit } from './pull-message.js';
import type { SyncContext, SyncState } from './read-sync-state.js';
import { readPathTexts } from './read-tree-texts.js';
import { recordSyncPoint } from './sync-points.js';
import { sameContent } from './same-content.js';
import { diffTrees, fileInputs, type SyncTree } from './sync-tree.js';
import { checkWorkingTree, updateWorkingTree, writeWorkingFiles } from './update-working-tree.js';

/**
 * The apply step of a sync: everything that writes. Commits on the branch, the working tree, a
 * merge left for the person, and the sync point that tells the service which commit holds its
 * revision. What to write was decided before (`decideFiles`), file by file.
 */

function signatureTime(context: SyncContext) {
  const when = Math.floor((context.now ?? (() => new Date()))().getTime() / 1000);
  return { timestamp: when, timezoneOffset: 0 };
}

function basePath(context: SyncContext) {
  return context.config.dir === '' ? {} : { basePath: context.config.dir };
}

/**
 * Writes a commit of `tree`: the docs directory replaced, the rest as the first parent has it
 * (with `ref`, the branch moves to it). `parentTree` is the first parent's docs tree: only the
 * files that differ from it are written, with the trees on their paths.
 */
async function writeCommit(
  context: SyncContext,
  state: SyncState,
  tree: SyncTree,
  parents: { oids: string[]; tree: SyncTree },
  commit: PullCommit | { message: string; author: { name: string; email: string } },
  ref?: string,
): Promise<string> {
  const at = signatureTime(context);
  const changes = parents.oids.length === 0 ? undefined : diffTrees(parents.tree, tree);
  const files =
    changes === undefined
      ? fileInputs(tree)
      : fileInputs(
          changes.flatMap((change) => {
            const file = change.kind === 'deleted' ? undefined : tree.get(change.path);
            return file === undefined ? [] : [file];
          }),
        );
  const written = await writeTreeCommit({
    ...state.trees.repo,
    files,
    ...(changes === undefined
      ? {}
      : {
          changesOnly: {
            removed: changes
              .filter((change) => change.kind === 'deleted')
              .map((change) => change.path),
          },
        }),
    parents: parents.oids,
    ...basePath(context),
    message: commit.message,
    author: { ...commit.author, ...at },
    committer: { ...DOCSYNC_IDENTITY, ...at },
    ...(ref === undefined ? {} : { ref }),
  });
  return written.oid;
}

/** The outcome of {@link takeSpaceChanges}. */
export interface TakenChanges {
  /** The commit now at the branch's head (undefined with conflicts: the branch did not move). */
  commit?: string;
  /** The commit holding the space's side (the space's revision exactly). */
  theirs: string;
  decided: Decided | undefined;
  /**
   * The merge commit differs from the space only in files the service does not read (a LICENSE,
   * docsync.json, a page SUMMARY.md does not list): it is recorded as holding the space's
   * revision too, so nothing is left to push.
   */
  inSync?: true;
}

/**
 * Brings the space's changes since the base onto the branch, as git merges a remote branch:
 * the space's side becomes a commit (`theirs`: the base commit with the space's changes, by the
 * person whose change request made them), recorded on the service as holding the revision.
 * When the branch changed nothing since the base, that commit goes on top of the branch and the
 * branch moves to it. Otherwise the two are merged file by file (`decideFiles`): a clean merge
 * is a merge commit (parents: branch, space); conflicts are written into the working tree with
 * markers and left as git leaves a merge (MERGE_HEAD), for the person to resolve and commit.
 * Nothing is sent to the space's content.
 */
export async function takeSpaceChanges(
  context: SyncContext,
  state: SyncState,
  options: { strategy?: MergeStrategy },
): Promise<TakenChanges> {
  const { config } = context;
  const ref = config.branch;
  const pulled = await fetchPullCommit(context, state.remoteRevision);
  const head = state.head?.oid ?? null;
  const record = (commit: string, message: string) =>
    recordSyncPoint(context.client, config.space, {
      commit,
      revision: state.remoteRevision,
      message,
      ref: `refs/heads/${ref}`,
    });

  if (state.plan.localChanges.length === 0) {
    // Only the space changed: its side goes on top of the branch.
    const update = await checkWorkingTree(context, state.local, state.remote);
    const commit = await writeCommit(
      context,
      state,
      state.remote,
      { oids: head === null ? [] : [head], tree: state.local },
      pulled,
      ref,
    );
    await updateWorkingTree(context, update, state.remote, readFrom(state));
    await record(commit, pulled.message);
    return { commit, theirs: commit, decided: undefined };
  }

  const sides = { base: state.base, ours: state.local, theirs: state.remote };
  const needed = pathsNeedingText(sides);
  const [base, ours, theirs] = await Promise.all(
    [sides.base, sides.ours, sides.theirs].map((tree) =>
      readPathTexts(state.trees.repo, tree, needed),
    ),
  );
  const decided = decideFiles({
    base: base as SyncTree,
    ours: ours as SyncTree,
    theirs: theirs as SyncTree,
    ...(options.strategy === undefined ? {} : { strategy: options.strategy }),
    labels: { ours: ref, theirs: `space (revision ${state.remoteRevision})` },
  });
  const theirsCommit = await writeCommit(
    context,
    state,
    state.remote,
    { oids: state.baseCommit === null ? [] : [state.baseCommit], tree: state.base },
    pulled,
  );
  const message = `docsync: merge the space's changes into ${ref}\n\n${pulled.message}`;
  const inRepository = (path: string) => (config.dir === '' ? path : `${config.dir}/${path}`);
  if (decided.conflicts.length > 0) {
    const conflicted = new Set(decided.conflicts.map((conflict) => conflict.path));
    const update = await checkWorkingTree(context, state.local, decided.tree);
    // Conflicts are left in the working tree, which holds another branch: nothing is written.
    if (!update.checkedOut)
      throw new SyncError(
        'merge-needs-checkout',
        `the space's changes conflict with \`${config.branch}\` in ${[...conflicted].map((path) => `\`${inRepository(path)}\``).join(', ')}, and \`${config.branch}\` is not checked out, so there is nowhere to leave the conflicts: check it out and run the same command again to resolve them, or pass --strategy ours|theirs. Nothing was changed`,
        { data: { branch: config.branch, conflicts: [...conflicted].map(inRepository) } },
      );
    // The clean part is staged, as git stages it; conflicting files go to the working tree only.
    await updateWorkingTree(
      context,
      { ...update, paths: update.paths.filter((path) => !conflicted.has(path)) },
      decided.tree,
      readFrom(state),
    );
    await writeWorkingFiles(context, [...conflicted], decided.tree, readFrom(state));
    // As git leaves a merge: each conflicted path's base, ours and theirs in the index.
    await markUnmerged(
      state.trees.repo,
      [...conflicted].map((path) => {
        const [base, ours, theirs] = [state.base, state.local, state.remote].map((tree) =>
          tree.get(path),
        );
        return {
          path: inRepository(path),
          ...(base === undefined ? {} : { base: { oid: base.oid } }),
          ...(ours === undefined ? {} : { ours: { oid: ours.oid } }),
          ...(theirs === undefined ? {} : { theirs: { oid: theirs.oid } }),
        };
      }),
    );
    await writePendingMerge(
      context,
      {
        theirs: theirsCommit,
        revision: state.remoteRevision,
        branch: ref,
        conflicts: [...conflicted].map(inRepository),
        written: Object.fromEntries(
          [...conflicted].flatMap((path) => {
            const file = decided.tree.get(path);
            return file === undefined ? [] : [[inRepository(path), file.oid]];
          }),
        ),
      },
      message,
    );
    await record(theirsCommit, pulled.message);
    return { theirs: theirsCommit, decided };
  }
  const update = await checkWorkingTree(context, state.local, decided.tree);
  const commit = await writeCommit(
    context,
    state,
    decided.tree,
    head === null
      ? { oids: [theirsCommit], tree: state.remote }
      : { oids: [head, theirsCommit], tree: state.local },
    { message, author: DOCSYNC_IDENTITY },
    ref,
  );
  await updateWorkingTree(context, update, decided.tree, readFrom(state));
  await record(theirsCommit, pulled.message);
  // Recorded after the space's side, as the newer state of the same revision.
  const inSync = await sameContent(state.trees.repo, decided.tree, state.remote);
  if (inSync) await record(commit, message);
  return { commit, theirs: theirsCommit, decided, ...(inSync ? { inSync: true as const } : {}) };
}

function readFrom(state: SyncState) {
  return (oid: string) => readBlobBytes({ ...state.trees.repo, oid });
}
