import {
  GitExportBody,
  GitImportBody,
  GitInfo,
  GitInfoQuery,
  GitSyncPoint,
  GitSyncPoints,
  ListGitSyncPointsQuery,
  MissingGitBlobs,
  MissingGitBlobsBody,
  RecordGitSyncPointBody,
  UploadGitBlobsBody,
} from '../schemas/git-sync.js';
import { defineRoutes } from './define-routes.js';

const git = '/v1/spaces/{spaceId}/git';

/**
 * Git Sync (extension): import and export as in the public API, the sync state and its sync
 * points, and the blob negotiation a local daemon uses to send a tree: ask which blobs are
 * missing, upload only those, then import the tree.
 */
export const gitSyncRoutes = defineRoutes('Git Sync', [
  {
    operationId: 'importGitRepository',
    method: 'POST',
    path: `${git}/import`,
    summary: 'Import content from git into a space or one of its change requests.',
    body: GitImportBody,
    responses: { 204: null },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'exportToGitRepository',
    method: 'POST',
    path: `${git}/export`,
    summary: 'Export the content of a space to a git repository as a commit.',
    body: GitExportBody,
    responses: { 204: null },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'getGitInfo',
    method: 'GET',
    path: `${git}/info`,
    summary:
      'Get the Git Sync state of a space, or of one of its change requests: the active revision, the last revision synced and its commit.',
    query: GitInfoQuery,
    responses: { 200: GitInfo },
    extension: true,
  },
  {
    operationId: 'listGitSyncPoints',
    method: 'GET',
    path: `${git}/sync-points`,
    summary:
      'List the newest sync points of a space: commits paired with the revision whose content each holds, newest first.',
    query: ListGitSyncPointsQuery,
    responses: { 200: GitSyncPoints },
    extension: true,
  },
  {
    operationId: 'recordGitSyncPoint',
    method: 'POST',
    path: `${git}/sync-points`,
    summary:
      'Record that a commit holds the content of a main-content revision (after a pull wrote it): 201 for a new point, 200 with the point already recorded.',
    body: RecordGitSyncPointBody,
    responses: { 200: GitSyncPoint, 201: GitSyncPoint },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'findMissingGitBlobs',
    method: 'POST',
    path: `${git}/blobs/missing`,
    summary: 'Tell which of the given blob ids the server does not have yet.',
    body: MissingGitBlobsBody,
    responses: { 200: MissingGitBlobs },
    extension: true,
  },
  {
    operationId: 'uploadGitBlobs',
    method: 'POST',
    path: `${git}/blobs`,
    summary: 'Upload blobs; each id is checked against its bytes.',
    body: UploadGitBlobsBody,
    responses: { 204: null },
    extension: true,
  },
]);
