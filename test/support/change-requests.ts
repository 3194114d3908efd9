import type { HttpClient } from '@docsync/test-utils';

/** What the sync tests read of a change request. */
export interface ChangeRequestRead {
  id: string;
  number: number;
  subject: string;
  status: string;
  revisionMerged?: string;
}

/**
 * The space's draft and open change requests (the ones a push can still write to), drafts first,
 * each oldest first, read through `http` (the server itself, not a proxy in front of it).
 */
export async function writableChangeRequests(
  http: HttpClient,
  spaceId: string,
): Promise<ChangeRequestRead[]> {
  const lists = await Promise.all(
    ['draft', 'open'].map((status) =>
      http.get(`/v1/spaces/${spaceId}/change-requests?status=${status}`),
    ),
  );
  return lists.flatMap((list) => (list.body as { items: ChangeRequestRead[] }).items);
}

/** The git metadata of a change request's head revision: the commit and ref it was pushed from. */
export async function changeRequestGit(
  http: HttpClient,
  spaceId: string,
  changeRequestId: string,
): Promise<{ oid: string; ref?: string } | undefined> {
  const read = await http.get(`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`);
  if (read.status !== 200)
    throw new Error(`reading change request content: HTTP ${String(read.status)}`);
  return (read.body as { git?: { oid: string; ref?: string } }).git;
}
