import type { RouteSpec } from '@docsync/api';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { ReadCache } from '../storage/read-cache.js';
import { bearerToken, readCaller, type Caller } from './api-tokens.js';
import { READING_POSTS, requireGrant } from './integration-grant.js';

/**
 * The caller of a request by its `Authorization` header; 401 without a token the server knows,
 * and for one that has expired. `now` is the server's clock.
 */
export async function authenticate(
  reads: ReadCache,
  authorization: string | undefined,
  now: Date,
): Promise<Caller> {
  const token = bearerToken(authorization);
  const caller = token === undefined ? undefined : await readCaller(reads, token);
  if (caller === undefined) throw new UnauthorizedError();
  if (caller.expiresAt !== null && caller.expiresAt <= now.toISOString())
    throw new UnauthorizedError('The API token has expired');
  return caller;
}

/**
 * 403 when a read-only token calls an operation that writes, and when an integration's or
 * installation's token calls one its grant does not cover.
 */
export function requireScope(caller: Caller, spec: RouteSpec): void {
  if (caller.integration !== undefined) requireGrant(caller.integration, spec);
  if (caller.scope === 'read-only' && spec.method !== 'GET' && !READING_POSTS.has(spec.operationId))
    throw new ForbiddenError('This API token is read-only: it may only read');
}
