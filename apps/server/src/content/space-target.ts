import { emitSpaceEvent } from '../integrations/emit-event.js';
import { indexSpaceRevision } from '../search/index-space-revision.js';
import type { ContentTarget } from './content-target.js';
import type { RevisionStore } from './revision-caches.js';
import type { LoadOptions } from './stored-revision.js';
import { spaceRevision } from './space-revision.js';
import { recordSyncPoint } from './sync-points.js';

/**
 * A space's main content as the target of new revisions; its search index follows it, imports
 * of a commit into it are recorded as sync points, and integrations installed on its
 * organization hear of each new revision (`space_content_updated`).
 */
export function spaceTarget(spaceId: string): ContentTarget {
  return {
    spaceId,
    label: 'the space',
    async current(store: RevisionStore, options: LoadOptions = {}) {
      const space = await store.db
        .selectFrom('spaces')
        .select(['id', 'revision_id', 'created_at'])
        .where('id', '=', spaceId)
        .executeTakeFirstOrThrow();
      return spaceRevision(store, space, options);
    },
    async move(trx, { from, to, now }) {
      const moved = await trx
        .updateTable('spaces')
        .set({ revision_id: to, updated_at: now })
        .where('id', '=', spaceId)
        .where('revision_id', '=', from)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
    follow: (store, revision) => indexSpaceRevision(store, spaceId, revision),
    announce: (trx, revisionId, options) =>
      emitSpaceEvent(
        trx,
        { type: 'space_content_updated', spaceId, fields: { revisionId } },
        options,
      ),
    async recordSyncPoint(trx, point) {
      await recordSyncPoint(trx, { spaceId, ...point });
    },
  };
}
