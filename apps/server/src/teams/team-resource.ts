import type { Team } from '@docsync/api';

/** The columns of a team that the API shows. */
export interface TeamColumns {
  id: string;
  title: string;
  created_at: string;
}

/**
 * The API's Team for a stored one: `members` is its member count; `permissions.admin` says
 * whether the caller may rename or delete it (an organization admin, or one of its owners).
 * `spaces` is 0: teams get spaces through space invitations, which do not exist yet.
 */
export function teamResource(row: TeamColumns, members: number, canManage: boolean): Team {
  return {
    object: 'team',
    id: row.id,
    title: row.title,
    members,
    spaces: 0,
    createdAt: row.created_at,
    permissions: { admin: canManage, view: true },
  };
}
