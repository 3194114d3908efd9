import type { Db } from '../storage/schema.js';
import { keepAnAdmin } from './keep-an-admin.js';

/**
 * Removes a user from an organization and from its teams, in one transaction that refuses to
 * remove the last admin (409). Removing someone who is not a member changes nothing.
 */
export async function removeMember(db: Db, organizationId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await keepAnAdmin(trx, organizationId, userId, 'remove');
    await trx
      .deleteFrom('team_members')
      .where('user_id', '=', userId)
      .where('team_id', 'in', (eb) =>
        eb.selectFrom('teams').select('id').where('organization_id', '=', organizationId),
      )
      .execute();
    await trx
      .deleteFrom('members')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  });
}
