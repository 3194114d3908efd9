import type { ChangeRequest } from '@docsync/api';
import { GitAdapterError, isAncestor, listCommits } from '@docsync/git';
import { planChangeRequestSubject } from './change-request-subject.js';
import { findBranchChangeRequest } from './find-branch-change-request.js';
import { changesToSpace, guardMassDelete } from './plan-mass-delete.js';
import { changesBySpace } from './same-content.js';
import { repoOf, type SyncContext, type SyncState } from './read-sync-state.js';
import type { SyncOptions } from './sync-options.js';
import { emptyResult, type PushedChangeRequest, type SyncResult } from './sync-result.js';
import type { SyncTree } from './sync-tree.js';
import { knownBlobs, uploadTree } from './upload-tree.js';

function pushedChangeRequest(changeRequest: ChangeRequest, opened: boolean): PushedChangeRequest {
  const { id, number, subject, status } = changeRequest;
  // The API's address answers (with the token); the service has no app pages to link to yet.
  return {
    id,
    number,
    subject,
    status,
    url: changeRequest.urls.location,
    opened,
  };
}

/**
 * Sends the branch into its change request (see `findBranchChangeRequest`), opening one when it
 * has none: subject from the pushed commits (`planChangeRequestSubject`). The change request gets
 * the branch's tree (`push` merged the space's changes into the branch first when both sides
 * changed, so the tree and the commit recorded with it always agree). A change request that
 * already holds the branch's commit is left as it is (`in-sync`).
 */
export async function pushToChangeRequest(
  context: SyncContext,
  state: SyncState,
  options: SyncOptions,
  read?: ReadonlyMap<string, Uint8Array>,
): Promise<SyncResult> {
  const { config, client } = context;
  const dryRun = options.dryRun === true;
  const { action } = state.plan;
  const head = state.head;
  if (action === 'in-sync') return { ...emptyResult(state, dryRun), outcome: 'in-sync' };
  if (action === 'pull' || head === null)
    return { ...emptyResult(state, dryRun), outcome: 'nothing-to-do' };
  const tree = state.local;
  guardMassDelete(state, tree, options);

  const ref = `refs/heads/${config.branch}`;
  let subject: Promise<string> | undefined;
  const subjectOf = () =>
    (subject ??= listCommits({
      ...repoOf(state),
      from: state.baseCommit,
      to: head.oid,
      ...(config.dir === '' ? {} : { path: config.dir }),
    }).then((commits) => planChangeRequestSubject(commits, config.branch)));
  const found = await findBranchChangeRequest(client, config.space, { ref, subject: subjectOf });
  const bySpace = await changesBySpace(
    state.trees.repo,
    tree,
    state.remote,
    changesToSpace(state, tree),
  );
  const result: SyncResult = {
    ...emptyResult(state, dryRun),
    outcome: 'pushed',
    remoteChanges: bySpace.inSpace,
    ...(bySpace.gitOnly.length === 0 ? {} : { keptInGitOnly: bySpace.gitOnly }),
    ...(found === undefined
      ? {}
      : { changeRequest: pushedChangeRequest(found.changeRequest, found.commit === undefined) }),
  };
  if (found?.commit === head.oid) {
    const { keptInGitOnly: _sentBefore, ...unsent } = result;
    return { ...unsent, outcome: 'in-sync', remoteChanges: [] };
  }
  if (dryRun) return result;

  const changeRequest =
    found?.changeRequest ??
    (await client.api.request('createChangeRequest', {
      params: { spaceId: config.space },
      body: { subject: await subjectOf() },
    }));
  const sent = await uploadTree(
    repoOf(state),
    client,
    config.space,
    tree,
    {
      oid: head.oid,
      message: head.message,
      ref,
      author: { name: head.author.name, email: head.author.email },
    },
    {
      changeRequest: changeRequest.id,
      // The branch holds everything the space changed up to its revision (push merged it in
      // first): the change request is up to date with that revision and merges from there.
      ...(state.plan.remoteChanges.length === 0 ? { mainRevision: state.remoteRevision } : {}),
      known: await knownBlobs(state, found?.commit === undefined ? [] : [found.commit]),
      ...(await changeRequestBase(state, found?.commit)),
      ...(read === undefined ? {} : { read }),
      ...(context.progress === undefined ? {} : { onProgress: context.progress }),
    },
  );
  return {
    ...result,
    pushedCommit: head.oid,
    uploaded: { blobs: sent.uploaded, bytes: sent.bytes },
    changeRequest: pushedChangeRequest(changeRequest, found?.commit === undefined),
  };
}

/** The commit a change request's content was imported from, with its tree, when git has it. */
async function changeRequestBase(
  state: SyncState,
  commit: string | undefined,
): Promise<{ base?: { commit: string; tree: SyncTree } }> {
  if (commit === undefined) return {};
  const tree = await state.trees.ifPresent(commit);
  return tree === undefined ? {} : { base: { commit, tree } };
}

/** Whether the branch's history holds `commit` (false when this clone does not have it). */
async function inHistory(state: SyncState, commit: string, head: string): Promise<boolean> {
  try {
    return await isAncestor({ ...repoOf(state), ancestor: commit, descendant: head });
  } catch (error) {
    if (error instanceof GitAdapterError) return false;
    throw error;
  }
}

/**
 * After `push --merge` sent the branch at `pushed` into the main content, the branch's change
 * request holds commits the main content now has too: merging it later would apply its older
 * changes again over newer ones (a page moved since would come back twice). As a git host marks
 * a pull request merged when its commits reach the base branch, the change request is archived
 * (the API cannot set `merged`) and the push says so. A change request holding a commit the
 * branch no longer has (history rewritten), or edited in the service since (found by no one),
 * is left for a person.
 */
export async function archiveSupersededChangeRequest(
  context: SyncContext,
  state: SyncState,
  pushed: string,
): Promise<PushedChangeRequest | undefined> {
  const { config, client } = context;
  const found = await findBranchChangeRequest(client, config.space, {
    ref: `refs/heads/${config.branch}`,
  });
  if (found?.commit === undefined || !(await inHistory(state, found.commit, pushed)))
    return undefined;
  const archived = await client.api.request('updateChangeRequestById', {
    params: { spaceId: config.space, changeRequestId: found.changeRequest.id },
    body: { status: 'archived' },
  });
  return pushedChangeRequest(archived, false);
}
