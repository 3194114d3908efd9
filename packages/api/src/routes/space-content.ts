import { ApplyTemplateBody } from '../schemas/content-query.js';
import { ListOf } from '../schemas/common.js';
import { SearchPageResult, SearchQuery } from '../schemas/search.js';
import { contentReads } from './content-reads.js';
import { defineRoutes } from './define-routes.js';

/** Space content: search, the current revision and its pages and files, templates. */
export const spaceContentRoutes = defineRoutes('Space content', [
  {
    operationId: 'searchSpaceContent',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/search',
    summary: 'Search the content of a space.',
    query: SearchQuery,
    responses: { 200: ListOf(SearchPageResult) },
  },
  ...contentReads(
    '/v1/spaces/{spaceId}/content',
    {
      revision: 'getCurrentRevision',
      pages: 'listPages',
      files: 'listFiles',
      file: 'getFileById',
      fileBacklinks: 'listFileBacklinks',
      page: 'getPageById',
      pageLinks: 'listPageLinks',
      reusableContent: 'getReusableContentById',
    },
    'a space',
  ),
  {
    operationId: 'applySpaceTemplate',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/content/template',
    summary: 'Apply a content template to a space or one of its change requests.',
    body: ApplyTemplateBody,
    responses: { 201: null },
  },
]);
