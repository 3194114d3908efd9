import type { ApiTokenScope } from '@docsync/api';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { ReadCache } from '../storage/read-cache.js';
import type { Db } from '../storage/schema.js';
import type { IntegrationGrant } from './integration-grant.js';
import { findIntegrationCaller, INTEGRATION_TOKEN_PREFIX } from './integration-tokens.js';
import { hashToken, newSecret } from './token-secrets.js';

/**
 * Token format: `dsk_` followed by 43 base64url characters (32 random bytes). The prefix tells
 * a docsync token apart in secret scanners and logs; only the SHA-256 of the whole token is
 * stored, plus its first 12 characters so a person can recognise it in a listing.
 */
const TOKEN_PREFIX = 'dsk_';
const DISPLAY_PREFIX_LENGTH = 12;

/** A freshly issued token: `token` exists only here and is shown once. */
export interface IssuedToken {
  id: string;
  token: string;
  prefix: string;
  createdAt: string;
}

export { hashToken, newSecret };

/** Options of {@link issueApiToken}. */
export interface IssueTokenOptions {
  label: string;
  clock: Clock;
  ids: IdGenerator;
  /** ISO time after which the token is refused (default: never). */
  expiresAt?: string | undefined;
  /** Default `read-write`. */
  scope?: ApiTokenScope | undefined;
}

/** Creates an API token for `userId` and stores its hash. */
export async function issueApiToken(
  db: Db,
  userId: string,
  options: IssueTokenOptions,
): Promise<IssuedToken> {
  const token = newSecret(TOKEN_PREFIX);
  const id = options.ids();
  const prefix = token.slice(0, DISPLAY_PREFIX_LENGTH);
  const createdAt = options.clock.now().toISOString();
  await db
    .insertInto('api_tokens')
    .values({
      id,
      user_id: userId,
      token_hash: hashToken(token),
      prefix,
      label: options.label,
      created_at: createdAt,
      last_used_at: null,
      expires_at: options.expiresAt ?? null,
      scope: options.scope ?? 'read-write',
    })
    .execute();
  return { id, token, prefix, createdAt };
}

/** Who is calling: the user a valid token belongs to, and what the token may do. */
export interface Caller {
  userId: string;
  tokenId: string;
  scope: ApiTokenScope;
  /** When the token stops working (ISO), if ever. */
  expiresAt: string | null;
  /** Set for the token of an integration or installation: what confines it. */
  integration?: IntegrationGrant;
}

/** The caller a token's hash belongs to, or undefined for a token the server does not know. */
async function findCaller(db: Db, tokenHash: string): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'scope', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        userId: row.user_id,
        tokenId: row.id,
        scope: row.scope === 'read-only' ? 'read-only' : 'read-write',
        expiresAt: row.expires_at,
      };
}

/**
 * The caller a token belongs to, or undefined for a token the server does not know, through
 * `reads`: a known token's caller is kept (under the token's hash, never the token) until its row
 * or anything else the lookup read is written, so a deleted token is refused on the next request.
 * Unknown tokens are not kept. The kept caller carries the token's expiry, which
 * {@link authenticate} checks on every request (only writes end a kept read).
 */
export async function readCaller(reads: ReadCache, token: string): Promise<Caller | undefined> {
  const tokenHash = hashToken(token);
  const find = token.startsWith(INTEGRATION_TOKEN_PREFIX) ? findIntegrationCaller : findCaller;
  return reads.read(`caller:${tokenHash}`, (db) => find(db, tokenHash));
}

/** The token in an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
