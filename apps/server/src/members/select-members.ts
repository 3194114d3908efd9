import { NotFoundError } from '../errors.js';
import type { Db } from '../storage/schema.js';
import type { MemberRow } from './member-resource.js';

/** The members of an organization joined with their users, selecting a {@link MemberRow}. */
export function selectMembers(db: Db, organizationId: string) {
  return db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .where('members.organization_id', '=', organizationId)
    .select([
      'members.user_id',
      'members.role',
      'members.sso',
      'members.disabled',
      'members.joined_at',
      'members.last_seen_at',
      'users.display_name',
      'users.email',
      'users.photo_url',
    ]);
}

/** One member of an organization (disabled ones included), or undefined. */
export async function findMember(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return selectMembers(db, organizationId).where('members.user_id', '=', userId).executeTakeFirst();
}

/** One member of an organization; 404 "Member not found" when the user is not one. */
export async function requireMember(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<MemberRow> {
  const member = await findMember(db, organizationId, userId);
  if (member === undefined) throw new NotFoundError('Member');
  return member;
}
