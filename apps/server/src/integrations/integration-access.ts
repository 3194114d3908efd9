import type { Selectable } from 'kysely';
import { findMembership } from '../access/organization-access.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Db, OrganizationsTable } from '../storage/schema.js';
import type { IntegrationRow } from './integration-resource.js';

/** An integration as the caller sees it: the row, its owner, and the caller's role there. */
export interface IntegrationAccess {
  integration: IntegrationRow;
  owner: Selectable<OrganizationsTable>;
  /** The caller's role in the owning organization (`guest` when not a member). */
  level: Level;
  /** The caller is the integration's own token, or an admin of the owning organization. */
  manages: boolean;
}

/** The integration of a name, or undefined. */
export function findIntegration(db: Db, name: string): Promise<IntegrationRow | undefined> {
  return db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirst();
}

/**
 * Loads an integration the caller may see: a public or unlisted one, one of an organization the
 * caller belongs to, or the caller's own (its token). A private integration of another
 * organization answers 404 exactly like an unknown name.
 */
export async function requireIntegration(
  db: Db,
  caller: Caller,
  name: string,
): Promise<IntegrationAccess> {
  const integration = await findIntegration(db, name);
  if (integration === undefined) throw new NotFoundError('Integration');
  const own = caller.integration?.integrationId === integration.id;
  const member = await findMembership(db, caller, integration.organization_id);
  const level = member === undefined ? 'guest' : levelOf(member.role);
  if (integration.visibility === 'private' && member === undefined && !own)
    throw new NotFoundError('Integration');
  const owner = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', integration.organization_id)
    .executeTakeFirstOrThrow();
  return { integration, owner, level, manages: own || level === 'admin' };
}

/**
 * Loads an integration the caller manages: its own token, or an admin of the owning
 * organization. Others who may see it get 403 (`action` completes "… to …").
 */
export async function requireManagedIntegration(
  db: Db,
  caller: Caller,
  name: string,
  action: string,
): Promise<IntegrationAccess> {
  const access = await requireIntegration(db, caller, name);
  if (!access.manages)
    throw new ForbiddenError(
      `You need the \`admin\` role in the organization that publishes the integration to ${action}`,
    );
  return access;
}
