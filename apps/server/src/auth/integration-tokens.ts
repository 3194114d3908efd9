import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { readJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import type { Caller } from './api-tokens.js';
import { hashToken, newSecret } from './token-secrets.js';

/**
 * Tokens of integrations and installations: `dsi_` and 43 base64url characters, stored as their
 * SHA-256. They are minted for each delivery (the `apiTokens` of the environment an integration
 * receives) and live one hour, so none is ever stored in the clear or lives on unused; expired
 * ones are deleted whenever a token is minted.
 */
export const INTEGRATION_TOKEN_PREFIX = 'dsi_';

/** How long a minted token works. */
export const INTEGRATION_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Mints a token of an integration (no installation) or of one of its installations. */
export async function mintIntegrationToken(
  db: Db,
  owner: { integrationId: string; installationId?: string | undefined },
  options: { clock: Clock; ids: IdGenerator },
): Promise<string> {
  const token = newSecret(INTEGRATION_TOKEN_PREFIX);
  const now = options.clock.now();
  // Tokens that no longer work go as new ones are made, so the table holds about an hour's worth.
  await db.deleteFrom('integration_tokens').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('integration_tokens')
    .values({
      id: options.ids(),
      token_hash: hashToken(token),
      integration_id: owner.integrationId,
      installation_id: owner.installationId ?? null,
      expires_at: new Date(now.getTime() + INTEGRATION_TOKEN_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * The caller of an integration or installation token by its hash, or undefined for one the
 * server does not know (or whose installation is not active): the user it acts as, with the
 * grant that confines it (see `IntegrationGrant`).
 */
export async function findIntegrationCaller(
  db: Db,
  tokenHash: string,
): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('integration_tokens as t')
    .innerJoin('integrations as i', 'i.id', 't.integration_id')
    .leftJoin('integration_installations as n', 'n.id', 't.installation_id')
    .select([
      't.id',
      't.expires_at',
      't.installation_id',
      'i.id as integration_id',
      'i.organization_id as owner_id',
      'i.published_by',
      'i.scopes as integration_scopes',
      'n.organization_id as installation_organization_id',
      'n.installed_by',
      'n.scopes as installation_scopes',
      'n.status',
      'n.space_selection',
      'n.site_selection',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const base = { tokenId: row.id, scope: 'read-write' as const, expiresAt: row.expires_at };
  if (row.installation_id === null)
    return {
      ...base,
      userId: row.published_by,
      integration: {
        integrationId: row.integration_id,
        organizationId: row.owner_id,
        scopes: readJson(row.integration_scopes) as string[],
      },
    };
  if (
    row.status !== 'active' ||
    row.installed_by === null ||
    row.installation_organization_id === null ||
    row.installation_scopes === null
  )
    return undefined;
  const selected = async (kind: 'space' | 'site', selection: string | null) => {
    if (selection !== 'selected') return undefined;
    const targets = await db
      .selectFrom('integration_target_installations')
      .select('target_id')
      .where('installation_id', '=', row.installation_id)
      .where('target_kind', '=', kind)
      .execute();
    return new Set(targets.map((target) => target.target_id));
  };
  const spaces = await selected('space', row.space_selection);
  const sites = await selected('site', row.site_selection);
  return {
    ...base,
    userId: row.installed_by,
    integration: {
      integrationId: row.integration_id,
      installationId: row.installation_id,
      organizationId: row.installation_organization_id,
      scopes: readJson(row.installation_scopes) as string[],
      ...(spaces === undefined ? {} : { spaces }),
      ...(sites === undefined ? {} : { sites }),
    },
  };
}
