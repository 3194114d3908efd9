import type { ApiToken, ApiTokenScope, PaginationQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import { BadRequestError } from '../errors.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import type { ApiTokensTable, Db } from '../storage/schema.js';

type TokenRow = Selectable<ApiTokensTable>;

/** A token as its owner sees it in a list: never the secret. */
export function apiTokenResource(row: {
  id: string;
  label: string;
  prefix: string;
  scope: string;
  created_at: string;
  expires_at: string | null;
}): ApiToken {
  return {
    object: 'api-token',
    id: row.id,
    name: row.label,
    prefix: row.prefix,
    scope: row.scope as ApiTokenScope,
    createdAt: row.created_at,
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
  };
}

/** 400 unless an expiry asked for is in the future. */
export function requireFutureExpiry(expiresAt: string | undefined, now: Date): void {
  if (expiresAt !== undefined && !(Date.parse(expiresAt) > now.getTime()))
    throw new BadRequestError('body/expiresAt must be in the future');
}

/** One page of a user's tokens, newest first (expired ones too, until revoked). */
export function listApiTokens(
  db: Db,
  userId: string,
  query: PaginationQuery,
): Promise<CountedPage<TokenRow>> {
  const matching = db.selectFrom('api_tokens').where('user_id', '=', userId);
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
    descending: true,
  });
}

/** Revokes one of a user's tokens; nothing when the user has no such token. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<void> {
  await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', tokenId)
    .execute();
}
