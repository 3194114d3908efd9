import { ContentQuery } from '../schemas/content-query.js';
import { Document } from '../schemas/document.js';
import { Revision, RevisionReusableContent } from '../schemas/revision.js';
import { defineRoutes } from './define-routes.js';

const revision = '/v1/spaces/{spaceId}/revisions/{revisionId}';

/**
 * A revision of a space by id (extension: the public API's `getRevisionById`, not in the API
 * description), and its reusable contents with their documents, as the public API reads them:
 * the revisions a sync client paired with a commit (its sync points) stay readable after the
 * content moves on.
 */
export const revisionRoutes = defineRoutes('Space content', [
  {
    operationId: 'getRevisionById',
    method: 'GET',
    path: revision,
    summary:
      'Get a revision of a space by id (one that was its main content, or a change request’s): pages, files, reusable contents, variables.',
    query: ContentQuery,
    responses: { 200: Revision },
    extension: true,
  },
  {
    operationId: 'getReusableContentInRevisionById',
    method: 'GET',
    path: `${revision}/reusable-contents/{reusableContentId}`,
    summary: 'Get a reusable content of a revision.',
    query: ContentQuery,
    responses: { 200: RevisionReusableContent },
    extension: true,
  },
  {
    operationId: 'getReusableContentDocumentInRevisionById',
    method: 'GET',
    path: `${revision}/reusable-contents/{reusableContentId}/document`,
    summary: 'Get the document (the body) of a reusable content of a revision.',
    responses: { 200: Document },
    extension: true,
  },
]);
