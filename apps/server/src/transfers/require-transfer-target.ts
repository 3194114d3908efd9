import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import type { Db } from '../storage/schema.js';

/**
 * Checks the organization a transfer goes to: the caller must be one of its admins, since the
 * transferred content becomes theirs to administrate. An organization the caller is not a member
 * of answers 404, like every organization they cannot see; a member who is not an admin, 403.
 */
export async function requireTransferTarget(
  db: Db,
  caller: Caller,
  organizationId: string,
): Promise<void> {
  const target = await requireOrganization(db, caller, organizationId);
  requireLevel(target.level, 'admin', `transfer content into organization \`${organizationId}\``);
}
