import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Site as SiteType } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, readTreeFromDisk, sendTree } from '../testing/send-tree.js';
import { SiteClient } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const fixtureDir = fileURLToPath(
  new URL('../../../../packages/core/fixtures/site-blocks/', import.meta.url),
);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request to the server's loopback port with the `Host` header `host` (fetch cannot set it). */
function get(
  server: TestServer,
  host: string,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<Answer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { ...headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The `href`s of a page's links, resolved against its address. */
function hrefsOf(html: string, pageUrl: string): URL[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map(
    (match) => new URL((match[1] ?? '').replaceAll('&#x26;', '&'), pageUrl),
  );
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`sites on their own hostname (${dialect})`, () => {
    let server: TestServer;
    let sites: SiteClient;
    let spaceId: string;

    const patch = (siteId: string, body: Record<string, unknown>) =>
      sites.request('PATCH', sites.path(`/${siteId}`), { body });

    beforeAll(async () => {
      server = await startTestServer({ dialect, allowedHosts: ['127.0.0.1'] });
      sites = new SiteClient(server.http, {
        organizationId: server.organizationId,
        token: server.token,
      });
      spaceId = (await sites.createSpace('Example Docs')).id;
      const sent = await sendTree(server.http, spaceId, readTreeFromDisk(fixtureDir), {
        oid: commitOid(1),
        message: 'Docs',
      });
      expect(sent.status, sent.text).toBe(204);
    });
    afterAll(async () => {
      await server.close();
    });

    it('serves a site at the root of its hostname, with the links it has under /sites/<id>', async () => {
      const created = await sites.createSite({ spaces: [spaceId], visibility: 'public' });
      const changed = await patch(created.id, { hostname: 'docs.example.com' });
      expect(changed.status, changed.text).toBe(200);
      const site = changed.body as SiteType;
      expect(site.hostname).toBe('docs.example.com');
      const { port } = new URL(server.baseUrl);
      expect(site.urls.published).toBe(`http://docs.example.com:${port}`);

      const host = `docs.example.com:${port}`;
      const home = await get(server, host, '/');
      expect(home.status).toBe(200);
      expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
      // The same page as under /sites/<id>/: the links are relative, so they are the same.
      const viaPath = await fetch(`${server.baseUrl}/sites/${site.id}/`);
      expect(home.text).toBe(await viaPath.text());
      // Every link of the page stays on the host and opens.
      const local = hrefsOf(home.text, `http://${host}/`).filter(
        (url) => url.host === host && !url.pathname.startsWith('/~static'),
      );
      expect(local.map((url) => url.pathname)).toContain('/guides');
      for (const url of local) {
        const answer = await get(server, host, `${url.pathname}${url.search}`);
        expect(answer.status, url.toString()).toBe(200);
      }
      const guides = await get(server, host, '/guides/install');
      expect(guides.status).toBe(200);
      const css = hrefsOf(guides.text, `http://${host}/guides/install`).find((url) =>
        url.pathname.endsWith('.css'),
      );
      expect(css?.pathname).toMatch(/^\/~static\/site\.[\w-]+\.css$/);
      expect((await get(server, host, css?.pathname ?? '')).status).toBe(200);

      // The sitemap names the pages at the hostname.
      const sitemap = await get(server, host, '/sitemap.xml');
      expect(sitemap.text).toContain(`<loc>http://docs.example.com:${port}/guides/install</loc>`);
    });

    it('a site host serves only the site: the API and other sites are not there', async () => {
      const other = await sites.createSite({ spaces: [spaceId], visibility: 'public' });
      const { port } = new URL(server.baseUrl);
      const host = `docs.example.com:${port}`;
      const api = await get(server, host, `/v1/orgs/${server.organizationId}/sites`, 'GET', {
        authorization: `Bearer ${server.token}`,
      });
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await get(server, host, `/sites/${other.id}`)).status).toBe(404);
      expect((await get(server, host, '/', 'POST')).status).toBe(405);
      // The service's own host keeps the API; a host no site has is refused as before (421).
      const own = await sites.request('GET', sites.path());
      expect(own.status).toBe(200);
      expect((await get(server, 'nothing.example.com', '/v1/user')).status).toBe(421);
    });

    it('serves a site with a basename under /<basename>/, and reports it in urls.published', async () => {
      const created = await sites.createSite({ spaces: [spaceId], visibility: 'public' });
      const changed = await patch(created.id, { hostname: 'www.example.org', basename: 'docs' });
      expect(changed.status, changed.text).toBe(200);
      const site = changed.body as SiteType;
      const { port } = new URL(server.baseUrl);
      expect(site.urls.published).toBe(`http://www.example.org:${port}/docs`);
      const host = `www.example.org:${port}`;
      const bare = await get(server, host, '/docs?x=1');
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe('/docs/?x=1');
      const home = await get(server, host, '/docs/');
      expect(home.status).toBe(200);
      const links = hrefsOf(home.text, `http://${host}/docs/`).filter((url) => url.host === host);
      expect(links.length).toBeGreaterThan(3);
      for (const url of links) expect(url.pathname.startsWith('/docs/'), url.pathname).toBe(true);
      expect((await get(server, host, '/docs/guides/install')).status).toBe(200);
      expect((await get(server, host, '/guides/install')).status).toBe(404);
      expect((await get(server, host, '/docsx')).status).toBe(404);
    });

    it('refuses a hostname another site has (409), the API’s own host (400) or a malformed one; null removes it', async () => {
      const site = await sites.createSite({ spaces: [spaceId], visibility: 'public' });
      const taken = await patch(site.id, { hostname: 'docs.example.com' });
      expect(taken.status, taken.text).toBe(409);
      expect(taken.text).toContain('docs.example.com');
      expect((await patch(site.id, { hostname: 'localhost' })).status).toBe(400);
      expect((await patch(site.id, { hostname: 'Docs.Example.com' })).status).toBe(400);
      const mine = await patch(site.id, { hostname: 'help.example.net' });
      expect(mine.status).toBe(200);
      const { port } = new URL(server.baseUrl);
      expect((await get(server, `help.example.net:${port}`, '/')).status).toBe(200);
      const removed = await patch(site.id, { hostname: null });
      expect(removed.status).toBe(200);
      expect((removed.body as SiteType).hostname).toBeUndefined();
      expect((removed.body as SiteType).urls.published).toBe(`${server.baseUrl}/sites/${site.id}`);
      // The host is no site's now: it is refused like any other unknown host.
      expect((await get(server, `help.example.net:${port}`, '/')).status).toBe(421);
    });

    it('a proxy still wins over the hostname in urls.published', async () => {
      const site = await sites.createSite({ spaces: [spaceId], visibility: 'public' });
      const changed = await patch(site.id, { hostname: 'kb.example.io', proxy: 'example.io/kb' });
      expect((changed.body as SiteType).urls.published).toBe('https://example.io/kb');
    });
  });
}
