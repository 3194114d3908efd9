import type { CreateOrganizationBody } from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { ForbiddenError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { insertMember, insertOrganization } from './insert-organization.js';

/**
 * Creates an organization with the caller as its admin; 403 unless the caller is a server admin
 * (the user `server init` made, or one a server admin's organization was created for).
 */
export async function createOrganization(
  db: Db,
  caller: Caller,
  body: CreateOrganizationBody,
  options: { clock: Clock; ids: IdGenerator },
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('server_admin')
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  if (user === undefined || !user.server_admin)
    throw new ForbiddenError('Only a server admin may create organizations');
  const id = options.ids();
  const now = options.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await insertOrganization(trx, {
      id,
      title: body.title,
      defaultRole: body.defaultRole === undefined ? 'read' : body.defaultRole,
      createdBy: caller.userId,
      now,
    });
    await insertMember(trx, { organizationId: id, userId: caller.userId, role: 'admin', now });
  });
  return id;
}
