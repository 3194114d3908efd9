import {
  ChangeRequest,
  ChangeRequestContentChangesBody,
  ChangeRequestContentChangesResult,
  ChangeRequestMergeResult,
  ChangeRequestUpdateResult,
  Collection,
  Comment,
  CommentReply,
  ContentQuery,
  CreateChangeRequestBody,
  CreateCollectionBody,
  CreateSpaceBody,
  File as ApiFile,
  GetCommentQuery,
  GetPageQuery,
  GetSpaceQuery,
  GitExportBody,
  GitImportBody,
  GitInfo,
  GitInfoQuery,
  GitSyncPoint,
  GitSyncPoints,
  GitTree,
  GitTreeFiles,
  GitTreeFilesBody,
  GitTreePages,
  GitTreePagesBody,
  GitTreeQuery,
  ListChangeRequestsQuery,
  ListCollectionsQuery,
  ListCommentRepliesQuery,
  ListCommentsQuery,
  ListFilesQuery,
  ListGitSyncPointsQuery,
  ListOf,
  MissingGitBlobs,
  MissingGitBlobsBody,
  Organization,
  Page,
  PaginationQuery,
  PostCommentBody,
  PostCommentReplyBody,
  RecordGitSyncPointBody,
  Revision,
  RevisionPages,
  Space,
  UpdateChangeRequestBody,
  UpdateCollectionBody,
  UpdateCommentBody,
  UpdateSpaceBody,
  UploadGitBlobsBody,
  type HttpMethod,
} from '@docsync/api';
import type { TObject, TSchema } from 'typebox';

/** The schemas of one typed operation, as the route table holds them. */
export interface TypedRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: TObject;
  readonly body?: TSchema;
  /** The success response; `null` when it has no body (204, some 201s). */
  readonly response: TSchema | null;
}

const spaceContent = '/v1/spaces/{spaceId}/content';
const changeRequest = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}';
const changeRequestContent = `${changeRequest}/content` as const;
const spaceComment = '/v1/spaces/{spaceId}/comments/{commentId}';
const changeRequestComment = `${changeRequest}/comments/{commentId}` as const;
const git = '/v1/spaces/{spaceId}/git';

/**
 * The operations the client types end to end, with the same schemas as the route table. The
 * table itself is typed `readonly RouteSpec[]`, which erases each route's schemas, so the
 * operations sync needs are restated here `as const`; a test checks every entry against
 * `routesById` (method, path and schemas), so this map cannot drift from the contract. Every
 * other operation is still callable, untyped, by its `operationId`.
 */
