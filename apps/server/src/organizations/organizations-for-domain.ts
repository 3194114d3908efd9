import type { Db } from '../storage/schema.js';
import { verifiedDomain } from './verified-domain.js';

/**
 * The organizations whose email domains may hold `domain` (to check exactly), oldest first, with
 * the caller's membership, and whether the caller's verified email lets them join.
 */
export async function organizationsForDomain(db: Db, userId: string, domain: string) {
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const joinable = verifiedDomain(user) === domain;
  // Prefilter on the JSON text, then compare exactly: `"example.com"` also matches inside
  // no other domain because the quotes are part of the pattern.
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('members', (join) =>
      join
        .onRef('members.organization_id', '=', 'organizations.id')
        .on('members.user_id', '=', userId)
        .on('members.disabled', '=', false),
    )
    .selectAll('organizations')
    .select(['members.role as member_role', 'members.user_id as member_user'])
    .where('organizations.email_domains', 'like', `%${JSON.stringify(domain)}%`)
    .orderBy('organizations.created_at')
    .orderBy('organizations.id')
    .execute();
  return { rows, joinable };
}
