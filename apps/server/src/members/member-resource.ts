import type { Member } from '@docsync/api';
import type { SqlBool } from 'kysely';
import { levelOf, roleOf } from '../access/roles.js';
import { userResource, type UserColumns } from './user-resource.js';

/** A membership joined with its user, as {@link selectMembers} reads it. */
export interface MemberRow extends UserColumns {
  role: string | null;
  sso: SqlBool;
  disabled: SqlBool;
  joined_at: string;
  last_seen_at: string | null;
}

/** How many spaces a member can access and how many teams they are in. */
export interface MemberCounts {
  spaces: number;
  teams: number;
}

/** The API's Member: the member id is the user id, and a guest's role is null. */
export function memberResource(row: MemberRow, counts: MemberCounts, baseUrl: string): Member {
  const member: Member = {
    object: 'member',
    id: row.user_id,
    role: roleOf(levelOf(row.role)),
    user: userResource(row, baseUrl),
    // SQLite stores flags as 0/1.
    disabled: Boolean(row.disabled),
    joinedAt: row.joined_at,
    sso: Boolean(row.sso),
    spaces: counts.spaces,
    teams: counts.teams,
  };
  if (row.last_seen_at !== null) member.lastSeenAt = row.last_seen_at;
  return member;
}
