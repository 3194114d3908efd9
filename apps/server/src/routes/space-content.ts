import {
  ContentQuery,
  File,
  GetPageQuery,
  ListFilesQuery,
  ListOf,
  Page,
  Revision,
  RevisionPages,
} from '@docsync/api';
import { flattenRevisionPages } from '../content/flatten-revision-pages.js';
import { fileFromRow, findFile } from '../content/revision-files.js';
import { pageMarkdown } from '../content/page-markdown.js';
import { spaceRevision } from '../content/space-revision.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { loadPage } from '../pagination.js';
import { fileResource } from '../resources/file-resource.js';
import { pageResource } from '../resources/page-resource.js';
import { revisionResource } from '../resources/revision-resource.js';
import { requireSpace } from '../spaces/space-access.js';

/**
 * Space content reads: the current revision, its pages, one page (as a document or markdown),
 * its files and one file. `computed` changes nothing yet (no computed pages are stored) and
 * `evaluated` neither (documents hold no expressions the service evaluates).
 */
export const spaceContentOperations: readonly Operation[] = [
  operation(
    'getCurrentRevision',
    { params: ['spaceId'], query: ContentQuery, response: Revision },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const revision = await spaceRevision(ctx.db, space);
      return revisionResource(revision, {
        baseUrl,
        spaceId: space.id,
        metadata: query.metadata ?? true,
      });
    },
  ),

  operation(
    'listPages',
    { params: ['spaceId'], query: ContentQuery, response: RevisionPages },
    async ({ params, query, caller, ctx }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const revision = await spaceRevision(ctx.db, space);
      const metadata = query.metadata ?? true;
      return { pages: revision.content.pages.map((page) => pageResource(page, { metadata })) };
    },
  ),

  operation(
    'getPageById',
    { params: ['spaceId', 'pageId'], query: GetPageQuery, response: Page },
    async ({ params, query, caller, ctx }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const revision = await spaceRevision(ctx.db, space, { documents: [params.pageId] });
      const page = flattenRevisionPages(revision.content.pages).find(
        (candidate) => candidate.id === params.pageId,
      );
      if (page === undefined) throw new NotFoundError('Page');
      const resource = pageResource(page, { metadata: query.metadata ?? true });
      if (page.type !== 'document') return resource;
      return query.format === 'markdown'
        ? { ...resource, markdown: pageMarkdown(revision, page) }
        : { ...resource, document: page.document };
    },
  ),

  operation(
    'listFiles',
    { params: ['spaceId'], query: ListFilesQuery, response: ListOf(File) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const files = ctx.db.selectFrom('content_files').where('revision_id', '=', space.revision_id);
      const page = await loadPage(
        query,
        1,
        (after, take) =>
          files
            .selectAll()
            .$if(after !== undefined, (q) => q.where('position', '>', Number(after?.[0])))
            .orderBy('position')
            .limit(take)
            .execute(),
        (row) => [row.position],
      );
      const counted = await files
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirst();
      const metadata = query.metadata ?? true;
      return {
        items: page.rows.map((row) =>
          fileResource(fileFromRow(row), { baseUrl, spaceId: space.id, metadata }),
        ),
        count: Number(counted?.count ?? 0),
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'getFileById',
    { params: ['spaceId', 'fileId'], query: ContentQuery, response: File },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const file = await findFile(ctx.db, space.revision_id, params.fileId);
      if (file === undefined) throw new NotFoundError('File');
      return fileResource(file, { baseUrl, spaceId: space.id, metadata: query.metadata ?? true });
    },
  ),
];
