import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/** 421: the request names a host this server does not answer for. */
export class MisdirectedRequestError extends ApiError {
  override name = 'MisdirectedRequestError';
  constructor(host: string) {
    super(
      421,
      'misdirected-request',
      `This server does not answer for host \`${host}\` (see \`docsync serve --public-url\`)`,
    );
  }
}

/** The host name of a `Host` header, lowercase, without its port (`[::1]:80` → `::1`). */
export function hostName(host: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed !== null) return (bracketed[1] ?? '').toLowerCase();
  const colon = host.indexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).toLowerCase();
}

/**
 * Headers every response gets, and the `Host` check:
 * - `X-Content-Type-Options: nosniff`, so no response is read as another type than it says;
 * - JSON responses `Cache-Control: no-store` unless the route set one: they hold what one caller
 *   may read, which no shared cache should keep;
 * - with `allowedHosts`, a request whose `Host` names another host is refused (421) before any
 *   route runs, since links in responses are built from it when no public URL is set.
 */
export function useSecurityHeaders(
  app: FastifyInstance,
  options: { allowedHosts?: readonly string[] | undefined },
): void {
  const allowed =
    options.allowedHosts === undefined
      ? undefined
      : new Set(options.allowedHosts.map((host) => hostName(host)));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (allowed !== undefined && !allowed.has(hostName(request.host)))
      throw new MisdirectedRequestError(request.host);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('application/json') &&
      !reply.hasHeader('cache-control')
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
