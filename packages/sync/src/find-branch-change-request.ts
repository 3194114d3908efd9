import type { ChangeRequest, RevisionGit } from '@docsync/api';
import type { SyncClient } from './sync-client.js';

/** The change request a branch pushes into, and the commit it was last pushed from. */
export interface BranchChangeRequest {
  changeRequest: ChangeRequest;
  /** The commit its content is (its head revision's `git.oid`); undefined for an adopted empty one. */
  commit: string | undefined;
}

/**
 * The commit a change request's head revision was imported from, if it was: `git/info` for the
 * change request answers its head and the newest of its revisions imported from a commit, so a
 * head edited since (or updated from main) records none. One small read, not the head's page
 * tree. A server that does not know the parameter answers for the space instead: the head
 * revision is then read whole, as before.
 */
async function headCommit(
  client: SyncClient,
  spaceId: string,
  changeRequestId: string,
): Promise<RevisionGit | undefined> {
  const info = await client.api.request('getGitInfo', {
    params: { spaceId },
    query: { changeRequest: changeRequestId },
  });
  if (info.changeRequest === changeRequestId)
    return info.lastSync?.revision === info.revision ? info.lastSync.git : undefined;
  const head = await client.api.request('getChangeRequestRevision', {
    params: { spaceId, changeRequestId },
  });
  return head.git;
}

/**
 * Finds the change request a branch pushes into, from what the service records, so any clone of
 * the branch finds the same one: among the space's draft and open change requests, the one
 * whose head revision was imported from `ref` (`git.ref`, written by the import; only an import
 * writes `git` on a change request's revision; see {@link headCommit}). The newest such one wins.
 *
 * Failing that (and given the subject the push would open one with), a draft that holds nothing of its own yet (its head is still the revision it
 * was opened on) with exactly the subject the push would give is adopted: a push that opened it and lost the answer
 * (or stopped before the import) left it so. Adopting it overwrites nothing, and a re-run
 * fills it instead of opening a duplicate.
 *
 * A change request edited on the service (or updated from main) since the last push has a head
 * that records no commit, so it is not found: pushing the branch's tree into it would overwrite
 * those edits without a merge. The push then opens a new one.
 */
export async function findBranchChangeRequest(
  client: SyncClient,
  spaceId: string,
  options: { ref: string; subject?: () => Promise<string> },
): Promise<BranchChangeRequest | undefined> {
  const params = { spaceId };
  const writable = [
    ...(await client.api.listAll('listChangeRequestsForSpace', {
      params,
      query: { status: 'draft' },
    })),
    ...(await client.api.listAll('listChangeRequestsForSpace', {
      params,
      query: { status: 'open' },
    })),
  ];
  const touched = writable.filter((item) => item.revision !== item.revisionInitial);
  const heads = await Promise.all(touched.map((item) => headCommit(client, spaceId, item.id)));
  const pushed = touched
    .map((changeRequest, index) => ({ changeRequest, git: heads[index] }))
    .filter((found) => found.git?.ref === options.ref)
    .sort((a, b) => b.changeRequest.updatedAt.localeCompare(a.changeRequest.updatedAt));
  const [newest] = pushed;
  if (newest !== undefined) return { changeRequest: newest.changeRequest, commit: newest.git?.oid };
  const untouched = writable.filter(
    (item) => item.status === 'draft' && item.revision === item.revisionInitial,
  );
  if (untouched.length === 0 || options.subject === undefined) return undefined;
  const subject = await options.subject();
  const empty = untouched.find((item) => item.subject === subject);
  return empty === undefined ? undefined : { changeRequest: empty, commit: undefined };
}
