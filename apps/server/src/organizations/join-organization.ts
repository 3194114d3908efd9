import { NotFoundError } from '../errors.js';
import { readJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import { verifiedDomain } from './verified-domain.js';

/**
 * Makes `userId` a member of an organization that lists the domain of their verified email,
 * with its default role; nothing when they are one already. 404 when they may not join.
 */
export async function joinOrganization(
  db: Db,
  userId: string,
  organizationId: string,
  now: Date,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'email_domains', 'default_role'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const domain = verifiedDomain(user);
  // An organization the caller may not join is one they cannot see: 404, as for no organization.
  if (
    organization === undefined ||
    domain === undefined ||
    !(readJson(organization.email_domains) as string[]).includes(domain)
  ) {
    throw new NotFoundError('Organization');
  }
  await db
    .insertInto('members')
    .values({
      organization_id: organization.id,
      user_id: userId,
      role: organization.default_role,
      sso: false,
      disabled: false,
      joined_at: now.toISOString(),
      last_seen_at: null,
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doNothing())
    .execute();
}
