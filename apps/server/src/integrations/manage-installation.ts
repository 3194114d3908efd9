import type { UpdateInstallationBody, UpdateTargetInstallationBody } from '@docsync/api';
import { findMembership } from '../access/organization-access.js';
import { levelOf } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { readJson, writeJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { emitIntegrationEvent } from './emit-event.js';
import { requireIntegration } from './integration-access.js';
import type { InstallationRow, IntegrationRow } from './integration-resource.js';
import type { TargetKind } from './target-installations.js';

/** What a caller may do with an installation. */
export type InstallationRight =
  /** Read it and its spaces and sites. */
  | 'read'
  /** Set its configuration and external ids for one space or site. */
  | 'configure'
  /** Change its selection or configuration, install it on spaces and sites and off them. */
  | 'administer';

/** An installation with the integration it belongs to. */
export interface InstallationAccess {
  integration: IntegrationRow;
  installation: InstallationRow;
}

/**
 * Loads an installation of an integration the caller may see, for `right`:
 * - the installing organization's admins may do anything with it;
 * - its own installation token may read it and configure it for its spaces and sites;
 * - the integration (its own token, or the publishing organization's admins) may read it.
 * An installation the caller may not even read answers 404 like an unknown one; one the caller
 * reads but may not change, 403 (`action` completes the message).
 */
export async function requireInstallation(
  db: Db,
  caller: Caller,
  params: { integrationName: string; installationId: string },
  right: InstallationRight,
  action: string,
): Promise<InstallationAccess> {
  const access = await requireIntegration(db, caller, params.integrationName);
  const installation = await db
    .selectFrom('integration_installations')
    .selectAll()
    .where('id', '=', params.installationId)
    .where('integration_id', '=', access.integration.id)
    .executeTakeFirst();
  if (installation === undefined) throw new NotFoundError('Installation');
  const own = caller.integration?.installationId === installation.id;
  const member =
    caller.integration === undefined
      ? await findMembership(db, caller, installation.organization_id)
      : undefined;
  const admin = member !== undefined && levelOf(member.role) === 'admin';
  const readable =
    admin || own || (access.manages && caller.integration?.installationId === undefined);
  if (!readable) throw new NotFoundError('Installation');
  const allowed = right === 'read' || admin || (right === 'configure' && own);
  if (!allowed)
    throw new ForbiddenError(
      `You need the \`admin\` role in the organization the integration is installed in to ${action}`,
    );
  return { integration: access.integration, installation };
}

/** Queues an event for this one installation, in `trx`. */
function tell(
  trx: Db,
  installation: InstallationRow,
  type: string,
  fields: Readonly<Record<string, unknown>>,
  ctx: ServerContext,
): Promise<number> {
  return emitIntegrationEvent(
    trx,
    { type, organizationId: installation.organization_id, installationId: installation.id, fields },
    ctx,
  );
}

/** The query for the installation's own row for a target (`t`'s primary key). */
function targetRow(
  db: Db,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
) {
  return db
    .selectFrom('integration_target_installations')
    .selectAll()
    .where('installation_id', '=', installation.id)
    .where('target_kind', '=', target.kind)
    .where('target_id', '=', target.id);
}

/**
 * Changes an installation's configuration and selections, and tells the installation
 * (`installation_setup`, with what it was before) in the same transaction.
 */
export async function updateInstallation(
  ctx: ServerContext,
  installation: InstallationRow,
  body: UpdateInstallationBody,
): Promise<InstallationRow> {
  const changed: InstallationRow = {
    ...installation,
    configuration:
      body.configuration === undefined ? installation.configuration : writeJson(body.configuration),
    space_selection: body.space_selection ?? installation.space_selection,
    site_selection: body.site_selection ?? installation.site_selection,
    updated_at: ctx.clock.now().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('integration_installations')
      .set({
        configuration: changed.configuration,
        space_selection: changed.space_selection,
        site_selection: changed.site_selection,
        updated_at: changed.updated_at,
      })
      .where('id', '=', installation.id)
      .execute();
    await tell(
      trx,
      installation,
      'installation_setup',
      {
        status: installation.status,
        previous: {
          status: installation.status,
          configuration: readJson(installation.configuration),
        },
      },
      ctx,
    );
  });
  ctx.jobs.wake();
  return changed;
}

