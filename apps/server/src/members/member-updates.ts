import type { Db } from '../storage/schema.js';

/** Records that a member was seen (pinged) now. */
export async function markMemberSeen(
  db: Db,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ last_seen_at: now.toISOString() })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Marks a member as one who signs in through the organization's SSO. */
export async function markMemberSso(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ sso: true })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}
