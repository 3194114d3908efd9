import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/api-tokens.js';
import { readCookie } from '../http/read-cookie.js';

/** The cookie the review view's sign-in keeps a member's API token in (HttpOnly, `/app` only). */
export const REVIEW_COOKIE = 'docsync_app';

/** The token of a request: its `Authorization` header, else the review cookie. */
export function reviewToken(request: FastifyRequest): string | undefined {
  const header = bearerToken(request.headers.authorization);
  if (header !== undefined) return header;
  return readCookie(request, REVIEW_COOKIE);
}
