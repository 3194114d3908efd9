import { NotFoundError } from '../errors.js';
import type { ServerRoute } from '../http/server-route.js';
import { requireSpace } from '../spaces/space-access.js';
import { findSpaceFile } from '../content/find-space-file.js';

/**
 * docsync's file download (the `downloadURL` of files): the bytes of a blob that a file of the
 * space holds. Checked like every read of the space, and the blob must belong to a file of one of
 * the space's revisions (or its current one, which a duplicate shares), so a caller cannot read
 * another space's files by guessing blob ids.
 */
export const blobDownloadRoute: ServerRoute = {
  method: 'GET',
  path: '/v1/spaces/{spaceId}/git/blobs/{oid}',
  summary: 'Download the bytes of a file of the space by blob id (the `downloadURL` of files).',
  handler: async ({ params, caller, ctx, reply }) => {
    const spaceId = params['spaceId'] ?? '';
    const oid = params['oid'] ?? '';
    const { space } = await requireSpace(ctx.db, caller, spaceId, { clock: ctx.clock });
    const file = await findSpaceFile(ctx.db, space, oid);
    const bytes = file === undefined ? undefined : await ctx.blobs.get(oid);
    if (file === undefined || bytes === undefined) throw new NotFoundError('File');
    // Served as an attachment: an uploaded HTML or SVG file must not run as this origin's page.
    await reply
      .header('content-type', file.content_type)
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(bytes));
  },
};
