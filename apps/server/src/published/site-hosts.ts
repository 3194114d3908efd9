import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostName } from '../http/security.js';
import type { ServerContext } from '../server-context.js';
import { SITES_PREFIX, sendNoSite, serveSite } from './published-routes.js';

/** A name a site's hostname can be (the API's pattern): at least three labels, lowercase. */
const SITE_HOSTNAME =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/** The site whose hostname is `host`, read through the read cache (a change to `sites` drops it). */
async function siteOfHost(
  ctx: ServerContext,
  host: string,
): Promise<{ id: string; basename: string | null } | undefined> {
  const found = await ctx.reads.read(`site-host:${host}`, async (db) => {
    const row = await db
      .selectFrom('sites')
      .select(['id', 'basename'])
      .where('hostname', '=', host)
      .executeTakeFirst();
    return { site: row ?? null };
  });
  return found.site ?? undefined;
}

/**
 * The segments of `path` below `mount` (`''` for the host's root, `/<basename>`), percent-decoded,
 * or undefined when the path is not under it or does not decode.
 */
function segmentsUnder(path: string, mount: string): string[] | undefined {
  if (mount !== '' && path !== mount && !path.startsWith(`${mount}/`)) return undefined;
  try {
    return path
      .slice(mount.length)
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * Serves each site that has a `hostname` on that host, on the service's own port: a request whose
 * `Host` names a site's hostname is answered by the site alone (its pages at `/`, or under
 * `/<basename>/` when it has one; anything else, `/v1/…` included, is the site's 404 page), before
 * any route or the `allowedHosts` check runs. Requests for any other host (the service's own, an
 * address) go on to the API and to `/sites/<id>/…` as before. Links of a page are relative, so the
 * page is the one `/sites/<id>/…` serves.
 */
export function useSiteHosts(
  app: FastifyInstance,
  ctx: ServerContext,
  publicUrl: string | undefined,
): void {
  const serviceHost = publicUrl === undefined ? undefined : new URL(publicUrl).hostname;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const host = hostName(request.host);
    if (host === serviceHost || !SITE_HOSTNAME.test(host)) return;
    const site = await siteOfHost(ctx, host);
    if (site === undefined) return;
    reply.header('x-content-type-options', 'nosniff');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(405).header('allow', 'GET, HEAD').send();
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    const mount = site.basename === null ? '' : `/${encodeURIComponent(site.basename)}`;
    // The site's home is a directory (`/docs/`), so that relative links from it land inside it.
    if (mount !== '' && path === mount)
      return reply.redirect(`${mount}/${query === undefined ? '' : `?${query}`}`, 301);
    const segments = segmentsUnder(path, mount);
    if (segments === undefined) return sendNoSite(reply, request);
    const rest = path.slice(mount.length).replace(/^\/*/, '');
    return serveSite(ctx, publicUrl, request, reply, {
      siteId: site.id,
      segments,
      requestPath: `${SITES_PREFIX}/${encodeURIComponent(site.id)}/${rest}`,
    });
  });
}