/** 404 unless `id` is a space (not deleted) or a site of the installation's organization. */
async function requireTarget(
  db: Db,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
): Promise<void> {
  const found =
    target.kind === 'space'
      ? await db
          .selectFrom('spaces')
          .select('id')
          .where('id', '=', target.id)
          .where('organization_id', '=', installation.organization_id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : await db
          .selectFrom('sites')
          .select('id')
          .where('id', '=', target.id)
          .where('organization_id', '=', installation.organization_id)
          .executeTakeFirst();
  if (found === undefined) throw new NotFoundError(target.kind === 'space' ? 'Space' : 'Site');
}

/** The event fields that name a target: `spaceId` or `siteId`. */
const targetField = (target: { kind: TargetKind; id: string }) => ({
  [`${target.kind}Id`]: target.id,
});

/**
 * Installs an installation on one space or site of its organization, with settings of its own,
 * and tells it (`space_installation_setup` / `site_installation_setup`) in the same transaction.
 * 404 for a space or site of another organization; 409 when installed there already.
 */
export async function installOnTarget(
  ctx: ServerContext,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
): Promise<void> {
  await requireTarget(ctx.db, installation, target);
  const now = ctx.clock.now().toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('integration_target_installations')
        .values({
          installation_id: installation.id,
          target_kind: target.kind,
          target_id: target.id,
          status: 'active',
          configuration: writeJson({}),
          external_ids: writeJson([]),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tell(
        trx,
        installation,
        `${target.kind}_installation_setup`,
        { ...targetField(target), status: 'active' },
        ctx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`The installation is installed on this ${target.kind} already`);
    throw error;
  }
  ctx.jobs.wake();
}

/** The 404 for a space or site the installation was not installed on. */
function notInstalled(target: { kind: TargetKind }): NotFoundError {
  return new NotFoundError(
    target.kind === 'space' ? 'Space installation' : 'Site installation',
    `The installation was not installed on this ${target.kind}`,
  );
}

/** The installation's own row for a target, or 404 when it was not installed there. */
async function requireTargetRow(
  db: Db,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
) {
  const row = await targetRow(db, installation, target).executeTakeFirst();
  if (row === undefined) throw notInstalled(target);
  return row;
}

/**
 * Sets an installation's configuration or external ids for one space or site it covers; a
 * target covered through the `all` selection gets settings of its own. A changed configuration
 * tells the installation (`…_installation_setup`, with what it was before).
 */
export async function configureTarget(
  ctx: ServerContext,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
  body: UpdateTargetInstallationBody,
): Promise<void> {
  await requireTarget(ctx.db, installation, target);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await targetRow(trx, installation, target).executeTakeFirst();
    // A target the installation covers only through `all` gets settings of its own; one it
    // does not cover at all is a 404.
    if (before === undefined && installation[`${target.kind}_selection`] !== 'all')
      throw notInstalled(target);
    const configuration =
      body.configuration === undefined
        ? (before?.configuration ?? installation.configuration)
        : writeJson(body.configuration);
    const externalIds =
      body.externalIds === undefined
        ? (before?.external_ids ?? writeJson([]))
        : writeJson([...new Set(body.externalIds)]);
    await trx
      .insertInto('integration_target_installations')
      .values({
        installation_id: installation.id,
        target_kind: target.kind,
        target_id: target.id,
        status: before?.status ?? installation.status,
        configuration,
        external_ids: externalIds,
        created_at: before?.created_at ?? now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['installation_id', 'target_kind', 'target_id'])
          .doUpdateSet({ configuration, external_ids: externalIds, updated_at: now }),
      )
      .execute();
    const previous = before?.configuration ?? installation.configuration;
    const status = before?.status ?? installation.status;
    if (configuration !== previous)
      await tell(
        trx,
        installation,
        `${target.kind}_installation_setup`,
        { ...targetField(target), status, previous: { status, configuration: readJson(previous) } },
        ctx,
      );
  });
  ctx.jobs.wake();
}

/**
 * Uninstalls an installation from one space or site it was installed on, and tells it
 * (`…_installation_deleted`, with its configuration there) in the same transaction.
 */
export async function uninstallFromTarget(
  ctx: ServerContext,
  installation: InstallationRow,
  target: { kind: TargetKind; id: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireTargetRow(trx, installation, target);
    await trx
      .deleteFrom('integration_target_installations')
      .where('installation_id', '=', installation.id)
      .where('target_kind', '=', target.kind)
      .where('target_id', '=', target.id)
      .execute();
    await tell(
      trx,
      installation,
      `${target.kind}_installation_deleted`,
      { ...targetField(target), previous: { configuration: readJson(row.configuration) } },
      ctx,
    );
  });
  ctx.jobs.wake();
}
