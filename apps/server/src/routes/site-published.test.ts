import {
  ErrorBody,
  PublishedContentSite,
  SiteAdaptiveConditions,
  SiteAdaptiveSchema,
  SitePublishingAuth,
  type PublishedContentSite as PublishedContentSiteType,
  type Site,
  type SiteSpace,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signVisitorToken } from '../sites/visitor-token.js';
import { SiteClient, seedSiteClients } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`published sites and adaptive content over HTTP (${dialect})`, () => {
    let server: TestServer;
    let sites: SiteClient;
    /** Someone with an API token who is not a member of the sites' organization. */
    let outsider: SiteClient;
    /** A `read` member of the sites' organization. */
    let reader: SiteClient;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const seeded = await seedSiteClients(server, ['admin', 'read']);
      [sites, reader] = seeded.clients as [SiteClient, SiteClient];
      outsider = new SiteClient(server.http, {
        organizationId: seeded.organizationId,
        token: server.token,
      });
    });
    afterAll(async () => {
      await server.close();
    });

    async function publishedSite(visibility: string): Promise<Site> {
      const space = await sites.createSpace(`Space for ${visibility}`);
      return sites.createSite({ visibility, spaces: [space.id] });
    }

    const readPublished = (
      client: SiteClient,
      siteId: string,
      options: { shareKey?: string; visitorToken?: string } = {},
    ) =>
      client.request(
        'GET',
        client.path(
          `/${siteId}/published${options.shareKey === undefined ? '' : `?shareKey=${encodeURIComponent(options.shareKey)}`}`,
        ),
        options.visitorToken === undefined
          ? {}
          : { headers: { 'x-visitor-token': options.visitorToken } },
      );

    const expectPublished = (response: { status: number; text: string; body: unknown }) => {
      expect(response.status, response.text).toBe(200);
      expect(Value.Check(PublishedContentSite, response.body)).toBe(true);
      return response.body as PublishedContentSiteType;
    };

    const expectRefused = (response: { status: number; body: unknown }, status: number) => {
      expect(response.status).toBe(status);
      expect(Value.Check(ErrorBody, response.body)).toBe(true);
      if (status === 404) expect((response.body as ErrorBody).error.message).toBe('Site not found');
    };

    describe('visibility', () => {
      it('serves public and unlisted sites to anyone with an API token', async () => {
        for (const visibility of ['public', 'unlisted']) {
          const site = await publishedSite(visibility);
          const body = expectPublished(await readPublished(outsider, site.id));
          expect(body.site).toMatchObject({ id: site.id, visibility, published: true });
          expect(body.structure.type).toBe('siteSpaces');
          const [siteSpace] = body.structure.structure;
          expect(siteSpace?.object).toBe('site-space');
          // A visitor holds no rights on the spaces it reads through the site.
          expect(siteSpace && 'space' in siteSpace ? siteSpace.space.permissions.view : true).toBe(
            false,
          );
          expectPublished(await readPublished(reader, site.id));
        }
      });

      it('serves a share-link site only with its share key', async () => {
        const site = await publishedSite('share-link');
        const shareKey = new URL(site.urls.published ?? '').searchParams.get('shareKey') ?? '';
        expect(shareKey).not.toBe('');
        expectRefused(await readPublished(outsider, site.id), 404);
        expectRefused(await readPublished(outsider, site.id, { shareKey: `${shareKey}x` }), 404);
        expectRefused(await readPublished(outsider, site.id, { shareKey: '' }), 404);
        // A member learns what is missing rather than a 404.
        expectRefused(await readPublished(reader, site.id), 403);
        const body = expectPublished(await readPublished(outsider, site.id, { shareKey }));
        expect(body.site.urls.published).toBe(site.urls.published);
        const [siteSpace] = body.structure.structure as SiteSpace[];
        expect(siteSpace?.urls.published).toContain(`shareKey=${shareKey}`);
      });

      it('serves a visitor-auth site only with a visitor token signed by its key', async () => {
        const site = await publishedSite('visitor-auth');
        const auth = await sites.expect<{ privateKey: string }>(
          200,
          SitePublishingAuth,
          'GET',
          sites.path(`/${site.id}/publishing/auth`),
        );
        const inAnHour = server.clock.now().getTime() / 1000 + 3600;
        const good = await signVisitorToken(auth.privateKey, {
          exp: inAnHour,
          unsigned: { beta: true },
        });
        expectPublished(await readPublished(outsider, site.id, { visitorToken: good }));
        const refused = [
          undefined,
          'not.a.token',
          await signVisitorToken('another key', { exp: inAnHour }),
          await signVisitorToken(auth.privateKey, { exp: inAnHour - 7200 }),
          await signVisitorToken(auth.privateKey, {}),
          await signVisitorToken(auth.privateKey, { exp: inAnHour, nbf: inAnHour }),
          `${good.split('.').slice(0, 2).join('.')}.`,
        ];
        for (const visitorToken of refused) {
          expectRefused(
            await readPublished(
              outsider,
              site.id,
              visitorToken === undefined ? {} : { visitorToken },
            ),
            404,
          );
        }
        expectRefused(await readPublished(reader, site.id), 403);
        // The share key opens share-link sites, not this one.
        const shareKey = (
          await server.db
            .selectFrom('sites')
            .select('share_key')
            .where('id', '=', site.id)
            .executeTakeFirst()
        )?.share_key;
        expectRefused(
          await readPublished(outsider, site.id, shareKey === undefined ? {} : { shareKey }),
          404,
        );
      });

      it('serves no unpublished site, whatever its visibility', async () => {
        const site = await sites.createSite({ visibility: 'public' });
        expectRefused(await readPublished(outsider, site.id), 404);
        const member = await readPublished(reader, site.id);
        expect(member.status).toBe(404);
        expect((member.body as ErrorBody).error.message).toContain('not published');
        const unknown = await readPublished(outsider, 'no-such-site');
        expectRefused(unknown, 404);
      });

      it('follows visibility changes at once', async () => {
        const site = await publishedSite('public');
        expectPublished(await readPublished(outsider, site.id));
        await sites.expect(200, null, 'PATCH', sites.path(`/${site.id}`), {
          visibility: 'share-link',
        });
        expectRefused(await readPublished(outsider, site.id), 404);
        await sites.expect(200, null, 'PATCH', sites.path(`/${site.id}`), {
          visibility: 'unlisted',
        });
        expectPublished(await readPublished(outsider, site.id));
      });
    });

    describe('customizations', () => {
      it('answers the site’s title, its organization’s logo and its default space’s language', async () => {
        const logo = 'https://example.com/logo.png';
        const organizationId = sites.path().split('/')[3] ?? '';
        const patched = await sites.request('PATCH', `/v1/orgs/${organizationId}`, {
          body: { logo },
        });
        expect(patched.status, patched.text).toBe(200);
        const space = await sites.createSpace('Handbuch');
        const language = await sites.request('PATCH', `/v1/spaces/${space.id}`, {
          body: { language: 'de' },
        });
        expect(language.status, language.text).toBe(200);
        const site = await sites.createSite({
          title: 'Handbuch',
          visibility: 'public',
          spaces: [space.id],
        });
        const body = expectPublished(await readPublished(sites, site.id));
        expect(body.customizations.site).toMatchObject({
          title: 'Handbuch',
          header: { logo: { light: logo, dark: logo } },
          internationalization: { locale: 'de' },
          ai: { mode: 'none' },
        });
        expect(body.customizations.siteSpaces).toEqual({});
        expect(body.scripts).toEqual([]);
      });
    });

    describe('adaptive content', () => {
      const schemaPath = (siteId: string) => sites.path(`/${siteId}/adaptive-schema`);
      const visitorSchema = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          isCustomer: { type: 'boolean', description: 'Has a paid plan' },
          unsigned: {
            type: 'object',
            properties: { isBetaUser: { type: 'boolean' } },
            additionalProperties: false,
          },
        },
        required: ['unsigned'],
        additionalProperties: false,
      };

      it('serves a schema without claims until one is written', async () => {
        const site = await sites.createSite();
        const body = await sites.expect<{ jsonSchema: unknown; updatedAt?: string }>(
          200,
          SiteAdaptiveSchema,
          'GET',
          schemaPath(site.id),
        );
        expect(body).toMatchObject({
          object: 'site-adaptive-schema',
          jsonSchema: {
            type: 'object',
            properties: { unsigned: { type: 'object', properties: {} } },
          },
        });
        // The default schema (none written yet) dates from the site's creation.
        expect(body).toHaveProperty('updatedAt', site.createdAt);
        const conditions = await sites.expect(
          200,
          SiteAdaptiveConditions,
          'GET',
          `${schemaPath(site.id)}/template-conditions`,
        );
        expect(conditions).toEqual({ items: [] });
      });

      it('stores a visitor schema and makes conditions from its claims', async () => {
        const site = await sites.createSite();
        const put = await sites.expect(200, SiteAdaptiveSchema, 'PUT', schemaPath(site.id), {
          jsonSchema: visitorSchema,
        });
        expect(put).toEqual({
          object: 'site-adaptive-schema',
          jsonSchema: visitorSchema,
          updatedAt: server.clock.now().toISOString(),
        });
        expect(await sites.expect(200, SiteAdaptiveSchema, 'GET', schemaPath(site.id))).toEqual(
          put,
        );
        expect(await reader.expect(200, SiteAdaptiveSchema, 'GET', schemaPath(site.id))).toEqual(
          put,
        );
        const conditions = await sites.expect(
          200,
          SiteAdaptiveConditions,
          'GET',
          `${schemaPath(site.id)}/template-conditions`,
        );
        expect(conditions).toEqual({
          items: [
            { description: 'Has a paid plan', condition: 'visitor.claims.isCustomer' },
            {
              description: 'Visitors whose `isBetaUser` claim is true',
              condition: 'visitor.claims.unsigned.isBetaUser',
            },
          ],
        });
      });

      it('refuses a schema that is not a draft-07 object of boolean claims with 400 naming where', async () => {
        const site = await sites.createSite();
        const unsigned = visitorSchema.properties.unsigned;
        const cases: [unknown, string][] = [
          [
            { ...visitorSchema, $schema: 'https://json-schema.org/draft/2020-12/schema' },
            'body/jsonSchema/$schema',
          ],
          [{ type: 'object', properties: {} }, 'body/jsonSchema/properties/unsigned'],
          [
            {
              ...visitorSchema,
              properties: { ...visitorSchema.properties, plan: { type: 'string' } },
            },
            'body/jsonSchema/properties/plan/type',
          ],
          [
            {
              ...visitorSchema,
              properties: { ...visitorSchema.properties, 'bad-name': { type: 'boolean' } },
            },
            'body/jsonSchema/properties/bad-name',
          ],
          [
            {
              ...visitorSchema,
              properties: { unsigned: { ...unsigned, properties: { n: { type: 'number' } } } },
            },
            'body/jsonSchema/properties/unsigned/properties/n/type',
          ],
          [
            { ...visitorSchema, properties: { unsigned: { type: 'string', properties: {} } } },
            'body/jsonSchema/properties/unsigned',
          ],
          [{ ...visitorSchema, oneOf: [] }, 'body/jsonSchema/oneOf'],
          [{ ...visitorSchema, required: ['nobody'] }, 'body/jsonSchema/required'],
          [
            { ...visitorSchema, additionalProperties: { type: 'boolean' } },
            'body/jsonSchema/additionalProperties',
          ],
          [
            {
              ...visitorSchema,
              properties: {
                ...visitorSchema.properties,
                isCustomer: { type: 'boolean', description: 'x'.repeat(257) },
              },
            },
            'body/jsonSchema/properties/isCustomer/description',
          ],
          [{ ...visitorSchema, type: 'array' }, 'body/jsonSchema/type'],
          [
            { ...visitorSchema, properties: { unsigned: 'yes' } },
            'body/jsonSchema/properties/unsigned',
          ],
          ['not a schema', 'body/jsonSchema'],
        ];
        for (const [jsonSchema, where] of cases) {
          const response = await sites.request('PUT', schemaPath(site.id), {
            body: { jsonSchema },
          });
          expect(response.status, where).toBe(400);
          expect((response.body as ErrorBody).error.message, where).toContain(where);
        }
        const tooMany = Object.fromEntries(
          Array.from({ length: 101 }, (_, n) => [`c${n}`, { type: 'boolean' }]),
        );
        const many = await sites.request('PUT', schemaPath(site.id), {
          body: { jsonSchema: { ...visitorSchema, properties: { ...tooMany, unsigned } } },
        });
        expect(many.status).toBe(400);
        const body = await sites.expect<{ jsonSchema: unknown; updatedAt?: string }>(
          200,
          SiteAdaptiveSchema,
          'GET',
          schemaPath(site.id),
        );
        // The default schema (none written yet) dates from the site's creation.
        expect(body).toHaveProperty('updatedAt', site.createdAt);
      });
    });
  });
}
