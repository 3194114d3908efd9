import type { ChangeRequestUpdateResult } from '@docsync/api';
import type { RevisionConflict } from '@docsync/core';
import { advanceRevision } from '../content/advance-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { spaceTarget } from '../content/space-target.js';
import type { ServerContext } from '../server-context.js';
import { readChangeRequest, type ChangeRequestRow } from './change-request-row.js';
import { changeRequestTarget } from './change-request-target.js';
import { mergeSpaceRevisions } from './merge-space-revisions.js';

/** What an update from main did, and the conflicts when it could not. */
export interface UpdateOutcome extends ChangeRequestUpdateResult {
  conflicts: RevisionConflict[];
}

/**
 * Brings the main content into a change request, three ways: base is its merge base, ours its
 * head, theirs the space's current revision. A clean merge becomes an `update` revision on the
 * change request, and its merge base moves to that main revision (compare-and-swap on both, so
 * a concurrent edit or update is rebuilt, never lost). Already up to date: nothing is written.
 * Conflicts: nothing is written, `result: conflicts` with the head unchanged.
 */
export async function updateFromMain(
  ctx: ServerContext,
  changeRequest: Pick<ChangeRequestRow, 'id' | 'space_id'>,
  authorId: string,
): Promise<UpdateOutcome> {
  let conflicts: RevisionConflict[] = [];
  const load = { documents: 'all' } as const;
  const advanced = await advanceRevision(
    ctx,
    changeRequestTarget(changeRequest.space_id, changeRequest.id, authorId),
    async (ours) => {
      const row = await readChangeRequest(ctx.db, changeRequest.id);
      const main = await spaceTarget(row.space_id).current(ctx, load);
      if (main.id === row.base_revision_id) return { kind: 'keep' };
      const base = await spaceRevision(
        ctx,
        { id: row.space_id, revision_id: row.base_revision_id, created_at: row.created_at },
        load,
      );
      const merge = mergeSpaceRevisions(base, ours, main);
      conflicts = merge.conflicts;
      if (conflicts.length > 0) return { kind: 'keep' };
      return {
        kind: 'write',
        revision: { type: 'update', ...merge.merged },
        alongside: async (trx) => {
          const rebased = await trx
            .updateTable('change_requests')
            .set({ base_revision_id: main.id, merged_ancestor_revision_id: main.id })
            .where('id', '=', row.id)
            .where('base_revision_id', '=', row.base_revision_id)
            .executeTakeFirst();
          return Number(rebased.numUpdatedRows) === 1;
        },
      };
    },
    { authorId, load },
  );
  return {
    revision: advanced.revisionId,
    result: conflicts.length > 0 ? 'conflicts' : 'update',
    conflicts,
  };
}
