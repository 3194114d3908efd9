import type { FastifyReply } from 'fastify';
import { spaceRevision } from '../content/space-revision.js';
import { NotFoundError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import type { SiteVisit } from './site-visit.js';

/** Raster images a page shows inline; anything else is downloaded. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]);

/**
 * Sends a file of a site space's current revision (`~files/<siteSpaceId>/<fileId>`), to the
 * readers of the site only. Images are shown inline; an SVG under a policy that runs nothing
 * (it could hold a script); every other file as an attachment.
 */
export async function sendSiteFile(
  ctx: ServerContext,
  reply: FastifyReply,
  visit: SiteVisit,
  segments: readonly string[],
): Promise<FastifyReply> {
  const [siteSpaceId, fileId] = segments;
  const siteSpace = visit.siteSpaces.find((row) => row.id === siteSpaceId);
  if (siteSpace === undefined || fileId === undefined || segments.length !== 2)
    throw new NotFoundError('File');
  const revision = await spaceRevision(ctx, siteSpace.space, { shared: true });
  const file = revision.content.files.find((item) => item.id === fileId);
  const bytes = file?.git === undefined ? undefined : await ctx.blobs.get(file.git.oid);
  if (file === undefined || bytes === undefined) throw new NotFoundError('File');
  const inline = INLINE_TYPES.has(file.contentType);
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header(
      'cache-control',
      visit.site.visibility === 'public' ? 'public, max-age=300' : 'private, max-age=300',
    )
    .send(Buffer.from(bytes));
}
