import { requireLevel, type OrganizationAccess } from '../access/organization-access.js';

/**
 * 403 unless the caller may read about the member `userId`. Listing members takes the `read`
 * role (the organization's `listMembers` permission), so guests cannot see who else belongs;
 * anyone may read about themselves.
 */
export function requireMemberReader(access: OrganizationAccess, userId: string): void {
  if (access.member.user_id === userId) return;
  requireLevel(access.level, 'read', 'see the members of this organization');
}
