import { ListOf, PaginationQuery } from '../schemas/common.js';
import { ContentLinkListing, ListContentLinksQuery } from '../schemas/content-link.js';
import {
  ContentQuery,
  GetPageQuery,
  ListFilesQuery,
  RevisionPages,
} from '../schemas/content-query.js';
import { FileBacklink } from '../schemas/content-location.js';
import { File } from '../schemas/file.js';
import { Page } from '../schemas/page.js';
import { Revision, RevisionReusableContent } from '../schemas/revision.js';
import type { RouteInput } from './define-routes.js';

/** The operationIds of the content reads under one base, by what they read. */
export interface ContentReadIds {
  readonly revision: string;
  readonly pages: string;
  readonly files: string;
  readonly file: string;
  readonly fileBacklinks: string;
  readonly page: string;
  readonly pageLinks: string;
  readonly reusableContent: string;
}

/**
 * The reads of a revision's content under `base` (`.../content`). The space and the change
 * request offer the same reads with the same parameters and responses, so both build them here.
 */
export function contentReads(base: string, ids: ContentReadIds, of: string): RouteInput[] {
  return [
    {
      operationId: ids.revision,
      method: 'GET',
      path: base,
      summary: `Get the current revision of ${of}: pages, files, reusable contents, variables.`,
      query: ContentQuery,
      responses: { 200: Revision },
    },
    {
      operationId: ids.pages,
      method: 'GET',
      path: `${base}/pages`,
      summary: `List the pages of ${of} as a tree.`,
      query: ContentQuery,
      responses: { 200: RevisionPages },
    },
    {
      operationId: ids.files,
      method: 'GET',
      path: `${base}/files`,
      summary: `List the files of ${of}.`,
      query: ListFilesQuery,
      responses: { 200: ListOf(File) },
    },
    {
      operationId: ids.file,
      method: 'GET',
      path: `${base}/files/{fileId}`,
      summary: `Get a file of ${of}.`,
      query: ContentQuery,
      responses: { 200: File },
    },
    {
      operationId: ids.fileBacklinks,
      method: 'GET',
      path: `${base}/files/{fileId}/backlinks`,
      summary: `List the places in ${of} that refer to a file.`,
      query: PaginationQuery,
      responses: { 200: ListOf(FileBacklink) },
    },
    {
      operationId: ids.page,
      method: 'GET',
      path: `${base}/page/{pageId}`,
      summary: `Get a page of ${of}, as a JSON document or as markdown.`,
      query: GetPageQuery,
      responses: { 200: Page },
    },
    {
      operationId: ids.pageLinks,
      method: 'GET',
      path: `${base}/page/{pageId}/links`,
      summary: `List the links in a page of ${of}, with totals.`,
      query: ListContentLinksQuery,
      responses: { 200: ContentLinkListing },
    },
    {
      operationId: ids.reusableContent,
      method: 'GET',
      path: `${base}/reusable-contents/{reusableContentId}`,
      summary: `Get a reusable content of ${of}.`,
      query: ContentQuery,
      responses: { 200: RevisionReusableContent },
      extension: true,
    },
  ];
}
