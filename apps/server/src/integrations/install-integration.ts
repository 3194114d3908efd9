import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { emitIntegrationEvent } from './emit-event.js';
import type { InstallationRow, IntegrationRow } from './integration-resource.js';

/**
 * Installs an integration on an organization the caller administers, granting it the scopes the
 * integration asks for now, and queues its `installation_setup` event in the same transaction.
 * A private integration installs only in its own organization; a second installation on the
 * same organization is a 409.
 */
export async function installIntegration(
  ctx: ServerContext,
  caller: Caller,
  integration: IntegrationRow,
  organizationId: string,
): Promise<InstallationRow> {
  const access = await requireOrganization(ctx.db, caller, organizationId);
  requireLevel(access.level, 'admin', 'install integrations');
  if (integration.visibility === 'private' && integration.organization_id !== organizationId)
    throw new ForbiddenError(
      'A private integration installs only in the organization that publishes it',
    );
  const now = ctx.clock.now().toISOString();
  const row: InstallationRow = {
    id: ctx.ids(),
    integration_id: integration.id,
    organization_id: organizationId,
    installed_by: caller.userId,
    status: 'active',
    scopes: integration.scopes,
    configuration: writeJson({}),
    external_ids: writeJson([]),
    space_selection: 'all',
    site_selection: 'all',
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('integration_installations').values(row).execute();
      await emitIntegrationEvent(
        trx,
        {
          type: 'installation_setup',
          organizationId,
          installationId: row.id,
          fields: { status: 'active' },
        },
        ctx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`The integration \`${integration.name}\` is installed there already`);
    throw error;
  }
  ctx.jobs.wake();
  return row;
}
