import {
  ChangeRequestContentChangesBody,
  ChangeRequestContentChangesResult,
} from '../schemas/change-request-changes.js';
import { contentReads } from './content-reads.js';
import { defineRoutes } from './define-routes.js';

const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content';

/** Change request content: the same reads as a space's content, and the batch write. */
export const changeRequestContentRoutes = defineRoutes('Change request content', [
  ...contentReads(
    base,
    {
      revision: 'getChangeRequestRevision',
      pages: 'listChangeRequestPages',
      files: 'listChangeRequestFiles',
      file: 'getChangeRequestFileById',
      fileBacklinks: 'listChangeRequestFileBacklinks',
      page: 'getChangeRequestPageById',
      pageLinks: 'listChangeRequestPageLinks',
      reusableContent: 'getReusableContentInChangeRequestById',
    },
    'a change request',
  ),
  {
    operationId: 'applyChangeRequestContentChanges',
    method: 'POST',
    path: base,
    summary: 'Apply a batch of page and file operations to a change request, all or none.',
    body: ChangeRequestContentChangesBody,
    responses: { 200: ChangeRequestContentChangesResult },
    errors: [409],
    extension: true,
  },
]);
