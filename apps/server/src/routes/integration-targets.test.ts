import type {
  IntegrationEvent,
  IntegrationInstallation,
  IntegrationSiteInstallation,
  IntegrationSpaceInstallation,
} from '@docsync/api';
import { createHttpClient, eventually, type HttpClient } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN_TTL_MS } from '../auth/integration-tokens.js';
import { EventReceiver, readDeliveryForm } from '../testing/event-receiver.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type Person = { userId: string; token: string };
type Page<T> = { items: T[]; count: number };

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`Installations narrowed to spaces and sites (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let other: string;
    /** Editor of `org` (not an admin). */
    let editor: Person;
    /** Admin of `other`. */
    let stranger: Person;
    let installation: string;
    let spaceA: string;
    let spaceB: string;
    let foreignSpace: string;
    const receiver = new EventReceiver();
    const base = '/v1/integrations/narrow/installations';
    const as = (person: Person): HttpClient => createHttpClient(server.baseUrl, person.token);
    const events = async () =>
      (
        (await server.http.get('/v1/integrations/narrow/events?limit=100'))
          .body as Page<IntegrationEvent>
      ).items;
    const newSpace = async (client: HttpClient, organization: string) =>
      (
        (await client.request('POST', `/v1/orgs/${organization}/spaces`, { body: {} })).body as {
          id: string;
        }
      ).id;
    /** The delivered events of `type` (about `field` = `id` when given). */
    const delivered = async (type: string, field?: string, id?: string) =>
      (await events()).filter(
        (event) =>
          event.payload.type === type &&
          event.status === 'success' &&
          (field === undefined || (event.payload as Record<string, unknown>)[field] === id),
      );

    beforeAll(async () => {
      await receiver.start();
      server = await startTestServer({
        dialect,
        fetch: { allow: ['127.0.0.1/32'] },
        jobs: { pollMs: 20 },
        deliveries: { retryBaseMs: 500, retryMaxMs: 1000, maxAttempts: 2, timeoutMs: 5000 },
      });
      server.clock.set(new Date());
      org = server.organizationId;
      editor = await seedUser(server.db, server.clock, { email: 'editor@example.com' });
      await seedMember(server.db, server.clock, org, editor.userId, 'edit');
      stranger = await seedUser(server.db, server.clock, { email: 'admin@other.example' });
      other = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, other, stranger.userId, 'admin');
      const published = await server.http.request('POST', '/v1/integrations/narrow', {
        body: {
          title: 'Narrow',
          script: 'export default {};',
          organization: org,
          visibility: 'public',
          scopes: ['space:content:read', 'space:metadata:read', 'site:metadata:read'],
          endpoint: receiver.url,
        },
      });
      expect(published.status).toBe(200);
      spaceA = await newSpace(server.http, org);
      spaceB = await newSpace(server.http, org);
      foreignSpace = await newSpace(as(stranger), other);
      const installed = await server.http.request('POST', base, { body: { organization: org } });
      expect(installed.status).toBe(201);
      installation = (installed.body as IntegrationInstallation).id;
    });
    afterAll(async () => {
      await server.close();
      await receiver.close();
    });

    it('covers every space until narrowed, then only those it was installed on', async () => {
      const before = (await server.http.get(`${base}/${installation}`))
        .body as IntegrationInstallation;
      expect(before).toMatchObject({
        id: installation,
        space_selection: 'all',
        site_selection: 'all',
      });
      const everySpace = before.spaces;
      expect(everySpace).toBeGreaterThanOrEqual(2);
      const covered = (await server.http.get(`${base}/${installation}/spaces`))
        .body as Page<IntegrationSpaceInstallation>;
      expect(covered.count).toBe(everySpace);

      const onA = await server.http.request('POST', `${base}/${installation}/spaces`, {
        body: { space: spaceA },
      });
      expect(onA.status).toBe(201);
      expect(onA.body).toMatchObject({
        integration: 'narrow',
        installation,
        space: spaceA,
        status: 'active',
        configuration: {},
        externalIds: [],
        urls: { location: `${server.baseUrl}${base}/${installation}/spaces/${spaceA}` },
      });
      const again = await server.http.request('POST', `${base}/${installation}/spaces`, {
        body: { space: spaceA },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: { code: 409 } });
      for (const [body, status] of [
        [{ space: foreignSpace }, 404],
        [{ space: 'nope' }, 404],
        [{}, 400],
        [{ space: '' }, 400],
      ] as const) {
        const answer = await server.http.request('POST', `${base}/${installation}/spaces`, {
          body,
        });
        expect(answer.status, JSON.stringify(body)).toBe(status);
        expect(answer.body).toMatchObject({ error: { code: status } });
      }
      expect(
        (
          await server.http.request('PATCH', `${base}/${installation}`, {
            body: { space_selection: 'some' },
          })
        ).status,
      ).toBe(400);

      const narrowed = await server.http.request('PATCH', `${base}/${installation}`, {
        body: { space_selection: 'selected', configuration: { team: 'docs' } },
      });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body).toMatchObject({
        space_selection: 'selected',
        site_selection: 'all',
        spaces: 1,
        configuration: { team: 'docs' },
      });
      const listed = (await server.http.get(`${base}/${installation}/spaces?extended=true`))
        .body as Page<IntegrationSpaceInstallation>;
      expect(listed.count).toBe(1);
      expect(listed.items[0]?.space).toMatchObject({ id: spaceA, object: 'space' });
      const all = (await server.http.get('/v1/integrations/narrow/spaces'))
        .body as Page<IntegrationSpaceInstallation>;
      expect(all.items.map((item) => item.space)).toEqual([spaceA]);
      expect((await server.http.get(`${base}/${installation}/spaces/${spaceB}`)).status).toBe(404);
      expect((await server.http.get(`${base}/${installation}/spaces/${spaceA}`)).status).toBe(200);

      // Its settings for one space, by external id too.
      const configured = await server.http.request(
        'PATCH',
        `${base}/${installation}/spaces/${spaceA}`,
        {
          body: { externalIds: ['channel-7', 'channel-7'], configuration: { channel: '#docs' } },
        },
      );
      expect(configured.status).toBe(200);
      expect(configured.body).toMatchObject({
        configuration: { channel: '#docs' },
        externalIds: ['channel-7'],
      });
      const byExternal = (
        await server.http.get('/v1/integrations/narrow/spaces?externalId=channel-7')
      ).body as Page<IntegrationSpaceInstallation>;
      expect(byExternal.items.map((item) => item.space)).toEqual([spaceA]);
      expect(
        (
          (await server.http.get('/v1/integrations/narrow/spaces?externalId=channel-8'))
            .body as Page<unknown>
        ).count,
      ).toBe(0);
      expect(
        (
          await server.http.request('PATCH', `${base}/${installation}/spaces/${spaceB}`, {
            body: { externalIds: ['x'] },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await server.http.request('PATCH', `${base}/${installation}/spaces/${spaceA}`, {
            body: { externalIds: 'x' },
          })
        ).status,
      ).toBe(400);

      // The installation heard of each step, in the form GitBook names them.
      await eventually(async () =>
        (await delivered('space_installation_setup', 'spaceId', spaceA)).length === 2
          ? true
          : undefined,
      );
      const setups = await delivered('space_installation_setup', 'spaceId', spaceA);
      expect(setups.map((event) => event.payload)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ status: 'active', installationId: installation }),
          expect.objectContaining({
            previous: { status: 'active', configuration: {} },
          }),
        ]),
      );
      await eventually(async () =>
        (await delivered('installation_setup')).some(
          (event) => (event.payload as Record<string, unknown>)['previous'] !== undefined,
        )
          ? true
          : undefined,
      );
    });

    it('tells a narrowed installation only of the spaces it covers, and its token reaches only those', async () => {
      const sentB = await sendTree(server.http, spaceB, [textBlob('README.md', '# B\n')], {
        oid: commitOid(1),
        message: 'b',
      });
      expect(sentB.status).toBe(204);
      const sentA = await sendTree(server.http, spaceA, [textBlob('README.md', '# A\n')], {
        oid: commitOid(2),
        message: 'a',
      });
      expect(sentA.status).toBe(204);
      const [updated] = await eventually(async () => {
        const found = await delivered('space_content_updated', 'spaceId', spaceA);
        return found.length > 0 ? found : undefined;
      });
      // B's change was queued before A's and would have been delivered first.
      expect(await delivered('space_content_updated', 'spaceId', spaceB)).toEqual([]);
      expect(
        (await events()).filter(
          (event) =>
            event.payload.type === 'space_content_updated' &&
            (event.payload as Record<string, unknown>)['spaceId'] === spaceB,
        ),
      ).toEqual([]);

      const delivery = await eventually(() =>
        Promise.resolve(
          receiver.received.find((item) => item.headers['webhook-id'] === updated?.id),
        ),
      );
      const form = await readDeliveryForm(delivery);
      expect(form.environment.installation).toMatchObject({
        space_selection: 'selected',
        spaces: 1,
      });
      const bot = createHttpClient(server.baseUrl, form.environment.apiTokens.installation ?? '');
      expect((await bot.get(`/v1/spaces/${spaceA}`)).status).toBe(200);
      expect((await bot.get(`/v1/spaces/${spaceA}/content`)).status).toBe(200);
      expect((await bot.get(`/v1/spaces/${spaceB}`)).status).toBe(404);
      expect((await bot.get(`/v1/spaces/${spaceB}/content`)).status).toBe(404);
      const listed = (await bot.get(`/v1/orgs/${org}/spaces`)).body as Page<{ id: string }>;
      expect(listed.items.map((space) => space.id)).toEqual([spaceA]);
      // It reads its installation and sets its own external ids; it may not widen itself.
      expect((await bot.get(`${base}/${installation}`)).status).toBe(200);
      expect(
        (
          await bot.request('PATCH', `${base}/${installation}/spaces/${spaceA}`, {
            body: { externalIds: ['from-bot'] },
          })
        ).status,
      ).toBe(200);
      const widen = await bot.request('PATCH', `${base}/${installation}`, {
        body: { space_selection: 'all' },
      });
      expect(widen.status).toBe(403);
      expect(
        (await bot.request('POST', `${base}/${installation}/spaces`, { body: { space: spaceB } }))
          .status,
      ).toBe(403);
      // The user's own token still reaches every space.
      expect((await server.http.get(`/v1/spaces/${spaceB}`)).status).toBe(200);
    });

    it('lets only the installing organization’s admins change it', async () => {
      const editors = as(editor);
      expect((await editors.get(`${base}/${installation}`)).status).toBe(404);
      expect(
        (await editors.request('PATCH', `${base}/${installation}`, { body: { configuration: {} } }))
          .status,
      ).toBe(404);
      const strangers = as(stranger);
      expect((await strangers.get(`${base}/${installation}`)).status).toBe(404);
      expect(
        (await strangers.request('DELETE', `${base}/${installation}/spaces/${spaceA}`)).status,
      ).toBe(404);
      // An installation of another organization: its admin manages it, the publisher reads it.
      const theirs = await strangers.request('POST', base, { body: { organization: other } });
      expect(theirs.status).toBe(201);
      const theirId = (theirs.body as IntegrationInstallation).id;
      expect((await server.http.get(`${base}/${theirId}`)).status).toBe(200);
      const publisherChange = await server.http.request('PATCH', `${base}/${theirId}`, {
        body: { space_selection: 'selected' },
      });
      expect(publisherChange.status).toBe(403);
      expect(publisherChange.body).toMatchObject({ error: { code: 403 } });
      expect(
        (await strangers.request('POST', `${base}/${theirId}/spaces`, { body: { space: spaceA } }))
          .status,
      ).toBe(404);
      expect(
        (
          await strangers.request('POST', `${base}/${theirId}/spaces`, {
            body: { space: foreignSpace },
          })
        ).status,
      ).toBe(201);
      expect((await server.http.get(`${base}/nope`)).status).toBe(404);
      expect((await server.http.get('/v1/integrations/nope/installations/x')).status).toBe(404);
    });

    it('tells installations covering a site that it published a space, and sites narrow like spaces', async () => {
      const site = (
        await server.http.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Docs' } })
      ).body as { id: string };
      const added = await server.http.request(
        'POST',
        `/v1/orgs/${org}/sites/${site.id}/site-spaces`,
        { body: { spaceId: spaceA } },
      );
      expect(added.status).toBe(201);
      const siteSpace = (added.body as { id: string }).id;
      const [published] = await eventually(async () => {
        const found = await delivered('site_published', 'siteId', site.id);
        return found.length > 0 ? found : undefined;
      });
      expect(published?.payload).toMatchObject({
        type: 'site_published',
        installationId: installation,
        siteId: site.id,
        siteSpaceId: siteSpace,
        spaceId: spaceA,
      });

      // Narrowed to no site: the next publish is not told.
      await server.http.request('PATCH', `${base}/${installation}`, {
        body: { site_selection: 'selected' },
      });
      await server.http.request('POST', `/v1/orgs/${org}/sites/${site.id}/site-spaces`, {
        body: { spaceId: spaceB },
      });
      const onSite = await server.http.request('POST', `${base}/${installation}/sites`, {
        body: { site: site.id },
      });
      expect(onSite.status).toBe(201);
      expect(onSite.body).toMatchObject({ site: site.id, installation });
      const other = (
        await server.http.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Other' } })
      ).body as { id: string };
      await server.http.request('POST', `/v1/orgs/${org}/sites/${other.id}/site-spaces`, {
        body: { spaceId: spaceA },
      });
      await eventually(async () =>
        (await delivered('site_installation_setup', 'siteId', site.id)).length === 1
          ? true
          : undefined,
      );
      expect(await delivered('site_published', 'siteId', other.id)).toEqual([]);
      expect((await delivered('site_published', 'siteId', site.id)).length).toBe(1);
      const sites = (await server.http.get(`${base}/${installation}/sites?extended=true`))
        .body as Page<IntegrationSiteInstallation>;
      expect(sites.items.map((item) => (item.site as { id: string }).id)).toEqual([site.id]);

      // Uninstalled from the site: told, and gone from the listings.
      expect(
        (await server.http.request('DELETE', `${base}/${installation}/sites/${site.id}`)).status,
      ).toBe(204);
      expect(
        (await server.http.request('DELETE', `${base}/${installation}/sites/${site.id}`)).status,
      ).toBe(404);
      await eventually(async () =>
        (await delivered('site_installation_deleted', 'siteId', site.id)).length === 1
          ? true
          : undefined,
      );
      expect(
        ((await server.http.get(`${base}/${installation}/sites`)).body as Page<unknown>).count,
      ).toBe(0);
    });

    it('deletes integration tokens once they have expired, as new ones are minted', async () => {
      const countTokens = async () =>
        Number(
          (
            await server.db
              .selectFrom('integration_tokens')
              .select((eb) => eb.fn.countAll<string | number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      expect(await countTokens()).toBeGreaterThan(0);
      server.clock.set(new Date(server.clock.now().getTime() + INTEGRATION_TOKEN_TTL_MS + 60_000));
      const before = (await events()).length;
      await server.http.request('PATCH', `${base}/${installation}`, {
        body: { configuration: { v: 2 } },
      });
      // One delivery mints two tokens (the integration's and the installation's).
      await eventually(async () => ((await events()).length > before ? true : undefined));
      const expired = () =>
        server.db
          .selectFrom('integration_tokens')
          .select('id')
          .where('expires_at', '<=', server.clock.now().toISOString())
          .execute();
      // Delivered: its two tokens minted, every expired one gone.
      await eventually(async () =>
        (await expired()).length === 0 && (await countTokens()) >= 2 ? true : undefined,
      );
    });
  });
}
