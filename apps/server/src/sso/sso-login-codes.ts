import type { SsoCodeToken } from '@docsync/api';
import { hashToken, issueApiToken, newSecret } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { UnauthorizedError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';

/** How long the code a SAML login shows can be exchanged for a token. */
export const SSO_CODE_MINUTES = 5;

/** One-time codes start with this, so they are told apart from tokens (`dsk_`) and invites. */
const CODE_PREFIX = 'dss_';

/**
 * A new one-time code for `userId`, who just signed in through `providerId`: 32 random bytes,
 * stored only as their SHA-256, usable once within {@link SSO_CODE_MINUTES} minutes.
 */
export async function createSsoLoginCode(
  db: Db,
  userId: string,
  providerId: string,
  clock: Clock,
): Promise<{ code: string; expiresAt: string }> {
  const code = newSecret(CODE_PREFIX);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SSO_CODE_MINUTES * 60_000).toISOString();
  // Codes nobody exchanged are of no use once expired.
  await db.deleteFrom('sso_login_codes').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('sso_login_codes')
    .values({
      code_hash: hashToken(code),
      user_id: userId,
      provider_id: providerId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { code, expiresAt };
}

/**
 * Exchanges a one-time code for a new API token of its account, in one transaction: the code is
 * used up by a conditional update, so two exchanges of one code cannot both succeed (on any
 * instance). 401 for a code that is unknown, used or expired.
 */
export async function exchangeSsoLoginCode(
  db: Db,
  code: string,
  options: { clock: Clock; ids: IdGenerator },
): Promise<SsoCodeToken> {
  const now = options.clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const codeHash = hashToken(code);
    const used = await trx
      .updateTable('sso_login_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n)
      throw new UnauthorizedError(
        'The SSO code is unknown, used or expired: sign in through your identity provider again',
      );
    const row = await trx
      .selectFrom('sso_login_codes')
      .innerJoin('saml_providers', 'saml_providers.id', 'sso_login_codes.provider_id')
      .select(['sso_login_codes.user_id', 'saml_providers.label'])
      .where('sso_login_codes.code_hash', '=', codeHash)
      .executeTakeFirstOrThrow();
    const issued = await issueApiToken(trx, row.user_id, {
      label: `sso: ${row.label}`,
      clock: options.clock,
      ids: options.ids,
    });
    return { user: row.user_id, token: issued.token };
  });
}
