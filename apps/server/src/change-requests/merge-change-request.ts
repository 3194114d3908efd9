import type { ChangeRequestMergeResult } from '@docsync/api';
import type { RevisionConflict } from '@docsync/core';
import { advanceRevision } from '../content/advance-revision.js';
import { emitSpaceEvent } from '../integrations/emit-event.js';
import type { StoredRevision } from '../content/stored-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { spaceTarget } from '../content/space-target.js';
import { recordSyncPoint } from '../content/sync-points.js';
import { ConflictError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import { queueRunsAfterMerge } from '../translations/translations.js';
import {
  readChangeRequest,
  WRITABLE_STATUSES,
  type ChangeRequestRow,
} from './change-request-row.js';
import { mergeSpaceRevisions } from './merge-space-revisions.js';
import { requireMergeRulesMet } from './reviews/unmet-reviewers.js';

/**
 * How often a merge is rebuilt on a main revision another writer moved the space to. Each lost
 * race means another write landed, so with N merges at once none needs more than N tries; the
 * bound only stops a merge from chasing a space that never stops moving.
 */
const MERGE_ATTEMPTS = 32;

/** What a merge did, and the conflicts when it could not merge. */
export interface MergeOutcome extends ChangeRequestMergeResult {
  conflicts: RevisionConflict[];
}

/**
 * Merges a change request into the main content, three ways: base is the main revision the
 * change request was forked from (or last updated from), ours the space's current revision,
 * theirs the change request's head. A clean merge is written as a `merge` revision and the
 * space moved to it by compare-and-swap, in the same transaction that marks the change request
 * merged (itself a compare-and-swap on its head and status, so an edit or a second merge racing
 * this one is never lost). The space's merge rules must be met by approvals of that head (409
 * `merge_rules_unmet` otherwise). A lost race merges again on the new main revision. When the
 * merge has conflicts nothing is written: `result: conflicts` with the space's revision unchanged.
 * A head that records a commit (imported from it) becomes a sync point with that commit, and
 * translations of the space that run after merges are queued.
 */
export async function mergeChangeRequest(
  ctx: ServerContext,
  changeRequest: Pick<ChangeRequestRow, 'id' | 'space_id'>,
  authorId: string,
): Promise<MergeOutcome> {
  let conflicts: RevisionConflict[] = [];
  // Revisions are immutable: a merge rebuilt after a lost race reloads only the main revision.
  const loaded = new Map<string, Promise<StoredRevision>>();
  const advanced = await advanceRevision(
    ctx,
    spaceTarget(changeRequest.space_id),
    async (ours) => {
      const row = await readChangeRequest(ctx.db, changeRequest.id);
      if (!WRITABLE_STATUSES.includes(row.status))
        throw new ConflictError(
          `Change request #${row.number} is \`${row.status}\`; only draft and open change requests can be merged`,
        );
      // Checked against the head this attempt merges: the merge's own compare-and-swap on the
      // head then guarantees that the approvals counted are approvals of what lands.
      await requireMergeRulesMet(ctx.db, row);
      const at = (revisionId: string) => {
        const cached =
          loaded.get(revisionId) ??
          spaceRevision(
            ctx,
            { id: row.space_id, revision_id: revisionId, created_at: row.created_at },
            { documents: 'all' },
          );
        loaded.set(revisionId, cached);
        return cached;
      };
      const base = await at(row.base_revision_id);
      const theirs = await at(row.head_revision_id);
      const merge = mergeSpaceRevisions(base, ours, theirs);
      conflicts = merge.conflicts;
      if (conflicts.length > 0) return { kind: 'keep' };
      return {
        kind: 'write',
        revision: { type: 'merge', ...merge.merged },
        alongside: async (trx, revisionId, now) => {
          const marked = await trx
            .updateTable('change_requests')
            .set({
              status: 'merged',
              merged_revision_id: revisionId,
              merged_at: now,
              updated_at: now,
            })
            .where('id', '=', row.id)
            .where('head_revision_id', '=', row.head_revision_id)
            .where('status', 'in', WRITABLE_STATUSES)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) return false;
          await emitSpaceEvent(
            trx,
            {
              type: 'change_request_merged',
              spaceId: row.space_id,
              fields: { changeRequestId: row.id, number: row.number, revisionId },
            },
            ctx,
          );
          // A head imported from a commit holds exactly that commit's content: the pair is a
          // sync point (the merged revision, which also holds main's other changes, is not).
          if (theirs.git !== undefined)
            await recordSyncPoint(trx, {
              spaceId: row.space_id,
              git: theirs.git,
              revisionId: theirs.id,
              now,
            });
          // Translations of the space that follow it run on what was merged.
          await queueRunsAfterMerge(trx, row.space_id, ctx);
          return true;
        },
      };
    },
    { authorId, load: { documents: 'all' }, attempts: MERGE_ATTEMPTS },
  );
  return {
    revision: advanced.revisionId,
    result: conflicts.length > 0 ? 'conflicts' : 'merge',
    conflicts,
  };
}
