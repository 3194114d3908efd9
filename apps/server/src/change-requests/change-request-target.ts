import type { ContentTarget } from '../content/content-target.js';
import type { RevisionStore } from '../content/revision-caches.js';
import type { LoadOptions } from '../content/stored-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { addContributor } from './add-contributor.js';
import { WRITABLE_STATUSES } from './change-request-row.js';

/**
 * A change request's content as the target of new revisions, written by `contributorId`. Its
 * head moves by compare-and-swap, and only while it is a draft or open: merged and archived
 * change requests answer 409.
 */
export function changeRequestTarget(
  spaceId: string,
  changeRequestId: string,
  contributorId: string,
): ContentTarget {
  return {
    spaceId,
    label: 'the change request',
    async current(store: RevisionStore, options: LoadOptions = {}) {
      const row = await store.db
        .selectFrom('change_requests')
        .select(['number', 'status', 'head_revision_id', 'created_at'])
        .where('id', '=', changeRequestId)
        .executeTakeFirst();
      if (row === undefined) throw new NotFoundError('Change request');
      if (!WRITABLE_STATUSES.includes(row.status))
        throw new ConflictError(
          `Change request #${row.number} is \`${row.status}\`; only draft and open change requests can change`,
        );
      // The head may be the space's reserved first revision, which has no row: empty content.
      return spaceRevision(
        store,
        { id: spaceId, revision_id: row.head_revision_id, created_at: row.created_at },
        options,
      );
    },
    async move(trx, { from, to, now }) {
      const moved = await trx
        .updateTable('change_requests')
        .set({ head_revision_id: to, updated_at: now })
        .where('id', '=', changeRequestId)
        .where('head_revision_id', '=', from)
        .where('status', 'in', WRITABLE_STATUSES)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await addContributor(trx, changeRequestId, contributorId);
      return true;
    },
  };
}
