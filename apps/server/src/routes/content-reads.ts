import { flattenPages, renderPage, type RevisionPage } from '@docsync/core';
import {
  ContentQuery,
  File,
  GetPageQuery,
  ListFilesQuery,
  ListOf,
  Page,
  Revision,
  RevisionPages,
  RevisionReusableContent,
} from '@docsync/api';
import { inheritLayout } from '../content/inherit-layout.js';
import { findPage } from '../content/load-revision.js';
import { pageMarkdown } from '../content/page-markdown.js';
import type { LoadOptions, StoredRevision } from '../content/stored-revision.js';
import { fileFromRow, findFile } from '../content/revision-files.js';
import { listRevisionFiles } from '../content/list-files.js';
import { findReusableContent, reusableContentResource } from '../content/reusable-contents.js';
import { NotFoundError } from '../errors.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { expandComputedPages, isGeneratedPage } from '../openapi-specs/computed-pages.js';
import { dereferenceOpenApiBlocks } from '../openapi-specs/render-openapi-blocks.js';
import { specResolver, type SpecResolver } from '../openapi-specs/stored-specs.js';
import { fileResource } from '../resources/file-resource.js';
import { pageResource } from '../resources/page-resource.js';
import { resourceUrls } from '../resources/resource-urls.js';
import { revisionResource } from '../resources/revision-resource.js';

/** The content a read is about, once the caller's access is checked. */
export interface ReadableContent {
  /** The space whose download route serves the files. */
  spaceId: string;
  /** The space's organization, whose OpenAPI specs computed pages and OpenAPI blocks name. */
  organizationId: string;
  /** The revision the content is at. */
  revisionId: string;
  /** Loads that revision. */
  revision(options?: LoadOptions): Promise<StoredRevision>;
}

/** The operationIds of one set of content reads. */
export interface ContentReadOperationIds {
  revision: string;
  pages: string;
  page: string;
  files: string;
  file: string;
  reusableContent: string;
}

/** The organization's specs, for one read. */
function resolverOf(call: Call<string, unknown, unknown>, content: ReadableContent): SpecResolver {
  return specResolver(call.ctx.db, call.ctx.caches, content.organizationId, call.baseUrl);
}

/**
 * The page tree a read shows: with `computed` (the default) every `builtin:openapi` computed page
 * whose spec the organization has is replaced by the pages generated from the spec's latest
 * version (`openapi-specs/computed-pages.ts`); with `computed=false` the pages as stored.
 */
async function shownPages(
  call: Call<string, unknown, unknown>,
  content: ReadableContent,
  pages: readonly RevisionPage[],
  computed: boolean | undefined,
): Promise<readonly RevisionPage[]> {
  return computed === false ? pages : expandComputedPages(pages, resolverOf(call, content));
}

/**
 * The content reads (revision, pages, one page as a document or markdown, files, one file, one
 * reusable content) of
 * whatever `resolve` finds for a request: the space and the change request answer them the same
 * way. `computed` expands computed OpenAPI pages (see {@link shownPages}); `dereferenced` on the
 * page read shows OpenAPI blocks as what they refer to; `evaluated` changes nothing (documents
 * hold no expressions the service evaluates).
 */
export function contentReadOperations<const Params extends string>(
  ids: ContentReadOperationIds,
  params: readonly Params[],
  resolve: (call: Call<Params, unknown, unknown>) => Promise<ReadableContent>,
): Operation[] {
  return [
    operation(ids.revision, { params, query: ContentQuery, response: Revision }, async (call) => {
      const content = await resolve(call);
      const revision = await content.revision({ shared: true });
      return revisionResource(revision, {
        baseUrl: call.baseUrl,
        spaceId: content.spaceId,
        metadata: call.query.metadata ?? true,
        pages: await shownPages(call, content, revision.content.pages, call.query.computed),
      });
    }),

    operation(ids.pages, { params, query: ContentQuery, response: RevisionPages }, async (call) => {
      const content = await resolve(call);
      const revision = await content.revision({ shared: true });
      const metadata = call.query.metadata ?? true;
      const revisionApp = resourceUrls.revisionApp(call.baseUrl, content.spaceId, revision.id);
      const pages = await shownPages(call, content, revision.content.pages, call.query.computed);
      return { pages: pages.map((page) => pageResource(page, { metadata, revisionApp })) };
    }),

    operation(
      ids.page,
      { params: [...params, 'pageId'], query: GetPageQuery, response: Page },
      async (call) => {
        const { pageId } = call.params;
        const content = await resolve(call);
        const revision = await content.revision({ documents: [pageId], shared: true });
        // A stored page, else (computed reads) a page generated from a spec.
        let page = findPage(revision.content.pages, pageId);
        if (page === undefined && call.query.computed !== false) {
          const shown = await shownPages(call, content, revision.content.pages, true);
          page = flattenPages(shown as RevisionPage[]).find(
            (candidate) => candidate.id === pageId && isGeneratedPage(candidate),
          );
        }
        if (page === undefined) throw new NotFoundError('Page');
        const resource = pageResource(page, {
          metadata: call.query.metadata ?? true,
          revisionApp: resourceUrls.revisionApp(call.baseUrl, content.spaceId, revision.id),
        });
        if (page.type !== 'document') return resource;
        const dereferenced = call.query.dereferenced === true;
        if (!dereferenced && !isGeneratedPage(page)) {
          if (call.query.format !== 'markdown') return { ...resource, document: page.document };
          await inheritLayout(call.ctx, revision);
          return { ...resource, markdown: pageMarkdown(call.ctx.caches, revision, page) };
        }
        // A generated page has no file to read, and a dereferenced one is a reader's view: both
        // are written from their document as a page file would be.
        const document = dereferenced
          ? await dereferenceOpenApiBlocks(page.document, resolverOf(call, content))
          : page.document;
        return call.query.format === 'markdown'
          ? {
              ...resource,
              markdown: renderPage({
                metadata: {
                  title: page.title,
                  ...(page.description === undefined ? {} : { description: page.description }),
                },
                document,
              }),
            }
          : { ...resource, document };
      },
    ),

    operation(
      ids.files,
      { params, query: ListFilesQuery, response: ListOf(File) },
      async (call) => {
        const content = await resolve(call);
        const { ctx, query } = call;
        const page = await listRevisionFiles(ctx.db, content.revisionId, query);
        const metadata = query.metadata ?? true;
        return {
          items: page.rows.map((row) =>
            fileResource(fileFromRow(row), {
              baseUrl: call.baseUrl,
              spaceId: content.spaceId,
              metadata,
            }),
          ),
          count: page.count,
          ...(page.next === undefined ? {} : { next: page.next }),
        };
      },
    ),

    operation(
      ids.file,
      { params: [...params, 'fileId'], query: ContentQuery, response: File },
      async (call) => {
        const content = await resolve(call);
        const file = await findFile(call.ctx.db, content.revisionId, call.params.fileId);
        if (file === undefined) throw new NotFoundError('File');
        return fileResource(file, {
          baseUrl: call.baseUrl,
          spaceId: content.spaceId,
          metadata: call.query.metadata ?? true,
        });
      },
    ),

    operation(
      ids.reusableContent,
      {
        params: [...params, 'reusableContentId'],
        query: ContentQuery,
        response: RevisionReusableContent,
      },
      async (call) => {
        const content = await resolve(call);
        const item = await findReusableContent(
          call.ctx,
          content.revisionId,
          call.params.reusableContentId,
        );
        return reusableContentResource(item, { metadata: call.query.metadata ?? true });
      },
    ),
  ];
}
