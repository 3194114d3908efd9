import { ErrorBody, ListOf, Site } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { SiteClient, seedSiteClients } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`sites over HTTP (${dialect})`, () => {
    let server: TestServer;
    /** An organization of its own, and clients acting as its admin, a creator, a reader, a guest. */
    let organizationId: string;
    let sites: SiteClient;
    let creator: SiteClient;
    let reader: SiteClient;
    let guest: SiteClient;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const seeded = await seedSiteClients(server, ['admin', 'create', 'read', null]);
      organizationId = seeded.organizationId;
      [sites, creator, reader, guest] = seeded.clients as [
        SiteClient,
        SiteClient,
        SiteClient,
        SiteClient,
      ];
    });
    afterAll(async () => {
      await server.close();
    });

    const errorOf = (body: unknown) => {
      expect(Value.Check(ErrorBody, body)).toBe(true);
      return (body as ErrorBody).error;
    };

    describe('create, get, list', () => {
      it('creates a site with the defaults: basic, share-link, unpublished until it has spaces', async () => {
        const site = await sites.createSite();
        expect(site).toMatchObject({
          object: 'site',
          type: 'basic',
          title: 'Untitled site',
          visibility: 'share-link',
          published: false,
          siteSpaces: 0,
          adaptiveContent: { enabled: false },
          agentsContext: 'included',
          createdAt: server.clock.now().toISOString(),
        });
        expect(site.features?.map((feature) => feature.id)).toContain('sites-adaptive-content');
        expect(site.urls.location).toMatch(
          new RegExp(`/v1/orgs/${organizationId}/sites/${site.id}$`),
        );
        expect(site.urls).not.toHaveProperty('published');
        expect(await sites.getSite(site.id)).toEqual(site);
      });

      it('publishes the spaces it is created with, in order, at its top level', async () => {
        const guides = await sites.createSpace('Guides');
        const api = await sites.createSpace('API');
        const site = await sites.createSite({
          title: 'Docs',
          type: 'premium',
          visibility: 'public',
          spaces: [guides.id, api.id],
        });
        expect(site).toMatchObject({
          title: 'Docs',
          type: 'premium',
          published: true,
          siteSpaces: 2,
        });
        expect(site.urls.published).toBe(`${server.baseUrl}/sites/${site.id}`);
        const structure = await sites.structure(site.id);
        expect(structure.type).toBe('siteSpaces');
        expect(structure.structure.map((item) => ('space' in item ? item.space.id : ''))).toEqual([
          guides.id,
          api.id,
        ]);
      });

      it('shows members the share link of a share-link site in its published URL', async () => {
        const space = await sites.createSpace('Shared');
        const site = await sites.createSite({ spaces: [space.id] });
        expect(site.urls.published).toMatch(
          new RegExp(`^${server.baseUrl}/sites/${site.id}\\?shareKey=[\\w-]{20,}$`),
        );
      });

      it('answers 404 for a space it cannot publish and 400 for a space listed twice', async () => {
        const [other] = (await seedSiteClients(server, ['admin'])).clients;
        const theirs = await (other as SiteClient).createSpace('Theirs');
        for (const spaceId of [theirs.id, 'no-such-space']) {
          const response = await sites.request('POST', sites.path(), {
            body: { spaces: [spaceId] },
          });
          expect(response.status).toBe(404);
          expect(errorOf(response.body).message).toBe('Space not found');
        }
        const mine = await sites.createSpace('Mine');
        const twice = await sites.request('POST', sites.path(), {
          body: { spaces: [mine.id, mine.id] },
        });
        expect(twice.status).toBe(400);
        expect(errorOf(twice.body).message).toContain('body/spaces/1');
      });

      it('lists sites in creation order with `space`, `title` and `published` filters and pages', async () => {
        const client = (await seedSiteClients(server, ['admin'])).clients[0] as SiteClient;
        const space = await client.createSpace('Handbook');
        const made: Site[] = [];
        for (const [index, title] of ['Alpha docs', 'Beta', 'ALPHA api'].entries()) {
          server.clock.advance(1000);
          made.push(
            await client.createSite({ title, ...(index === 1 ? { spaces: [space.id] } : {}) }),
          );
        }
        const all = await readAllPages<Site>(server.http, client.path(), {
          limit: 2,
          token: client.token ?? '',
        });
        expect(all.pages).toBe(2);
        expect(all.count).toBe(3);
        expect(all.items.map((site) => site.id)).toEqual(made.map((site) => site.id));
        const filtered = async (query: string) => {
          const body = await client.expect<{ items: Site[]; count: number }>(
            200,
            ListOf(Site),
            'GET',
            client.path(`?${query}`),
          );
          return body.items.map((site) => site.title);
        };
        expect(await filtered('title=alpha')).toEqual(['Alpha docs', 'ALPHA api']);
        expect(await filtered(`space=${space.id}`)).toEqual(['Beta']);
        expect(await filtered('published=true')).toEqual(['Beta']);
        expect(await filtered('published=false')).toEqual(['Alpha docs', 'ALPHA api']);
      });
    });

    describe('update and delete', () => {
      it('updates settings and removes the proxy with null', async () => {
        const space = await sites.createSpace('Proxied');
        const site = await sites.createSite({ title: 'Before', spaces: [space.id] });
        const patched = await sites.expect<Site>(200, Site, 'PATCH', sites.path(`/${site.id}`), {
          title: 'After',
          visibility: 'unlisted',
          basename: 'docs',
          adaptiveContent: { enabled: true },
          agentsContext: 'excluded',
          proxy: 'example.com/docs',
        });
        expect(patched).toMatchObject({
          title: 'After',
          visibility: 'unlisted',
          basename: 'docs',
          adaptiveContent: { enabled: true },
          agentsContext: 'excluded',
          proxy: {
            origin: 'https://example.com/docs',
            target: `${server.baseUrl}/sites/${site.id}`,
          },
          urls: { published: 'https://example.com/docs' },
        });
        const removed = await sites.expect<Site>(200, Site, 'PATCH', sites.path(`/${site.id}`), {
          proxy: null,
        });
        expect(removed).not.toHaveProperty('proxy');
        expect(removed.title).toBe('After');
      });

      it('deletes a site with its structure; deleting it again is still a 204', async () => {
        const space = await sites.createSpace('Doomed');
        const site = await sites.createSite({ spaces: [space.id] });
        await sites.addSection(site.id, { spaceId: (await sites.createSpace('More')).id });
        for (let round = 0; round < 2; round++) {
          const response = await sites.request('DELETE', sites.path(`/${site.id}`));
          expect(response.status).toBe(204);
          expect(response.text).toBe('');
        }
        const gone = await sites.request('GET', sites.path(`/${site.id}`));
        expect(gone.status).toBe(404);
        expect(errorOf(gone.body).message).toBe('Site not found');
        const rows = await server.db
          .selectFrom('site_spaces')
          .select('id')
          .where('site_id', '=', site.id)
          .execute();
        expect(rows).toEqual([]);
      });
    });

    describe('permissions', () => {
      it('lets a reader read sites but not create, change or delete them', async () => {
        const site = await sites.createSite({ title: 'Guarded' });
        expect((await reader.getSite(site.id)).title).toBe('Guarded');
        const writes: [string, string, unknown][] = [
          ['POST', reader.path(), {}],
          ['PATCH', reader.path(`/${site.id}`), { title: 'Mine now' }],
          ['DELETE', reader.path(`/${site.id}`), undefined],
          [
            'PUT',
            reader.path(`/${site.id}/adaptive-schema`),
            { jsonSchema: { type: 'object', properties: {} } },
          ],
          [
            'PATCH',
            reader.path(`/${site.id}/structure/sort`),
            { item: { type: 'site-space', id: 'x' }, position: 0 },
          ],
          ['GET', reader.path(`/${site.id}/publishing/auth`), undefined],
        ];
        for (const [method, path, body] of writes) {
          const response = await reader.request(method, path, body === undefined ? {} : { body });
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(errorOf(response.body).code).toBe(403);
        }
        expect((await sites.getSite(site.id)).title).toBe('Guarded');
      });

      it('lets a creator change sites but keeps deleting them and their key to admins', async () => {
        const site = await sites.createSite({ title: 'Created' });
        await creator.expect(200, Site, 'PATCH', creator.path(`/${site.id}`), { title: 'Changed' });
        expect((await creator.request('DELETE', creator.path(`/${site.id}`))).status).toBe(403);
        expect(
          (await creator.request('GET', creator.path(`/${site.id}/publishing/auth`))).status,
        ).toBe(403);
        const key = await sites.request('GET', sites.path(`/${site.id}/publishing/auth`));
        expect(key.status).toBe(200);
        expect(key.body).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
      });

      it('answers 404 for another organization’s site and to a guest, and lists nothing to a guest', async () => {
        const site = await sites.createSite({ title: 'Private' });
        const outsider = new SiteClient(server.http, {
          organizationId: organizationId,
          token: server.token,
        });
        for (const client of [outsider, guest]) {
          for (const [method, path] of [
            ['GET', client.path(`/${site.id}`)],
            ['PATCH', client.path(`/${site.id}`)],
            ['GET', client.path(`/${site.id}/sections`)],
            ['GET', client.path(`/${site.id}/structure`)],
          ] as const) {
            const response = await client.request(
              method,
              path,
              method === 'PATCH' ? { body: {} } : {},
            );
            expect(response.status, `${method} ${path}`).toBe(404);
          }
        }
        // Through the admin's own organization, the site id of another organization is unknown.
        const elsewhere = await server.http.request(
          'GET',
          `/v1/orgs/${server.organizationId}/sites/${site.id}`,
        );
        expect(elsewhere.status).toBe(404);
        expect(errorOf(elsewhere.body).message).toBe('Site not found');
        const listed = await guest.expect<{ items: Site[] }>(
          200,
          ListOf(Site),
          'GET',
          guest.path(),
        );
        expect(listed.items).toEqual([]);
      });
    });

    describe('bad input never gets a 500', () => {
      let siteId: string;
      let paths: [string, string][];
      beforeAll(async () => {
        const space = await sites.createSpace('Input');
        const site = await sites.createSite({ spaces: [space.id] });
        siteId = site.id;
        const section = await sites.addSection(siteId, {
          spaceId: (await sites.createSpace('Tab')).id,
        });
        const group = await sites.addGroup(siteId, { title: 'Group' });
        const siteSpace = section.siteSpaces[0]?.id ?? '';
        paths = [
          ['POST', sites.path()],
          ['PATCH', sites.path(`/${siteId}`)],
          ['PUT', sites.path(`/${siteId}/adaptive-schema`)],
          ['PATCH', sites.path(`/${siteId}/structure/sort`)],
          ['POST', sites.path(`/${siteId}/sections`)],
          ['PATCH', sites.path(`/${siteId}/sections/${section.id}`)],
          ['POST', sites.path(`/${siteId}/sections/${section.id}/move`)],
          ['POST', sites.path(`/${siteId}/section-groups`)],
          ['PATCH', sites.path(`/${siteId}/section-groups/${group.id}`)],
          ['POST', sites.path(`/${siteId}/section-groups/${group.id}/sections`)],
          ['POST', sites.path(`/${siteId}/section-groups/${group.id}/move`)],
          ['POST', sites.path(`/${siteId}/site-spaces`)],
          ['PATCH', sites.path(`/${siteId}/site-spaces/${siteSpace}`)],
          ['POST', sites.path(`/${siteId}/site-spaces/${siteSpace}/move`)],
        ];
      });

      it('answers malformed JSON with 400', async () => {
        for (const [method, path] of paths) {
          const response = await server.http.request(method, path, {
            rawBody: '{"title": ',
            contentType: 'application/json',
          });
          expect(response.status, `${method} ${path}`).toBe(400);
          expect(errorOf(response.body).code).toBe(400);
        }
      });

      it('answers wrong types, unknown enums and over-long strings with 400 naming the field', async () => {
        const cases: [string, string, unknown, string][] = [
          ['POST', sites.path(), { title: 42 }, 'body/title'],
          ['POST', sites.path(), { type: 'gold' }, 'body/type'],
          ['POST', sites.path(), { visibility: 'secret' }, 'body/visibility'],
          ['POST', sites.path(), { title: 'x'.repeat(129) }, 'body/title'],
          ['POST', sites.path(), { spaces: 'abc' }, 'body/spaces'],
          ['PATCH', sites.path(`/${siteId}`), { agentsContext: 'maybe' }, 'body/agentsContext'],
          ['PATCH', sites.path(`/${siteId}`), { proxy: 'not a proxy' }, 'body/proxy'],
          [
            'PATCH',
            sites.path(`/${siteId}`),
            { proxy: `example.com/${'x'.repeat(600)}` },
            'body/proxy',
          ],
          ['PATCH', sites.path(`/${siteId}`), { basename: 'a/b' }, 'body/basename'],
          ['PATCH', sites.path(`/${siteId}`), { basename: 'x'.repeat(101) }, 'body/basename'],
          [
            'PATCH',
            sites.path(`/${siteId}`),
            { adaptiveContent: { enabled: 'yes' } },
            'body/adaptiveContent',
          ],
          [
            'PATCH',
            sites.path(`/${siteId}/structure/sort`),
            { item: { type: 'page', id: 'x' }, position: 0 },
            'body/item',
          ],
          [
            'PATCH',
            sites.path(`/${siteId}/structure/sort`),
            { item: { type: 'site-space', id: 'x' }, position: -1 },
            'body/position',
          ],
          ['POST', sites.path(`/${siteId}/sections`), { spaceId: 7 }, 'body/spaceId'],
          [
            'POST',
            sites.path(`/${siteId}/sections`),
            { spaceId: 'x', icon: 'i'.repeat(51) },
            'body/icon',
          ],
          [
            'POST',
            sites.path(`/${siteId}/section-groups`),
            { title: 'x'.repeat(129) },
            'body/title',
          ],
          ['POST', sites.path(`/${siteId}/section-groups`), {}, 'body/title'],
          ['POST', sites.path(`/${siteId}/site-spaces`), {}, 'body/spaceId'],
        ];
        for (const [method, path, body, field] of cases) {
          const response = await sites.request(method, path, { body });
          expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(
            400,
          );
          expect(errorOf(response.body).message).toContain(field);
        }
      });

      it('answers bad query values with 400 and odd ids with 404', async () => {
        for (const query of [
          'limit=1001',
          'limit=0',
          'published=perhaps',
          'page=not-a-cursor',
          'title=%00',
        ]) {
          const response = await sites.request('GET', sites.path(`?${query}`));
          expect(response.status, query).toBe(400);
        }
        for (const query of ['limit=1001', 'page=bm9wZQ', 'default=perhaps']) {
          const response = await sites.request(
            'GET',
            sites.path(`/${siteId}/site-spaces?${query}`),
          );
          expect(response.status, query).toBe(400);
        }
        for (const id of ['%00', 'x'.repeat(300), '%F0%9F%98%80']) {
          const response = await sites.request('GET', sites.path(`/${id}`));
          expect(response.status, id).toBe(404);
          const published = await sites.request('GET', sites.path(`/${id}/published?shareKey=%00`));
          expect(published.status, id).toBe(404);
        }
      });
    });
  });
}
