import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { ReadCache } from '../storage/read-cache.js';
import type { Db } from '../storage/schema.js';

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
}

/** The SHA-256 (hex) under which a token is stored and looked up. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Creates an API token for `userId` and stores its hash. */
export async function issueApiToken(
  db: Db,
  userId: string,
  options: { label: string; clock: Clock; ids: IdGenerator },
): Promise<IssuedToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = options.ids();
  const prefix = token.slice(0, DISPLAY_PREFIX_LENGTH);
  await db
    .insertInto('api_tokens')
    .values({
      id,
      user_id: userId,
      token_hash: hashToken(token),
      prefix,
      label: options.label,
      created_at: options.clock.now().toISOString(),
      last_used_at: null,
    })
    .execute();
  return { id, token, prefix };
}

/** Who is calling: the user a valid token belongs to. */
export interface Caller {
  userId: string;
  tokenId: string;
}

/** The caller a token's hash belongs to, or undefined for a token the server does not know. */
async function findCaller(db: Db, tokenHash: string): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row === undefined ? undefined : { userId: row.user_id, tokenId: row.id };
}

/**
 * The caller a token belongs to, or undefined for a token the server does not know, through
 * `reads`: a known token's caller is kept (under the token's hash, never the token) until its row
 * or anything else the lookup read is written, so a deleted token is refused on the next request.
 * Unknown tokens are not kept. Tokens do not expire; should they come to, the kept caller must
 * carry the expiry, as only writes end a kept read.
 */
export async function readCaller(reads: ReadCache, token: string): Promise<Caller | undefined> {
  const tokenHash = hashToken(token);
  return reads.read(`caller:${tokenHash}`, (db) => findCaller(db, tokenHash));
}

/** The token in an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
