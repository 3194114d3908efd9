import {
  InstallIntegrationBody,
  InstallOnSiteBody,
  InstallOnSpaceBody,
  Integration,
  IntegrationDevModeBody,
  IntegrationEvent,
  IntegrationEventTrace,
  IntegrationInstallation,
  IntegrationSigningSecret,
  IntegrationSiteInstallation,
  IntegrationSpaceInstallation,
  ListInstallationsQuery,
  ListIntegrationsQuery,
  ListOf,
  ListTargetInstallationsQuery,
  PaginationQuery,
  PublishIntegrationBody,
  TargetInstallationQuery,
  UpdateInstallationBody,
  UpdateTargetInstallationBody,
} from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import type { CountedPage } from '../pagination.js';
import {
  findIntegration,
  requireIntegration,
  requireManagedIntegration,
} from '../integrations/integration-access.js';
import {
  eventResource,
  eventTrace,
  installationResource,
  integrationResource,
  type IntegrationRow,
} from '../integrations/integration-resource.js';
import { installIntegration } from '../integrations/install-integration.js';
import {
  attemptsOf,
  listEvents,
  listInstallations,
  listIntegrations,
} from '../integrations/list-integrations.js';
import { publishIntegration } from '../integrations/publish-integration.js';
import type { ServerContext } from '../server-context.js';
import {
  installedSpaces,
  listSiteInstallations,
  listSpaceInstallations,
  type TargetKind,
  type TargetQuery,
  type TargetScope,
} from '../integrations/target-installations.js';
import {
  configureTarget,
  installOnTarget,
  requireInstallation,
  uninstallFromTarget,
  updateInstallation,
  type InstallationAccess,
  type InstallationRight,
} from '../integrations/manage-installation.js';

/**
 * The integration a call's path names, which the caller must manage (403 otherwise: `action`
 * completes the message).
 */
async function managedIntegration(
  ctx: ServerContext,
  caller: Caller,
  params: { integrationName: string },
  action: string,
): Promise<IntegrationRow> {
  const access = await requireManagedIntegration(ctx.db, caller, params.integrationName, action);
  return access.integration;
}

/** Switches development mode: events go to `tunnelUrl`, or to the endpoint again (null). */
async function setDevMode(
  ctx: ServerContext,
  integration: IntegrationRow,
  tunnelUrl: string | null,
  all: boolean,
): Promise<undefined> {
  await ctx.db
    .updateTable('integrations')
    .set({ dev_tunnel_url: tunnelUrl, dev_all: all })
    .where('id', '=', integration.id)
    .execute();
  return undefined;
}

/** The operations on an installation's spaces, or its sites, by their operation ids. */
interface TargetOperationIds {
  list: string;
  install: string;
  get: string;
  update: string;
  uninstall: string;
}

/**
 * The five operations on the spaces (or sites) of one installation: list those it covers,
 * install it on one, read and configure its settings for one, uninstall it from one. An item
 * is read back through the listing, so every operation answers in the same form.
 */
function targetOperations(kind: TargetKind, ids: TargetOperationIds): Operation[] {
  const Item = kind === 'space' ? IntegrationSpaceInstallation : IntegrationSiteInstallation;
  const param = kind === 'space' ? 'spaceId' : 'siteId';
  const list = (
    ctx: ServerContext,
    scope: TargetScope,
    query: TargetQuery,
    baseUrl: string,
  ): Promise<CountedPage<IntegrationSpaceInstallation | IntegrationSiteInstallation>> =>
    kind === 'space'
      ? listSpaceInstallations(ctx.db, scope, query, baseUrl)
      : listSiteInstallations(ctx.db, scope, query, baseUrl);
  const one = async (
    ctx: ServerContext,
    scope: Required<Pick<TargetScope, 'installationId' | 'targetId'>> & TargetScope,
    extended: boolean | undefined,
    baseUrl: string,
  ) => {
    const page = await list(ctx, scope, { limit: 1, extended }, baseUrl);
    const item = page.rows[0];
    if (item === undefined)
      throw new NotFoundError(
        kind === 'space' ? 'Space installation' : 'Site installation',
        `The installation does not cover this ${kind}`,
      );
    return item;
  };
  const path = ['integrationName', 'installationId'] as const;
  /** The installation the call's path names, for `right` (`action` completes a 403). */
  const installationOf = (
    call: {
      params: { integrationName: string; installationId: string };
      caller: Caller;
      ctx: ServerContext;
    },
    right: InstallationRight,
    action: string,
  ) => requireInstallation(call.ctx.db, call.caller, call.params, right, action);
  /** What the listing of `access` shows for one target. */
  const scopeOf = (access: InstallationAccess, targetId: string) => ({
    integration: access.integration,
    installationId: access.installation.id,
    targetId,
  });
  const targetIn = (params: Readonly<Record<string, string>>) => params[param] ?? '';
  return [
    operation(
      ids.list,
      { params: [...path], query: ListTargetInstallationsQuery, response: ListOf(Item) },
      async (call) => {
        const access = await installationOf(call, 'read', 'read it');
        const scope = { integration: access.integration, installationId: access.installation.id };
        return envelope(await list(call.ctx, scope, call.query, call.baseUrl), (item) => item);
      },
    ),
    operation(
      ids.install,
      {
        params: [...path],
        query: TargetInstallationQuery,
        body: kind === 'space' ? InstallOnSpaceBody : InstallOnSiteBody,
        response: Item,
      },
      async (call) => {
        const access = await installationOf(call, 'administer', `install it on a ${kind}`);
        const targetId = (call.body as { space?: string; site?: string })[kind] ?? '';
        await installOnTarget(call.ctx, access.installation, { kind, id: targetId });
        return one(call.ctx, scopeOf(access, targetId), call.query.extended, call.baseUrl);
      },
    ),
    operation(
      ids.get,
      { params: [...path, param], query: TargetInstallationQuery, response: Item },
      async (call) => {
        const access = await installationOf(call, 'read', 'read it');
        const scope = scopeOf(access, targetIn(call.params));
        return one(call.ctx, scope, call.query.extended, call.baseUrl);
      },
    ),
    operation(
      ids.update,
      {
        params: [...path, param],
        query: TargetInstallationQuery,
        body: UpdateTargetInstallationBody,
        response: Item,
      },
      async (call) => {
        const access = await installationOf(call, 'configure', `configure it for a ${kind}`);
        const targetId = targetIn(call.params);
        await configureTarget(call.ctx, access.installation, { kind, id: targetId }, call.body);
        return one(call.ctx, scopeOf(access, targetId), call.query.extended, call.baseUrl);
      },
    ),
    operation(ids.uninstall, { params: [...path, param], response: null }, async (call) => {
      const access = await installationOf(call, 'administer', `uninstall it from a ${kind}`);
      await uninstallFromTarget(call.ctx, access.installation, { kind, id: targetIn(call.params) });
      return undefined;
    }),
  ];
}