export const typedRoutes = {
  // Organizations
  listOrganizationsForAuthenticatedUser: {
    method: 'GET',
    path: '/v1/orgs',
    query: PaginationQuery,
    response: ListOf(Organization),
  },
  getOrganizationById: { method: 'GET', path: '/v1/orgs/{organizationId}', response: Organization },

  // Spaces
  getSpaceById: {
    method: 'GET',
    path: '/v1/spaces/{spaceId}',
    query: GetSpaceQuery,
    response: Space,
  },
  updateSpaceById: {
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}',
    body: UpdateSpaceBody,
    response: Space,
  },
  deleteSpaceById: { method: 'DELETE', path: '/v1/spaces/{spaceId}', response: null },
  createSpace: {
    method: 'POST',
    path: '/v1/orgs/{organizationId}/spaces',
    body: CreateSpaceBody,
    response: Space,
  },
  listSpacesInOrganization: {
    method: 'GET',
    path: '/v1/orgs/{organizationId}/spaces',
    query: PaginationQuery,
    response: ListOf(Space),
  },

  // Collections
  getCollectionById: {
    method: 'GET',
    path: '/v1/collections/{collectionId}',
    response: Collection,
  },
  updateCollectionById: {
    method: 'PATCH',
    path: '/v1/collections/{collectionId}',
    body: UpdateCollectionBody,
    response: Collection,
  },
  deleteCollectionById: {
    method: 'DELETE',
    path: '/v1/collections/{collectionId}',
    response: null,
  },
  listSpacesInCollectionById: {
    method: 'GET',
    path: '/v1/collections/{collectionId}/spaces',
    query: PaginationQuery,
    response: ListOf(Space),
  },
  listCollections: {
    method: 'GET',
    path: '/v1/orgs/{organizationId}/collections',
    query: ListCollectionsQuery,
    response: ListOf(Collection),
  },
  createCollection: {
    method: 'POST',
    path: '/v1/orgs/{organizationId}/collections',
    body: CreateCollectionBody,
    response: Collection,
  },

  // Space content
  getCurrentRevision: {
    method: 'GET',
    path: spaceContent,
    query: ContentQuery,
    response: Revision,
  },
  listPages: {
    method: 'GET',
    path: `${spaceContent}/pages`,
    query: ContentQuery,
    response: RevisionPages,
  },
  listFiles: {
    method: 'GET',
    path: `${spaceContent}/files`,
    query: ListFilesQuery,
    response: ListOf(ApiFile),
  },
  getFileById: {
    method: 'GET',
    path: `${spaceContent}/files/{fileId}`,
    query: ContentQuery,
    response: ApiFile,
  },
  getPageById: {
    method: 'GET',
    path: `${spaceContent}/page/{pageId}`,
    query: GetPageQuery,
    response: Page,
  },

  // Change requests
  listChangeRequestsForSpace: {
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests',
    query: ListChangeRequestsQuery,
    response: ListOf(ChangeRequest),
  },
  createChangeRequest: {
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests',
    body: CreateChangeRequestBody,
    response: ChangeRequest,
  },
  getChangeRequestById: { method: 'GET', path: changeRequest, response: ChangeRequest },
  updateChangeRequestById: {
    method: 'PATCH',
    path: changeRequest,
    body: UpdateChangeRequestBody,
    response: ChangeRequest,
  },
  mergeChangeRequest: {
    method: 'POST',
    path: `${changeRequest}/merge`,
    response: ChangeRequestMergeResult,
  },
  updateChangeRequestFromMain: {
    method: 'POST',
    path: `${changeRequest}/update`,
    response: ChangeRequestUpdateResult,
  },

  // Change request content
  getChangeRequestRevision: {
    method: 'GET',
    path: changeRequestContent,
    query: ContentQuery,
    response: Revision,
  },
  listChangeRequestPages: {
    method: 'GET',
    path: `${changeRequestContent}/pages`,
    query: ContentQuery,
    response: RevisionPages,
  },
  listChangeRequestFiles: {
    method: 'GET',
    path: `${changeRequestContent}/files`,
    query: ListFilesQuery,
    response: ListOf(ApiFile),
  },
  getChangeRequestFileById: {
    method: 'GET',
    path: `${changeRequestContent}/files/{fileId}`,
    query: ContentQuery,
    response: ApiFile,
  },
  getChangeRequestPageById: {
    method: 'GET',
    path: `${changeRequestContent}/page/{pageId}`,
    query: GetPageQuery,
    response: Page,
  },
  applyChangeRequestContentChanges: {
    method: 'POST',
    path: changeRequestContent,
    body: ChangeRequestContentChangesBody,
    response: ChangeRequestContentChangesResult,
  },

  // Git Sync
  importGitRepository: {
    method: 'POST',
    path: `${git}/import`,
    body: GitImportBody,
    response: null,
  },
  exportToGitRepository: {
    method: 'POST',
    path: `${git}/export`,
    body: GitExportBody,
    response: null,
  },
  getGitInfo: { method: 'GET', path: `${git}/info`, query: GitInfoQuery, response: GitInfo },
  listGitSyncPoints: {
    method: 'GET',
    path: `${git}/sync-points`,
    query: ListGitSyncPointsQuery,
    response: GitSyncPoints,
  },
  recordGitSyncPoint: {
    method: 'POST',
    path: `${git}/sync-points`,
    body: RecordGitSyncPointBody,
    response: GitSyncPoint,
  },
  findMissingGitBlobs: {
    method: 'POST',
    path: `${git}/blobs/missing`,
    body: MissingGitBlobsBody,
    response: MissingGitBlobs,
  },
  uploadGitBlobs: {
    method: 'POST',
    path: `${git}/blobs`,
    body: UploadGitBlobsBody,
    response: null,
  },
  getGitTree: { method: 'GET', path: `${git}/tree`, query: GitTreeQuery, response: GitTree },
  getGitTreePages: {
    method: 'POST',
    path: `${git}/tree/pages`,
    body: GitTreePagesBody,
    response: GitTreePages,
  },
  getGitTreeFiles: {
    method: 'POST',
    path: `${git}/tree/files`,
    body: GitTreeFilesBody,
    response: GitTreeFiles,
  },

  // Comments on a space
  listCommentsInSpace: {
    method: 'GET',
    path: '/v1/spaces/{spaceId}/comments',
    query: ListCommentsQuery,
    response: ListOf(Comment),
  },
  postCommentInSpace: {
    method: 'POST',
    path: '/v1/spaces/{spaceId}/comments',
    body: PostCommentBody,
    response: Comment,
  },
  getCommentInSpace: {
    method: 'GET',
    path: spaceComment,
    query: GetCommentQuery,
    response: Comment,
  },
  updateCommentInSpace: {
    method: 'PUT',
    path: spaceComment,
    body: UpdateCommentBody,
    response: Comment,
  },
  deleteCommentInSpace: { method: 'DELETE', path: spaceComment, response: null },
  listCommentRepliesInSpace: {
    method: 'GET',
    path: `${spaceComment}/replies`,
    query: ListCommentRepliesQuery,
    response: ListOf(CommentReply),
  },
  postCommentReplyInSpace: {
    method: 'POST',
    path: `${spaceComment}/replies`,
    body: PostCommentReplyBody,
    response: CommentReply,
  },

  // Comments on a change request
  listCommentsInChangeRequest: {
    method: 'GET',
    path: `${changeRequest}/comments`,
    query: ListCommentsQuery,
    response: ListOf(Comment),
  },
  postCommentInChangeRequest: {
    method: 'POST',
    path: `${changeRequest}/comments`,
    body: PostCommentBody,
    response: Comment,
  },
  getCommentInChangeRequest: {
    method: 'GET',
    path: changeRequestComment,
    query: GetCommentQuery,
    response: Comment,
  },
  updateCommentInChangeRequest: {
    method: 'PUT',
    path: changeRequestComment,
    body: UpdateCommentBody,
    response: Comment,
  },
  deleteCommentInChangeRequest: { method: 'DELETE', path: changeRequestComment, response: null },
  listCommentRepliesInChangeRequest: {
    method: 'GET',
    path: `${changeRequestComment}/replies`,
    query: ListCommentRepliesQuery,
    response: ListOf(CommentReply),
  },
  postCommentReplyInChangeRequest: {
    method: 'POST',
    path: `${changeRequestComment}/replies`,
    body: PostCommentReplyBody,
    response: CommentReply,
  },
} as const satisfies Readonly<Record<string, TypedRoute>>;

/** The operationIds the client types end to end. */
export type TypedOperationId = keyof typeof typedRoutes;
