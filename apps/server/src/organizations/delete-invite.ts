import type { Db } from '../storage/schema.js';

/** Deletes an invite link of an organization (nothing when there is no such invite). */
export async function deleteInvite(
  db: Db,
  organizationId: string,
  inviteId: string,
): Promise<void> {
  await db
    .deleteFrom('link_invites')
    .where('organization_id', '=', organizationId)
    .where('id', '=', inviteId)
    .execute();
}
