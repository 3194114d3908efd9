import { ChangeRequestPdfQuery, PdfLink } from '@docsync/api';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { loadRevision } from '../content/load-revision.js';
import type { LoadOptions, StoredRevision } from '../content/stored-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import type { ServerRoute } from '../http/server-route.js';
import { expandComputedPages } from '../openapi-specs/computed-pages.js';
import { dereferenceOpenApiBlocks } from '../openapi-specs/render-openapi-blocks.js';
import { specResolver } from '../openapi-specs/stored-specs.js';
import { renderPdf } from '../pdf/render-pdf.js';
import { checkPdfSelection, selectPdfPages, type PdfSelection } from '../pdf/select-pdf-pages.js';
import type { ServerContext } from '../server-context.js';
import { requireSpace } from '../spaces/space-access.js';
import type { ChangeRequestRow } from '../change-requests/change-request-row.js';

/** The path of the PDF of a change request at one of its revisions (docsync's own route). */
const PDF_FILE_PATH = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf/{revisionId}';

/** The URL the PDF operation answers: the PDF of the head it saw, with the same selection. */
function pdfUrl(
  baseUrl: string,
  row: Pick<ChangeRequestRow, 'space_id' | 'id' | 'head_revision_id'>,
  selection: PdfSelection,
): string {
  const path = PDF_FILE_PATH.replace('{spaceId}', encodeURIComponent(row.space_id))
    .replace('{changeRequestId}', encodeURIComponent(row.id))
    .replace('{revisionId}', encodeURIComponent(row.head_revision_id));
  const url = new URL(path, baseUrl);
  if (selection.page !== undefined) url.searchParams.set('page', selection.page);
  if (selection.only === true) url.searchParams.set('only', 'true');
  return url.toString();
}

/**
 * A revision of the change request's space: its head (which may be the space's reserved first
 * revision, without a row, or a revision a duplicated space started on) or any revision made in
 * the space. Anything else is a 404, so ids of other spaces' revisions read nothing.
 */
async function revisionOfChangeRequest(
  ctx: ServerContext,
  row: ChangeRequestRow,
  revisionId: string,
  options: LoadOptions,
): Promise<StoredRevision> {
  if (revisionId === row.head_revision_id)
    return spaceRevision(
      ctx,
      { id: row.space_id, revision_id: row.head_revision_id, created_at: row.created_at },
      options,
    );
  const loaded = await loadRevision(ctx, revisionId, options);
  if (loaded === undefined || loaded.spaceId !== row.space_id) throw new NotFoundError('Revision');
  return loaded;
}

/**
 * `GET …/pdf`: checks the selection against the change request's head and answers the URL of
 * docsync's route that renders it. The URL pins that head, so the PDF shows what was asked for
 * even when the change request moves on.
 */
export const changeRequestPdfOperations: readonly Operation[] = [
  operation(
    'getChangeRequestPdf',
    { params: ['spaceId', 'changeRequestId'], query: ChangeRequestPdfQuery, response: PdfLink },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const selection: PdfSelection = { page: query.page, only: query.only };
      const head = await revisionOfChangeRequest(ctx, row, row.head_revision_id, {});
      checkPdfSelection(head.content.pages, selection);
      return { url: pdfUrl(baseUrl, row, selection) };
    },
  ),
];

/** Reads `page` and `only` from a raw query as the operation wrote them. */
function selectionOf(query: unknown): PdfSelection {
  const values = (query ?? {}) as Record<string, unknown>;
  const page = values['page'];
  const only = values['only'];
  if (page !== undefined && typeof page !== 'string')
    throw new BadRequestError('query/page must be one page id');
  if (only !== undefined && only !== 'true' && only !== 'false')
    throw new BadRequestError('query/only must be `true` or `false`');
  return { page, only: only === 'true' };
}

/**
 * The PDF itself (the `url` of `getChangeRequestPdf`): rendered from the documents of the
 * revision on each request, checked like every read of the space (bearer token, view access),
 * as file downloads are.
 */
export const changeRequestPdfRoute: ServerRoute = {
  method: 'GET',
  path: PDF_FILE_PATH,
  summary:
    'The PDF of a change request at one of its revisions (the `url` that `getChangeRequestPdf` answers); `page` and `only` as there.',
  handler: async ({ params, caller, ctx, request, reply, baseUrl }) => {
    const { space } = await requireSpace(ctx.db, caller, params['spaceId'] ?? '', {
      clock: ctx.clock,
    });
    const row = await requireChangeRequest(ctx.db, space.id, params['changeRequestId'] ?? '');
    const selection = selectionOf(request.query);
    const revision = await revisionOfChangeRequest(ctx, row, params['revisionId'] ?? '', {
      documents: 'all',
    });
    // Readers of the PDF see the pages generated from specs and the operations blocks refer to.
    const specs = specResolver(ctx.db, ctx.caches, space.organization_id, baseUrl);
    const pages = await Promise.all(
      selectPdfPages(await expandComputedPages(revision.content.pages, specs), selection).map(
        async (page) =>
          page.document === undefined
            ? page
            : { ...page, document: await dereferenceOpenApiBlocks(page.document, specs) },
      ),
    );
    const bytes = await renderPdf(pages, { title: `#${row.number} ${row.subject}`.trim() });
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="change-request-${row.number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(Buffer.from(bytes));
  },
};
