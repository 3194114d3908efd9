import type { ServerContext } from '../server-context.js';
import { readCaller, type Caller } from './api-tokens.js';

/**
 * The caller of a token for the pages browsers read (published sites, the review view): the user
 * of a known, unexpired API token, or undefined, never a 401 (those pages decide what an anonymous
 * reader gets). Integration tokens reach only the API.
 */
export async function optionalCaller(
  ctx: ServerContext,
  token: string | undefined,
): Promise<Caller | undefined> {
  const caller = token === undefined ? undefined : await readCaller(ctx.reads, token);
  if (caller === undefined || caller.integration !== undefined) return undefined;
  const now = ctx.clock.now().toISOString();
  return caller.expiresAt !== null && caller.expiresAt <= now ? undefined : caller;
}
