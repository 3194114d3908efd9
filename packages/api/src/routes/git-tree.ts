import { GitTree, GitTreePages, GitTreePagesBody, GitTreeQuery } from '../schemas/git-tree.js';
import { defineRoutes } from './define-routes.js';

/**
 * Git Sync (extension): the files the content's current revision is written as, with blob ids,
 * so a pull downloads only what its repository lacks instead of every page, and the markdown of
 * many pages in one request for what it lacks.
 */
export const gitTreeRoutes = defineRoutes('Git Sync', [
  {
    operationId: 'getGitTree',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/git/tree',
    summary:
      'List the files Git Sync writes for the current revision of a space or change request, with their blob ids.',
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
]);
