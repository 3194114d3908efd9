import {
  InstallIntegrationBody,
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
} from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
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
} from '../integrations/target-installations.js';

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
      for (const row of page.rows)
        counts.set(row.organization_id, await installedSpaces(ctx.db, row.organization_id));
      return envelope(page, (row) =>
        installationResource(row, integration.name, counts.get(row.organization_id) ?? 0, baseUrl),
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
      const spaces = await installedSpaces(ctx.db, row.organization_id);
      return installationResource(row, integration.name, spaces, baseUrl);
    },
  ),

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
      const page = await listSpaceInstallations(ctx.db, integration, query, baseUrl);
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
      const page = await listSiteInstallations(ctx.db, integration, query, baseUrl);
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
