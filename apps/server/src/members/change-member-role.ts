import type { NullableRole } from '@docsync/api';
import type { Db } from '../storage/schema.js';
import { keepAnAdmin } from './keep-an-admin.js';

/**
 * Gives a member a new role (null: guest) in one transaction that refuses to demote the
 * organization's last admin (409).
 */
export async function changeMemberRole(
  db: Db,
  organizationId: string,
  userId: string,
  role: NullableRole,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (role !== 'admin') await keepAnAdmin(trx, organizationId, userId, 'demote');
    await trx
      .updateTable('members')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  });
}
