import type { Db } from '../storage/schema.js';

/** Records that a user wrote to a change request (once per user). */
export async function addContributor(
  db: Db,
  changeRequestId: string,
  userId: string,
): Promise<void> {
  await db
    .insertInto('change_request_contributors')
    .values({ change_request_id: changeRequestId, user_id: userId })
    .onConflict((oc) => oc.columns(['change_request_id', 'user_id']).doNothing())
    .execute();
}
