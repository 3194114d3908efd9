import type { Transaction } from 'kysely';
import { ConflictError } from '../errors.js';
import type { DatabaseSchema } from '../storage/schema.js';

/**
 * 409 when a change would leave the organization without an active admin: demoting or removing
 * its last one would lock everyone out of its settings, members and content for good.
 *
 * Run it inside the transaction that makes the change. It first takes the organization's row
 * lock (a no-op update), so two admins demoting each other at the same moment on PostgreSQL
 * are serialized and the second sees the first's change; SQLite runs one writer at a time.
 */
export async function keepAnAdmin(
  trx: Transaction<DatabaseSchema>,
  organizationId: string,
  userId: string,
  change: 'demote' | 'remove',
): Promise<void> {
  await trx
    .updateTable('organizations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', organizationId)
    .execute();
  const admins = await trx
    .selectFrom('members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .execute();
  const isAdmin = admins.some((admin) => admin.user_id === userId);
  if (isAdmin && admins.length === 1) {
    const verb = change === 'demote' ? 'change the role of' : 'remove';
    throw new ConflictError(
      `Cannot ${verb} \`${userId}\`: they are the organization's last admin; make another member admin first`,
    );
  }
}
