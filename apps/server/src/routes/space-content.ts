import { spaceRevision } from '../content/space-revision.js';
import type { Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';
import { contentReadOperations } from './content-reads.js';

/**
 * Space content reads: the current revision, its pages, one page (as a document or markdown),
 * its files and one file.
 */
export const spaceContentOperations: readonly Operation[] = contentReadOperations(
  {
    revision: 'getCurrentRevision',
    pages: 'listPages',
    page: 'getPageById',
    files: 'listFiles',
    file: 'getFileById',
    reusableContent: 'getReusableContentById',
  },
  ['spaceId'],
  async ({ params, caller, ctx }) => {
    const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
    return {
      spaceId: space.id,
      organizationId: space.organization_id,
      revisionId: space.revision_id,
      revision: (options) => spaceRevision(ctx, space, options),
    };
  },
);
