import type { IntegrationSiteInstallation, IntegrationSpaceInstallation } from '@docsync/api';
import { spaceResource } from '../resources/space-resource.js';
import { siteResource } from '../resources/site-resource.js';
import { listByKeys, type CountedPage, type PageRequest } from '../pagination.js';
import { siteSpaceCounts } from '../sites/site-space-counts.js';
import { spaceActivities } from '../spaces/space-activity.js';
import type { Db } from '../storage/schema.js';
import type { IntegrationRow } from './integration-resource.js';
import { readJson } from '../resources/json-column.js';

/** How many spaces (not deleted) an installation on an organization covers: all of them. */
export async function installedSpaces(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What the space and site listings take. */
export interface TargetQuery extends PageRequest {
  externalId?: string | undefined;
  extended?: boolean | undefined;
}

/** The columns of its installation a space or site row of the listings carries. */
interface InstallationColumns {
  installation_id: string;
  status: string;
  configuration: string;
}

/**
 * A page of space or site rows as installation items: the fields they share with their
 * organization's installation, and what `embed` makes of the space or site itself.
 */
function installationItems<Row extends InstallationColumns, Embedded>(
  page: CountedPage<Row>,
  integration: IntegrationRow,
  baseUrl: string,
  embed: (target: Omit<Row, keyof InstallationColumns>) => Embedded,
) {
  return {
    ...page,
    rows: page.rows.map((row) => {
      const { installation_id, status, configuration, ...target } = row;
      return {
        ...targetFields({ installation_id, status, configuration }, integration, baseUrl),
        ...embed(target),
      };
    }),
  };
}

/** The fields a space or site installation shares with its organization's installation. */
function targetFields(row: InstallationColumns, integration: IntegrationRow, baseUrl: string) {
  const location = `${baseUrl}/v1/integrations/${integration.name}/installations/${row.installation_id}`;
  return {
    integration: integration.name,
    installation: row.installation_id,
    status: row.status as IntegrationSpaceInstallation['status'],
    configuration: readJson(row.configuration) as Record<string, unknown>,
    // Space and site installations of their own (with their own external ids) are not built.
    externalIds: [],
    urls: { location, publicEndpoint: location },
  };
}

/** An empty page: no space or site installation has an external id (see `targetFields`). */
const none = <T>(): CountedPage<T> => ({ rows: [], count: 0 });

/**
 * One page of the spaces an integration is installed on, oldest first: every space (not
 * deleted) of each organization with an installation, which covers them all. `extended` embeds
 * the space as a reader of it sees it.
 */
export async function listSpaceInstallations(
  db: Db,
  integration: IntegrationRow,
  query: TargetQuery,
  baseUrl: string,
): Promise<CountedPage<IntegrationSpaceInstallation>> {
  if (query.externalId !== undefined) return none();
  const matching = db
    .selectFrom('spaces')
    .innerJoin('integration_installations as n', 'n.organization_id', 'spaces.organization_id')
    .where('n.integration_id', '=', integration.id)
    .where('spaces.deleted_at', 'is', null);
  const page = await listByKeys(
    query,
    matching,
    (q) => q.selectAll('spaces').select(['n.id as installation_id', 'n.status', 'n.configuration']),
    { columns: ['spaces.created_at', 'spaces.id'], keyOf: (row) => [row.created_at, row.id] },
  );
  const ids = page.rows.map((row) => row.id);
  const activity = query.extended === true ? await spaceActivities(db, ids) : undefined;
  return installationItems(page, integration, baseUrl, (space) => ({
    space:
      activity === undefined ? space.id : spaceResource(space, 'read', activity(space.id), baseUrl),
  }));
}

/** One page of the sites an integration is installed on, as {@link listSpaceInstallations}. */
export async function listSiteInstallations(
  db: Db,
  integration: IntegrationRow,
  query: TargetQuery,
  baseUrl: string,
): Promise<CountedPage<IntegrationSiteInstallation>> {
  if (query.externalId !== undefined) return none();
  const matching = db
    .selectFrom('sites')
    .innerJoin('integration_installations as n', 'n.organization_id', 'sites.organization_id')
    .where('n.integration_id', '=', integration.id);
  const page = await listByKeys(
    query,
    matching,
    (q) => q.selectAll('sites').select(['n.id as installation_id', 'n.status', 'n.configuration']),
    { columns: ['sites.created_at', 'sites.id'], keyOf: (row) => [row.created_at, row.id] },
  );
  const ids = page.rows.map((row) => row.id);
  const counts = query.extended === true ? await siteSpaceCounts(db, ids) : undefined;
  return installationItems(page, integration, baseUrl, (site) => ({
    site:
      counts === undefined
        ? site.id
        : siteResource(site, counts.get(site.id) ?? 0, baseUrl, { withShareKey: false }),
  }));
}
