import { UnauthorizedError } from '../errors.js';
import type { ReadCache } from '../storage/read-cache.js';
import { bearerToken, readCaller, type Caller } from './api-tokens.js';

/** The caller of a request by its `Authorization` header; 401 without a token the server knows. */
export async function authenticate(
  reads: ReadCache,
  authorization: string | undefined,
): Promise<Caller> {
  const token = bearerToken(authorization);
  const caller = token === undefined ? undefined : await readCaller(reads, token);
  if (caller === undefined) throw new UnauthorizedError();
  return caller;
}
