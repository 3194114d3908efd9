import type { IntegrationSiteInstallation, IntegrationSpaceInstallation } from '@docsync/api';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { spaceResource } from '../resources/space-resource.js';
import { siteResource } from '../resources/site-resource.js';
import { listByKeys, type CountedPage, type PageRequest } from '../pagination.js';
import { siteSpaceCounts } from '../sites/site-space-counts.js';
import { spaceActivities } from '../spaces/space-activity.js';
import type { Db } from '../storage/schema.js';
import type { InstallationRow, IntegrationRow } from './integration-resource.js';
import { readJson } from '../resources/json-column.js';
import { containsIgnoringCase } from '../members/contains-ignoring-case.js';

/** What an installation may be installed on besides its organization. */
export type TargetKind = 'space' | 'site';

/**
 * How many spaces (not deleted) an installation covers: all of its organization's, or those it
 * was installed on when its selection is `selected`.
 */
export async function installedSpaces(db: Db, installation: InstallationRow): Promise<number> {
  const row = await db
    .selectFrom('spaces')
    .leftJoin('integration_target_installations as t', (join) =>
      join.on(targetJoin('space', sql`${installation.id}`, 'spaces.id')),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('spaces.organization_id', '=', installation.organization_id)
    .where('spaces.deleted_at', 'is', null)
    .$if(installation.space_selection === 'selected', (q) =>
      q.where('t.installation_id', 'is not', null),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * `t` is the row of `installation` (an id as a parameter, or a column reference) for the target
 * in column `target`.
 */
function targetJoin(kind: TargetKind, installation: RawBuilder<unknown>, target: string) {
  return sql<SqlBool>`t.installation_id = ${installation} and t.target_kind = ${kind} and t.target_id = ${sql.ref(target)}`;
}

/** Installation `n` covers the target joined as `t`: it covers all, or was installed on it. */
function covers(kind: TargetKind) {
  return sql<SqlBool>`(${sql.ref(`n.${kind}_selection`)} = 'all' or t.installation_id is not null)`;
}

/**
 * The installation `n` covers target `id`: it covers all of its organization's spaces (or
 * sites), or was installed on that one.
 */
export function coveredBy(kind: TargetKind, id: string) {
  return sql<SqlBool>`(${sql.ref(`n.${kind}_selection`)} = 'all' or exists (select 1 from integration_target_installations t where t.installation_id = n.id and t.target_kind = ${kind} and t.target_id = ${id}))`;
}

/** What the space and site listings take. */
export interface TargetQuery extends PageRequest {
  externalId?: string | undefined;
  extended?: boolean | undefined;
}

/** Which installations' targets a listing shows: an integration's, one installation's, one target. */
export interface TargetScope {
  integration: IntegrationRow;
  installationId?: string | undefined;
  targetId?: string | undefined;
}

/** The columns of its installation a space or site row of the listings carries. */
interface InstallationColumns {
  installation_id: string;
  status: string;
  configuration: string;
  external_ids: string;
}

/**
 * A page of space or site rows as installation items: the fields they share with their
 * installation (their own settings where they have a row of their own), and what `embed` makes
 * of the space or site itself.
 */
function installationItems<Row extends InstallationColumns, Embedded>(
  page: CountedPage<Row>,
  integration: IntegrationRow,
  kind: TargetKind,
  baseUrl: string,
  embed: (target: Omit<Row, keyof InstallationColumns>) => Embedded,
  idOf: (row: Row) => string,
) {
  return {
    ...page,
    rows: page.rows.map((row) => {
      const { installation_id, status, configuration, external_ids, ...target } = row;
      const base = `${baseUrl}/v1/integrations/${integration.name}/installations/${installation_id}`;
      const location = `${base}/${kind}s/${idOf(row)}`;
      return {
        integration: integration.name,
        installation: installation_id,
        status: status as IntegrationSpaceInstallation['status'],
        configuration: readJson(configuration) as Record<string, unknown>,
        externalIds: readJson(external_ids) as string[],
        urls: { location, publicEndpoint: location },
        ...embed(target),
      };
    }),
  };
}

/** The installation columns of a listing row: the target's own settings, else its installation's. */
const installationColumns = [
  'n.id as installation_id',
  sql<string>`coalesce(t.status, n.status)`.as('status'),
  sql<string>`coalesce(t.configuration, n.configuration)`.as('configuration'),
  sql<string>`coalesce(t.external_ids, '[]')`.as('external_ids'),
] as const;

/**
 * One page of the spaces (not deleted) an integration's installations cover, oldest first, with
 * each installation's settings for it; narrowed by `scope` to one installation or one space.
 * `extended` embeds the space as a reader of it sees it.
 */
export async function listSpaceInstallations(
  db: Db,
  scope: TargetScope,
  query: TargetQuery,
  baseUrl: string,
): Promise<CountedPage<IntegrationSpaceInstallation>> {
  const matching = db
    .selectFrom('spaces')
    .innerJoin('integration_installations as n', 'n.organization_id', 'spaces.organization_id')
    .leftJoin('integration_target_installations as t', (join) =>
      join.on(targetJoin('space', sql.ref('n.id'), 'spaces.id')),
    )
    .where('n.integration_id', '=', scope.integration.id)
    .where('spaces.deleted_at', 'is', null)
    .where(covers('space'))
    .$if(scope.installationId !== undefined, (q) =>
      q.where('n.id', '=', scope.installationId ?? ''),
    )
    .$if(scope.targetId !== undefined, (q) => q.where('spaces.id', '=', scope.targetId ?? ''))
    .$if(query.externalId !== undefined, (q) =>
      q.where(containsIgnoringCase('t.external_ids', JSON.stringify(query.externalId ?? ''))),
    );
  const page = await listByKeys(
    query,
    matching,
    (q) => q.selectAll('spaces').select(installationColumns),
    { columns: ['spaces.created_at', 'spaces.id'], keyOf: (row) => [row.created_at, row.id] },
  );
  const ids = page.rows.map((row) => row.id);
  const activity = query.extended === true ? await spaceActivities(db, ids) : undefined;
  return installationItems(
    page,
    scope.integration,
    'space',
    baseUrl,
    (space) => ({
      space:
        activity === undefined
          ? space.id
          : spaceResource(space, 'read', activity(space.id), baseUrl),
    }),
    (row) => row.id,
  );
}

/** One page of the sites an integration's installations cover, as {@link listSpaceInstallations}. */
export async function listSiteInstallations(
  db: Db,
  scope: TargetScope,
  query: TargetQuery,
  baseUrl: string,
): Promise<CountedPage<IntegrationSiteInstallation>> {
  const matching = db
    .selectFrom('sites')
    .innerJoin('integration_installations as n', 'n.organization_id', 'sites.organization_id')
    .leftJoin('integration_target_installations as t', (join) =>
      join.on(targetJoin('site', sql.ref('n.id'), 'sites.id')),
    )
    .where('n.integration_id', '=', scope.integration.id)
    .where(covers('site'))
    .$if(scope.installationId !== undefined, (q) =>
      q.where('n.id', '=', scope.installationId ?? ''),
    )
    .$if(scope.targetId !== undefined, (q) => q.where('sites.id', '=', scope.targetId ?? ''))
    .$if(query.externalId !== undefined, (q) =>
      q.where(containsIgnoringCase('t.external_ids', JSON.stringify(query.externalId ?? ''))),
    );
  const page = await listByKeys(
    query,
    matching,
    (q) => q.selectAll('sites').select(installationColumns),
    { columns: ['sites.created_at', 'sites.id'], keyOf: (row) => [row.created_at, row.id] },
  );
  const ids = page.rows.map((row) => row.id);
  const counts = query.extended === true ? await siteSpaceCounts(db, ids) : undefined;
  return installationItems(
    page,
    scope.integration,
    'site',
    baseUrl,
    (site) => ({
      site:
        counts === undefined
          ? site.id
          : siteResource(site, counts.get(site.id) ?? 0, baseUrl, { withShareKey: false }),
    }),
    (row) => row.id,
  );
}
