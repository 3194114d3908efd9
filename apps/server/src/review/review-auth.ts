import type { FastifyRequest } from 'fastify';
import { bearerToken, readCaller, type Caller } from '../auth/api-tokens.js';
import type { ServerContext } from '../server-context.js';

/** The cookie the review view's sign-in keeps a member's API token in (HttpOnly, `/app` only). */
export const REVIEW_COOKIE = 'docsync_app';

/** The token of a request: its `Authorization` header, else the review cookie. */
export function reviewToken(request: FastifyRequest): string | undefined {
  const header = bearerToken(request.headers.authorization);
  if (header !== undefined) return header;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === REVIEW_COOKIE) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The member reading the review view: the user of a known, unexpired API token (integration
 * tokens reach only the API), or undefined.
 */
export async function reviewCaller(
  ctx: ServerContext,
  token: string | undefined,
): Promise<Caller | undefined> {
  const caller = token === undefined ? undefined : await readCaller(ctx.reads, token);
  if (caller === undefined || caller.integration !== undefined) return undefined;
  const now = ctx.clock.now().toISOString();
  return caller.expiresAt !== null && caller.expiresAt <= now ? undefined : caller;
}
