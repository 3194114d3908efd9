import type { NullableRole, SamlProvider, Team } from '@docsync/api';
import type { OrganizationAccess } from '../access/organization-access.js';
import type { Db } from '../storage/schema.js';
import { teamResources } from '../teams/team-resources.js';
import { isActive, type SamlProviderRow } from './saml-providers.js';
import { serviceUrls } from './service-urls.js';

/** The API's SamlProvider for a stored one, its default team embedded as a Team. */
function samlProviderResource(
  row: SamlProviderRow,
  team: Team | undefined,
  baseUrl: string,
): SamlProvider {
  return {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    ...(row.sso_url === null ? {} : { ssoURL: row.sso_url }),
    ...(row.entity_id === null ? {} : { entityID: row.entity_id }),
    ...(row.certificate === null ? {} : { certificate: row.certificate }),
    ...(team === undefined ? {} : { defaultTeam: team }),
    defaultRole: row.default_role as NullableRole,
    createdAt: row.created_at,
    status: isActive(row) ? 'active' : 'pending',
    service: serviceUrls(baseUrl, row.id),
    urls: {
      location: `${baseUrl}/v1/orgs/${encodeURIComponent(row.organization_id)}/saml/${encodeURIComponent(row.id)}`,
    },
  };
}

/** The API's SamlProviders for stored ones, in order, their teams read in one go. */
export async function samlProviderResources(
  db: Db,
  access: OrganizationAccess,
  rows: readonly SamlProviderRow[],
  baseUrl: string,
): Promise<SamlProvider[]> {
  const teamIds = [
    ...new Set(rows.flatMap((row) => (row.default_team_id === null ? [] : [row.default_team_id]))),
  ];
  const teamRows =
    teamIds.length === 0
      ? []
      : await db
          .selectFrom('teams')
          .select(['id', 'title', 'created_at'])
          .where('id', 'in', teamIds)
          .execute();
  const teams = await teamResources(db, access, teamRows);
  const byId = new Map(teams.map((team) => [team.id, team]));
  return rows.map((row) =>
    samlProviderResource(
      row,
      row.default_team_id === null ? undefined : byId.get(row.default_team_id),
      baseUrl,
    ),
  );
}
