import { sql } from 'kysely';
import { emitSpaceEvent } from '../integrations/emit-event.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import type { ChangeRequestRow } from './change-request-row.js';

/** A change request to open. */
export interface NewChangeRequest {
  spaceId: string;
  subject: string;
  creatorId: string;
}

/**
 * Opens a change request on the space's current revision: its head starts as that revision
 * (revisions are immutable, so sharing it copies nothing) and it is the merge base. Change
 * requests start as drafts, as in GitBook, until someone marks them open for review; integrations
 * hear of it (`change_request_opened`) with the change request.
 *
 * The number comes from the space's counter, bumped by an upsert in the same transaction as the
 * insert: PostgreSQL locks the counter row until the transaction ends and SQLite runs one write
 * transaction at a time, so concurrent creates get 1, 2, 3… with no gap and no duplicate.
 */
export async function createChangeRequest(
  ctx: ServerContext,
  request: NewChangeRequest,
): Promise<ChangeRequestRow> {
  const id = ctx.ids();
  const now = ctx.clock.now().toISOString();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const counter = await trx
      .insertInto('change_request_counters')
      .values({ space_id: request.spaceId, last_number: 1 })
      .onConflict((oc) =>
        oc
          .column('space_id')
          .doUpdateSet({ last_number: sql<number>`change_request_counters.last_number + 1` }),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const space = await trx
      .selectFrom('spaces')
      .select('revision_id')
      .where('id', '=', request.spaceId)
      .executeTakeFirstOrThrow();
    const row: ChangeRequestRow = {
      id,
      space_id: request.spaceId,
      number: counter.last_number,
      status: 'draft',
      subject: request.subject,
      description: null,
      created_by: request.creatorId,
      initial_revision_id: space.revision_id,
      base_revision_id: space.revision_id,
      merged_ancestor_revision_id: null,
      head_revision_id: space.revision_id,
      merged_revision_id: null,
      created_at: now,
      updated_at: now,
      merged_at: null,
    };
    await trx.insertInto('change_requests').values(row).execute();
    await trx
      .insertInto('change_request_contributors')
      .values({ change_request_id: id, user_id: request.creatorId })
      .execute();
    const announced = await emitSpaceEvent(
      trx,
      {
        type: 'change_request_opened',
        spaceId: request.spaceId,
        fields: { changeRequestId: id, number: row.number },
      },
      ctx,
    );
    return { row, announced };
  });
  if (created.announced > 0) ctx.jobs.wake();
  return created.row;
}

/** Removes a change request just created whose content could not be written. */
export async function discardChangeRequest(db: Db, changeRequestId: string): Promise<void> {
  await db.deleteFrom('change_requests').where('id', '=', changeRequestId).execute();
}
