import type { ChangeRequest, ChangeRequestStatus, Document } from '@docsync/api';
import type { ChangeRequestRow } from '../change-requests/change-request-row.js';
import { userResource, type UserColumns } from '../members/user-resource.js';
import { readJson } from './json-column.js';
import { resourceUrls } from './resource-urls.js';

/** What a change request resource needs besides its row. */
export interface ChangeRequestContext {
  creator: UserColumns;
  /** The space's current revision: a change request not based on it is `outdated`. */
  spaceRevisionId: string;
  /** How many open comments it has. */
  comments: number;
  baseUrl: string;
}

/** The API's ChangeRequest for a stored one. */
export function changeRequestResource(
  row: ChangeRequestRow,
  context: ChangeRequestContext,
): ChangeRequest {
  const status = row.status as ChangeRequestStatus;
  const resource: ChangeRequest = {
    object: 'change-request',
    id: row.id,
    number: row.number,
    status,
    subject: row.subject,
    createdBy: userResource(context.creator, context.baseUrl),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    space: row.space_id,
    revision: row.head_revision_id,
    revisionInitial: row.initial_revision_id,
    comments: context.comments,
    // A merged change request is part of the main content, so it cannot fall behind it.
    outdated: status !== 'merged' && row.base_revision_id !== context.spaceRevisionId,
    urls: resourceUrls.changeRequest(context.baseUrl, row.space_id, row.id, row.number),
  };
  if (row.description !== null) resource.description = readJson(row.description) as Document;
  if (row.merged_ancestor_revision_id !== null)
    resource.revisionMergedAncestor = row.merged_ancestor_revision_id;
  if (row.merged_revision_id !== null) resource.revisionMerged = row.merged_revision_id;
  return resource;
}
