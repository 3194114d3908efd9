import type { UpdateChangeRequestBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import { writeJson } from '../resources/json-column.js';
import type { ChangeRequestsTable, Db } from '../storage/schema.js';

/** The columns a PATCH of a change request sets; absent fields stay as they are. */
export function changeRequestUpdates(
  body: UpdateChangeRequestBody,
  now: Date,
): Updateable<ChangeRequestsTable> {
  return {
    updated_at: now.toISOString(),
    ...(body.subject === undefined ? {} : { subject: body.subject }),
    ...(body.description === undefined ? {} : { description: writeJson(body.description) }),
    ...(body.status === undefined ? {} : { status: body.status }),
  };
}

/**
 * Applies a PATCH body to a change request; false when it asked for a status and the change
 * request is merged (checked by the update itself, so a racing merge cannot be undone).
 */
export async function updateChangeRequest(
  db: Db,
  changeRequestId: string,
  body: UpdateChangeRequestBody,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('change_requests')
    .set(changeRequestUpdates(body, now))
    .where('id', '=', changeRequestId)
    .$if(body.status !== undefined, (q) => q.where('status', '<>', 'merged'))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Moves the base a change request merges from to `mainRevision` (a main revision its content
 * holds). Run it in the transaction that imports that content.
 */
export async function rebaseChangeRequest(
  trx: Db,
  changeRequestId: string,
  mainRevision: string,
): Promise<void> {
  await trx
    .updateTable('change_requests')
    .set({ base_revision_id: mainRevision, merged_ancestor_revision_id: mainRevision })
    .where('id', '=', changeRequestId)
    .execute();
}