/** A list page in the API's envelope. */
function envelope<Row, Item>(
  page: { rows: Row[]; count: number; next?: { page: string } },
  item: (row: Row) => Item,
) {
  return {
    items: page.rows.map(item),
    count: page.count,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}

/**
 * Integrations. Anyone reads public and unlisted integrations (and lists public ones); members
 * of the publishing organization see its private ones too. Admins of an organization publish
 * into it and install integrations on it; the publishing organization's admins (and the
 * integration's own token, for reads) see its installations and events, switch development mode
 * and read the signing secret. A private integration of another organization is a 404.
 */
export const integrationOperations: readonly Operation[] = [
  operation(
    'listIntegrations',
    { query: ListIntegrationsQuery, response: ListOf(Integration) },
    async ({ query, caller, ctx, baseUrl }) => {
      const page = await listIntegrations(ctx.db, caller, query);
      const items = await Promise.all(
        page.rows.map(async (row) => {
          const access = await requireIntegration(ctx.db, caller, row.name);
          return integrationResource(row, access.owner, access.level, baseUrl);
        }),
      );
      return { ...envelope(page, () => null), items };
    },
  ),

  operation(
    'getIntegrationByName',
    { params: ['integrationName'], response: Integration },
    async ({ params, caller, ctx, baseUrl }) => {
      const access = await requireIntegration(ctx.db, caller, params.integrationName);
      return integrationResource(access.integration, access.owner, access.level, baseUrl);
    },
  ),

  operation(
    'publishIntegration',
    { params: ['integrationName'], body: PublishIntegrationBody, response: Integration },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const row = await publishIntegration(ctx, caller, params.integrationName, body);
      const access = await requireIntegration(ctx.db, caller, row.name);
      return integrationResource(row, access.owner, access.level, baseUrl);
    },
  ),

  operation(
    'unpublishIntegration',
    { params: ['integrationName'], response: null },
    async ({ params, caller, ctx }) => {
      const row = await findIntegration(ctx.db, params.integrationName);
      if (row === undefined) return undefined;
      await requireManagedIntegration(ctx.db, caller, row.name, 'unpublish it');
      await ctx.db.deleteFrom('integrations').where('id', '=', row.id).execute();
      return undefined;
    },
  ),

  operation(
    'listIntegrationInstallations',
    {
      params: ['integrationName'],
      query: ListInstallationsQuery,
      response: ListOf(IntegrationInstallation),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const integration = await managedIntegration(ctx, caller, params, 'see its installations');
      const page = await listInstallations(ctx.db, integration.id, query);
      const counts = new Map<string, number>();
      for (const row of page.rows) counts.set(row.id, await installedSpaces(ctx.db, row));
      return envelope(page, (row) =>
        installationResource(row, integration.name, counts.get(row.id) ?? 0, baseUrl),
      );
    },
  ),

  operation(
    'installIntegration',
    {
      params: ['integrationName'],
      body: InstallIntegrationBody,
      response: IntegrationInstallation,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { integration } = await requireIntegration(ctx.db, caller, params.integrationName);
      const row = await installIntegration(ctx, caller, integration, body.organization);
      const spaces = await installedSpaces(ctx.db, row);
      return installationResource(row, integration.name, spaces, baseUrl);
    },
  ),

  operation(
    'getIntegrationInstallationById',
    { params: ['integrationName', 'installationId'], response: IntegrationInstallation },
    async ({ params, caller, ctx, baseUrl }) => {
      const { integration, installation } = await requireInstallation(
        ctx.db,
        caller,
        params,
        'read',
        'read it',
      );
      const spaces = await installedSpaces(ctx.db, installation);
      return installationResource(installation, integration.name, spaces, baseUrl);
    },
  ),

  operation(
    'updateIntegrationInstallation',
    {
      params: ['integrationName', 'installationId'],
      body: UpdateInstallationBody,
      response: IntegrationInstallation,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireInstallation(
        ctx.db,
        caller,
        params,
        'administer',
        'change the installation',
      );
      const installation = await updateInstallation(ctx, access.installation, body);
      const spaces = await installedSpaces(ctx.db, installation);
      return installationResource(installation, access.integration.name, spaces, baseUrl);
    },
  ),

  ...targetOperations('space', {
    list: 'listIntegrationInstallationSpaces',
    install: 'installIntegrationOnSpace',
    get: 'getIntegrationSpaceInstallation',
    update: 'updateIntegrationSpaceInstallation',
    uninstall: 'uninstallIntegrationFromSpace',
  }),

  ...targetOperations('site', {
    list: 'listIntegrationInstallationSites',
    install: 'installIntegrationOnSite',
    get: 'getIntegrationSiteInstallation',
    update: 'updateIntegrationSiteInstallation',
    uninstall: 'uninstallIntegrationFromSite',
  }),

  operation(
    'listIntegrationEvents',
    { params: ['integrationName'], query: PaginationQuery, response: ListOf(IntegrationEvent) },
    async ({ params, query, caller, ctx }) => {
      const integration = await managedIntegration(ctx, caller, params, 'see its events');
      const page = await listEvents(ctx.db, integration.id, query);
      const attempts = await attemptsOf(
        ctx.db,
        page.rows.map((row) => row.id),
      );
      return envelope(page, (row) => eventResource(row, attempts.get(row.id) ?? []));
    },
  ),

  operation(
    'getIntegrationEvent',
    { params: ['integrationName', 'eventId'], response: IntegrationEventTrace },
    async ({ params, caller, ctx }) => {
      const integration = await managedIntegration(ctx, caller, params, 'see its events');
      const row = await ctx.db
        .selectFrom('integration_events')
        .selectAll()
        .where('id', '=', params.eventId)
        .where('integration_id', '=', integration.id)
        .executeTakeFirst();
      if (row === undefined) throw new NotFoundError('Event');
      const attempts = (await attemptsOf(ctx.db, [row.id])).get(row.id) ?? [];
      return { event: eventResource(row, attempts), trace: eventTrace(row, attempts) };
    },
  ),

  operation(
    'listIntegrationSpaceInstallations',
    {
      params: ['integrationName'],
      query: ListTargetInstallationsQuery,
      response: ListOf(IntegrationSpaceInstallation),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const integration = await managedIntegration(ctx, caller, params, 'see its installations');
      const page = await listSpaceInstallations(ctx.db, { integration }, query, baseUrl);
      return envelope(page, (item) => item);
    },
  ),

  operation(
    'listIntegrationSiteInstallations',
    {
      params: ['integrationName'],
      query: ListTargetInstallationsQuery,
      response: ListOf(IntegrationSiteInstallation),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const integration = await managedIntegration(ctx, caller, params, 'see its installations');
      const page = await listSiteInstallations(ctx.db, { integration }, query, baseUrl);
      return envelope(page, (item) => item);
    },
  ),

  operation(
    'setIntegrationDevMode',
    { params: ['integrationName'], body: IntegrationDevModeBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const integration = await managedIntegration(
        ctx,
        caller,
        params,
        'switch its development mode',
      );
      if (!URL.canParse(body.tunnelUrl) || !/^https?:$/.test(new URL(body.tunnelUrl).protocol))
        throw new BadRequestError('body/tunnelUrl must be an http(s) URL');
      return setDevMode(ctx, integration, body.tunnelUrl, body.all ?? false);
    },
  ),

  operation(
    'disableIntegrationDevMode',
    { params: ['integrationName'], response: null },
    async ({ params, caller, ctx }) => {
      const integration = await managedIntegration(
        ctx,
        caller,
        params,
        'switch its development mode',
      );
      return setDevMode(ctx, integration, null, false);
    },
  ),

  operation(
    'getIntegrationSigningSecret',
    { params: ['integrationName'], response: IntegrationSigningSecret },
    async ({ params, caller, ctx }) => {
      const integration = await managedIntegration(ctx, caller, params, 'read its signing secret');
      return { secret: integration.signing_secret };
    },
  ),
];
