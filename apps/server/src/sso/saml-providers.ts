import type { CreateSamlProviderBody, PaginationQuery, UpdateSamlProviderBody } from '@docsync/api';
import type { Selectable, Updateable } from 'kysely';
import type { Clock } from '../clock.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import { findTeam } from '../teams/team-access.js';
import type { Db, SamlProvidersTable } from '../storage/schema.js';
import { parseIdpCertificate } from './idp-certificate.js';

/** A stored SAML provider. */
export type SamlProviderRow = Selectable<SamlProvidersTable>;

/** Whether the provider has what a login needs: the IdP's URL, entity id and certificate. */
export function isActive(row: SamlProviderRow): boolean {
  return row.sso_url !== null && row.entity_id !== null && row.certificate !== null;
}

/** A provider of the organization, or undefined. */
export async function findSamlProvider(
  db: Db,
  organizationId: string,
  providerId: string,
): Promise<SamlProviderRow | undefined> {
  return db
    .selectFrom('saml_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', providerId)
    .executeTakeFirst();
}

/** A provider of the organization; 404 "SAML provider not found" otherwise. */
export async function requireSamlProvider(
  db: Db,
  organizationId: string,
  providerId: string,
): Promise<SamlProviderRow> {
  const row = await findSamlProvider(db, organizationId, providerId);
  if (row === undefined) throw new NotFoundError('SAML provider');
  return row;
}

/** One page of an organization's providers, oldest first. */
export async function listSamlProviders(
  db: Db,
  organizationId: string,
  query: PaginationQuery,
): Promise<CountedPage<SamlProviderRow>> {
  const matching = db
    .selectFrom('saml_providers')
    .where('saml_providers.organization_id', '=', organizationId);
  return listByKeys(query, matching, (q) => q.selectAll('saml_providers'), {
    columns: ['saml_providers.created_at', 'saml_providers.id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** The stored columns for the settings a body gives (checking the team and the certificate). */
async function settingsOf(
  db: Db,
  organizationId: string,
  body: UpdateSamlProviderBody,
): Promise<Updateable<SamlProvidersTable>> {
  const changes: Updateable<SamlProvidersTable> = {};
  if (body.label !== undefined) changes.label = body.label;
  if (body.entityID !== undefined) changes.entity_id = body.entityID;
  if (body.ssoURL !== undefined) {
    let protocol: string | undefined;
    try {
      protocol = new URL(body.ssoURL).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new BadRequestError('body/ssoURL must be an http(s) URL');
    changes.sso_url = body.ssoURL;
  }
  if (body.certificate !== undefined) changes.certificate = parseIdpCertificate(body.certificate);
  if (body.defaultRole !== undefined) changes.default_role = body.defaultRole;
  if (body.defaultTeam === null) changes.default_team_id = null;
  else if (body.defaultTeam !== undefined) {
    if ((await findTeam(db, organizationId, body.defaultTeam)) === undefined)
      throw new BadRequestError(
        `body/defaultTeam must be a team of this organization: no team \`${body.defaultTeam}\``,
      );
    changes.default_team_id = body.defaultTeam;
  }
  return changes;
}

/** Adds a provider (guests by default, as GitBook's `defaultRole` is nullable); its id. */
export async function createSamlProvider(
  db: Db,
  organizationId: string,
  body: CreateSamlProviderBody,
  options: { clock: Clock; ids: IdGenerator },
): Promise<string> {
  const settings = await settingsOf(db, organizationId, body);
  const now = options.clock.now().toISOString();
  const id = options.ids();
  await db
    .insertInto('saml_providers')
    .values({
      id,
      organization_id: organizationId,
      label: body.label,
      entity_id: settings.entity_id ?? null,
      sso_url: settings.sso_url ?? null,
      certificate: settings.certificate ?? null,
      default_team_id: settings.default_team_id ?? null,
      default_role: settings.default_role ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Changes the settings a PATCH body gives. */
export async function updateSamlProvider(
  db: Db,
  row: SamlProviderRow,
  body: UpdateSamlProviderBody,
  clock: Clock,
): Promise<void> {
  const changes = await settingsOf(db, row.organization_id, body);
  await db
    .updateTable('saml_providers')
    .set({ ...changes, updated_at: clock.now().toISOString() })
    .where('id', '=', row.id)
    .execute();
}

/** Removes a provider (its pending requests, seen assertions and unused codes go with it). */
export async function deleteSamlProvider(
  db: Db,
  organizationId: string,
  providerId: string,
): Promise<void> {
  await db
    .deleteFrom('saml_providers')
    .where('organization_id', '=', organizationId)
    .where('id', '=', providerId)
    .execute();
}
