import {
  GitTree,
  GitTreeFiles,
  GitTreeFilesBody,
  GitTreePages,
  GitTreePagesBody,
  GitTreeQuery,
} from '../schemas/git-tree.js';
import { defineRoutes } from './define-routes.js';

/**
 * Git Sync (extension): the files a revision of the content (the current one by default) is
 * written as, with blob ids, or those that changed since another revision, so a pull downloads
 * only what its repository lacks instead of every page; and the markdown of many pages, or the
 * bytes of any listed files, in one request for what it lacks.
 */
export const gitTreeRoutes = defineRoutes('Git Sync', [
  {
    operationId: 'getGitTree',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/git/tree',
    summary:
      'List the files Git Sync writes for a revision of a space (its current one, a change request’s, or any named), with their blob ids; or only what changed since another revision.',
    query: GitTreeQuery,
    responses: { 200: GitTree },
    extension: true,
  },
  {
    operationId: 'getGitTreePages',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/git/tree/pages',
    summary:
      'Read the markdown of up to 1,000 pages of the current revision of a space or change request at once.',
    body: GitTreePagesBody,
    responses: { 200: GitTreePages },
    extension: true,
  },
  {
    operationId: 'getGitTreeFiles',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/git/tree/files',
    summary:
      'Read the exact bytes of up to 1,000 files a listing names (pages, SUMMARY.md, includes, settings as text; assets as base64).',
    body: GitTreeFilesBody,
    responses: { 200: GitTreeFiles },
    extension: true,
  },
]);
