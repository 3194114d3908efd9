import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { ReadCache } from '../storage/read-cache.js';
import { bearerToken, readCaller, type Caller } from './api-tokens.js';

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

/** POST operations that only read (a sync's pulls ask for many pages or files in one request). */
const READING_POSTS: ReadonlySet<string> = new Set(['getGitTreePages', 'getGitTreeFiles']);

/** 403 when a read-only token calls an operation that writes. */
export function requireScope(caller: Caller, method: string, operationId: string): void {
  if (caller.scope === 'read-only' && method !== 'GET' && !READING_POSTS.has(operationId))
    throw new ForbiddenError('This API token is read-only: it may only read');
}
