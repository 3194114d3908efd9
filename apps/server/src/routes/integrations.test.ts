import { createHmac } from 'node:crypto';
import type {
  Integration,
  IntegrationEvent,
  IntegrationEventTrace,
  IntegrationInstallation,
  IntegrationSpaceInstallation,
} from '@docsync/api';
import { createHttpClient, eventually, type HttpClient } from '@docsync/test-utils';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventReceiver,
  readDeliveryForm,
  type ReceivedDelivery,
} from '../testing/event-receiver.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type Person = { userId: string; token: string };
type Page<T> = { items: T[]; count: number };

/** Whether GitBook's `X-GitBook-Signature` of a delivery holds for `secret`. */
function gitbookSignatureHolds(delivery: ReceivedDelivery, secret: string): boolean {
  const header = String(delivery.headers['x-gitbook-signature']);
  const parts = new Map(header.split(',').map((part) => part.split('=') as [string, string]));
  const [t, v1] = [parts.get('t'), parts.get('v1')];
  const expected = createHmac('sha256', secret)
    .update(`${String(t)}.`)
    .update(delivery.body)
    .digest('hex');
  return v1 === expected;
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`Integrations over HTTP (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let other: string;
    let editor: Person;
    /** Admin of `other`, and a reader of `org`. */
    let stranger: Person;
    /** Member of no organization. */
    let nobody: Person;
    const receiver = new EventReceiver();
    const tunnel = new EventReceiver();
    beforeAll(async () => {
      await Promise.all([receiver.start(), tunnel.start()]);
      server = await startTestServer({
        dialect,
        fetch: { allow: ['127.0.0.1/32'] },
        jobs: { pollMs: 20 },
        deliveries: { retryBaseMs: 2000, retryMaxMs: 8000, maxAttempts: 3, timeoutMs: 5000 },
      });
      // Signatures carry the time: the receiver's checks compare it with the real one.
      server.clock.set(new Date());
      org = server.organizationId;
      editor = await seedUser(server.db, server.clock, { email: 'editor@example.com' });
      await seedMember(server.db, server.clock, org, editor.userId, 'edit');
      stranger = await seedUser(server.db, server.clock, { email: 'someone@other.example' });
      other = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, other, stranger.userId, 'admin');
      await seedMember(server.db, server.clock, org, stranger.userId, 'read');
      nobody = await seedUser(server.db, server.clock, { email: 'nobody@example.com' });
    });
    afterAll(async () => {
      await server.close();
      await Promise.all([receiver.close(), tunnel.close()]);
    });

    /** What `gitbook publish` sends for a minimal manifest, with `changes`. */
    const manifest = (changes: Record<string, unknown> = {}) => ({
      runtime: 'v2',
      title: 'Hello',
      description: '',
      scopes: ['space:content:read', 'space:metadata:read'],
      organization: org,
      script: 'export default { fetch: () => new Response("ok") };',
      contentSecurityPolicy: { 'script-src': "'self'", 'frame-src': 'https://example.com' },
      secrets: { GREETING: 'hi' },
      visibility: 'public',
      categories: ['analytics'],
      blocks: [{ id: 'card', title: 'Card', urlUnfurl: ['https://cards.example.com/*'] }],
      endpoint: receiver.url,
      ...changes,
    });
    const publish = (name: string, changes: Record<string, unknown> = {}, token?: string) =>
      server.http.request('POST', `/v1/integrations/${name}`, {
        body: manifest(changes),
        ...(token === undefined ? {} : { token }),
      });
    const as = (person: Person): HttpClient => createHttpClient(server.baseUrl, person.token);
    const events = async (name: string) =>
      ((await server.http.get(`/v1/integrations/${name}/events`)).body as Page<IntegrationEvent>)
        .items;
    /** The event of `type` of integration `name` once it has `attempts` delivery attempts. */
    const settledEvent = (name: string, type: string, attempts: number) =>
      eventually(async () =>
        (await events(name)).find(
          (event) => event.payload.type === type && event.delivery?.attempts.length === attempts,
        ),
      );

    it('publishes what `gitbook publish` sends, and each publish again as the next version', async () => {
      const first = await publish('hello');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        object: 'integration',
        name: 'hello',
        version: 1,
        title: 'Hello',
        description: '',
        visibility: 'public',
        target: 'all',
        scopes: ['space:content:read', 'space:metadata:read'],
        categories: ['analytics'],
        contentSecurityPolicy: "script-src 'self'; frame-src https://example.com",
        owner: { id: org },
        permissions: { admin: true },
        urls: { location: `${server.baseUrl}/v1/integrations/hello` },
      });
      const second = await publish('hello', {
        runtime: 'v1',
        contentSecurityPolicy: "default-src 'self'",
        title: 'Hello again',
      });
      expect(second.body).toMatchObject({
        version: 2,
        title: 'Hello again',
        contentSecurityPolicy: "default-src 'self'",
      });
      // Runtime absent, description absent: both optional.
      const bare = await server.http.request('POST', '/v1/integrations/bare.one_2', {
        body: { title: 'Bare', script: '', organization: org },
      });
      expect(bare.status).toBe(200);
      expect(bare.body).toMatchObject({ visibility: 'private', scopes: [], description: '' });
    });

    it('refuses bad input with 400 and the error shape', async () => {
      for (const [changes, field] of [
        [{ title: 'H' }, 'title'],
        [{ title: 'x'.repeat(31) }, 'title'],
        [{ description: 'x'.repeat(101) }, 'description'],
        [{ runtime: 'v3' }, 'runtime'],
        [{ scopes: ['space:everything'] }, 'scopes'],
        [{ endpoint: 'ftp://example.com/hook' }, 'endpoint'],
        [{ contentSecurityPolicy: 42 }, 'contentSecurityPolicy'],
        [{ visibility: 'secret' }, 'visibility'],
        [{ script: undefined }, 'script'],
      ] as const) {
        const answer = await publish('hello', changes);
        expect(answer.status, field).toBe(400);
        expect(answer.body, field).toMatchObject({
          error: { code: 400, message: expect.stringContaining(field) as unknown },
        });
      }
      const badName = await publish('not a name!');
      expect(badName.status).toBe(400);
      const notJson = await server.http.request('POST', '/v1/integrations/hello', {
        rawBody: new TextEncoder().encode('{'),
        contentType: 'application/json',
      });
      expect(notJson.status).toBe(400);
      const devMode = await server.http.request('PUT', '/v1/integrations/hello/dev', {
        body: { tunnelUrl: 'not a url' },
      });
      expect(devMode.body).toMatchObject({ error: { code: 400 } });
      const install = await server.http.request('POST', '/v1/integrations/hello/installations', {
        body: {},
      });
      expect(install.status).toBe(400);
      expect((await server.http.get('/v1/integrations?limit=0')).status).toBe(400);
    });

    it('publishes only as an admin of the organization; a name is one organization’s', async () => {
      expect((await publish('hello', {}, '')).status).toBe(401);
      expect((await publish('hello', {}, 'dsk_unknown')).status).toBe(401);
      // Not a member: the organization is not found.
      expect((await publish('elsewhere', { organization: other })).status).toBe(404);
      expect((await publish('elsewhere', { organization: 'no-such-org' })).status).toBe(404);
      const notAdmin = await publish('mine', {}, editor.token);
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body).toMatchObject({ error: { code: 403 } });
      // `hello` is `org`'s: another organization's admin cannot publish over it.
      const taken = await publish('hello', { organization: other }, stranger.token);
      expect(taken.status).toBe(409);
      expect((await server.http.get('/v1/integrations/hello')).body).toMatchObject({
        version: 2,
      });
    });

    it('shows public integrations to everyone and private ones to their organization only', async () => {
      await publish('secret-one', { visibility: 'private', categories: ['other'], blocks: [] });
      await publish('unlisted-one', { visibility: 'unlisted', scopes: ['openapi:read'] });
      const outsider = as(nobody);
      expect((await outsider.get('/v1/integrations/hello')).body).toMatchObject({
        name: 'hello',
        permissions: { admin: false },
      });
      expect((await outsider.get('/v1/integrations/unlisted-one')).status).toBe(200);
      const hidden = await outsider.get('/v1/integrations/secret-one');
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ error: { code: 404 } });
      expect((await outsider.get('/v1/integrations/no-such')).status).toBe(404);
      const names = async (client: HttpClient, query = '') =>
        ((await client.get(`/v1/integrations${query}`)).body as Page<Integration>).items
          .map((item) => item.name)
          .sort();
      expect(await names(outsider)).toEqual(['hello']);
      expect(await names(as(editor))).toEqual([
        'bare.one_2',
        'hello',
        'secret-one',
        'unlisted-one',
      ]);
      expect(await names(server.http, '?category=analytics')).toEqual(['hello', 'unlisted-one']);
      expect(await names(server.http, '?scope=openapi:read')).toEqual(['unlisted-one']);
      expect(await names(server.http, '?search=SECRET')).toEqual(['secret-one']);
      expect(await names(server.http, '?blocks=false')).toEqual(['bare.one_2', 'secret-one']);
      expect(await names(server.http, '?blockDomain=cards.example.com')).toEqual([
        'hello',
        'unlisted-one',
      ]);
      expect(await names(server.http, `?owner=${other}`)).toEqual([]);
      const paged = (await server.http.get('/v1/integrations?limit=2'))
        .body as Page<Integration> & {
        next?: { page: string };
      };
      expect(paged.items).toHaveLength(2);
      expect(paged.count).toBe(4);
      const rest = (
        await server.http.get(`/v1/integrations?limit=2&page=${paged.next?.page ?? ''}`)
      ).body as Page<Integration>;
      expect([...paged.items, ...rest.items].map((item) => item.name).sort()).toEqual(
        await names(server.http),
      );
    });

    it('installs on an organization its admins choose, once; a private one only at home', async () => {
      const path = '/v1/integrations/hello/installations';
      const byEditor = await as(editor).request('POST', path, { body: { organization: org } });
      expect(byEditor.status).toBe(403);
      expect(
        (await as(nobody).request('POST', path, { body: { organization: other } })).status,
      ).toBe(404);
      const installed = await as(stranger).request('POST', path, { body: { organization: other } });
      expect(installed.status).toBe(201);
      expect(installed.body).toMatchObject({
        status: 'active',
        space_selection: 'all',
        site_selection: 'all',
        target: { organization: other },
      } satisfies Partial<IntegrationInstallation>);
      const again = await as(stranger).request('POST', path, { body: { organization: other } });
      expect(again.status).toBe(409);
      const privately = await as(stranger).request(
        'POST',
        '/v1/integrations/secret-one/installations',
        {
          body: { organization: other },
        },
      );
      expect(privately.status).toBe(403);
      // Its own organization's admin installs a private one at home, not elsewhere.
      const home = await server.http.request('POST', '/v1/integrations/secret-one/installations', {
        body: { organization: org },
      });
      expect(home.status).toBe(201);
      // Only the publishing organization's admins see the installations.
      const listed = (await server.http.get(path)).body as Page<IntegrationInstallation>;
      expect(listed.items.map((item) => item.target.organization)).toEqual([other]);
      expect((await as(stranger).get(path)).status).toBe(403);
      expect((await as(nobody).get('/v1/integrations/secret-one/installations')).status).toBe(404);
      expect((await server.http.get(`${path}?externalId=none`)).body).toMatchObject({ count: 0 });
    });

    it('delivers `installation_setup` to the endpoint, signed both ways, in the form @gitbook/runtime reads', async () => {
      const event = await settledEvent('hello', 'installation_setup', 1);
      expect(event).toMatchObject({
        status: 'success',
        delivery: {
          state: 'delivered',
          attempts: [{ number: 1, outcome: 'delivered', responseCode: 200 }],
        },
      });
      const delivery = receiver.received.find((item) => item.headers['webhook-id'] === event.id);
      if (delivery === undefined) throw new Error('not received');
      expect(delivery.path).toBe('/v1');
      const secret = (
        (await server.http.get('/v1/integrations/hello/signing-secret')).body as { secret: string }
      ).secret;
      expect(secret).toMatch(/^whsec_/);
      expect(gitbookSignatureHolds(delivery, secret)).toBe(true);
      expect(gitbookSignatureHolds(delivery, `${secret}x`)).toBe(false);
      const headers = delivery.headers as Record<string, string>;
      expect(() =>
        new Webhook(secret).verify(delivery.body, headers, { jsonParse: false }),
      ).not.toThrow();
      const tampered = Buffer.concat([delivery.body, Buffer.from(' ')]);
      expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
      const form = await readDeliveryForm(delivery);
      expect(form.event).toEqual({
        eventId: event.id,
        type: 'installation_setup',
        installationId: event.installationId,
        status: 'active',
      });
      expect(form.environment).toMatchObject({
        apiEndpoint: server.baseUrl,
        integration: { name: 'hello' },
        installation: { id: event.installationId, target: { organization: other } },
        secrets: { GREETING: 'hi' },
        signingSecrets: { integration: secret },
      });
      const trace = (await server.http.get(`/v1/integrations/hello/events/${event.id}`))
        .body as IntegrationEventTrace;
      expect(trace.event.id).toBe(event.id);
      expect(trace.trace.logs).toEqual([
        expect.objectContaining({
          level: 'info',
          message: expect.stringContaining('HTTP 200') as unknown,
        }),
      ]);
      expect((await server.http.get('/v1/integrations/hello/events/nope')).status).toBe(404);
      expect((await as(stranger).get('/v1/integrations/hello/events')).status).toBe(403);
      expect((await as(stranger).get('/v1/integrations/hello/signing-secret')).status).toBe(403);
    });

    it('tells installations of a space’s organization that its content changed, when granted the scope', async () => {
      const strangers = as(stranger);
      const space = (await strangers.request('POST', `/v1/orgs/${other}/spaces`, { body: {} }))
        .body as { id: string };
      const sent = await sendTree(strangers, space.id, [textBlob('README.md', '# Hello\n')], {
        oid: commitOid(1),
        message: 'first',
      });
      expect(sent.status).toBe(204);
      const updated = await eventually(async () =>
        (await events('hello')).find(
          (event) =>
            event.payload.type === 'space_content_updated' &&
            (event.payload as Record<string, unknown>)['spaceId'] === space.id &&
            event.status === 'success',
        ),
      );
      const revision = (await strangers.get(`/v1/spaces/${space.id}`)).body as { revision: string };
      expect(updated.payload).toMatchObject({ spaceId: space.id, revisionId: revision.revision });
      const form = await readDeliveryForm(
        await eventually(() =>
          Promise.resolve(
            receiver.received.find((item) => item.headers['webhook-id'] === updated.id),
          ),
        ),
      );
      expect(form.event.type).toBe('space_content_updated');

      // The installation token acts within its scopes and its organization only.
      const installation = form.environment.apiTokens.installation ?? '';
      expect(installation).toMatch(/^dsi_/);
      const bot = createHttpClient(server.baseUrl, installation);
      expect((await bot.get(`/v1/spaces/${space.id}`)).status).toBe(200);
      expect((await bot.get(`/v1/spaces/${space.id}/content`)).status).toBe(200);
      const write = await bot.request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: { tree: [], commit: { oid: commitOid(2), message: 'no' } },
      });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({
        error: { code: 403, message: expect.stringContaining('space:git:sync') as unknown },
      });
      expect((await bot.get('/v1/orgs')).status).toBe(403);
      expect((await bot.get('/v1/integrations/hello/events')).status).toBe(403);
      // Its installer reads `org`'s spaces with their own token; the installation does not.
      const home = (await server.http.request('POST', `/v1/orgs/${org}/spaces`, { body: {} }))
        .body as {
        id: string;
      };
      expect((await strangers.get(`/v1/spaces/${home.id}`)).status).toBe(200);
      expect((await bot.get(`/v1/spaces/${home.id}`)).status).toBe(404);
      expect((await bot.get(`/v1/orgs/${org}/spaces`)).status).toBe(404);
      expect((await bot.get(`/v1/orgs/${other}/spaces`)).status).toBe(200);

      // The integration's own token reads its integration and nothing else.
      const own = createHttpClient(server.baseUrl, form.environment.apiTokens.integration);
      expect((await own.get('/v1/integrations/hello/events')).status).toBe(200);
      expect((await own.get('/v1/integrations/hello/installations')).status).toBe(200);
      expect(
        (
          await own.request('PUT', '/v1/integrations/hello/dev', {
            body: { tunnelUrl: tunnel.url },
          })
        ).status,
      ).toBe(403);
      expect((await own.get(`/v1/spaces/${space.id}`)).status).toBe(403);

      // An installation without `space:content:read` hears nothing of content.
      await publish('blind', { scopes: ['space:metadata:read'] });
      await strangers.request('POST', '/v1/integrations/blind/installations', {
        body: { organization: other },
      });
      await settledEvent('blind', 'installation_setup', 1);
      await sendTree(strangers, space.id, [textBlob('README.md', '# Hello again\n')], {
        oid: commitOid(3),
        message: 'second',
      });
      await eventually(async () =>
        (await events('hello')).filter(
          (event) => event.payload.type === 'space_content_updated' && event.status === 'success',
        ).length === 2
          ? true
          : undefined,
      );
      expect((await events('blind')).map((event) => event.payload.type)).toEqual([
        'installation_setup',
      ]);
    });

    it('tells of change requests opened and merged', async () => {
      const strangers = as(stranger);
      const space = (await strangers.request('POST', `/v1/orgs/${other}/spaces`, { body: {} }))
        .body as { id: string };
      const opened = await strangers.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Say more' },
      });
      expect(opened.status).toBe(201);
      const changeRequest = opened.body as { id: string; number: number };
      const merged = await strangers.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`,
      );
      expect(merged.status).toBe(200);
      const told = await eventually(async () => {
        const about = (await events('hello')).filter(
          (event) =>
            (event.payload as Record<string, unknown>)['changeRequestId'] === changeRequest.id &&
            event.status === 'success',
        );
        return about.length === 2 ? about : undefined;
      });
      const revision = (await strangers.get(`/v1/spaces/${space.id}`)).body as { revision: string };
      // Both happened at the same (manual) time: sorted by type.
      const payloads = told.map((event) => event.payload);
      payloads.sort((a, b) => a.type.localeCompare(b.type));
      expect(payloads).toEqual([
        expect.objectContaining({
          type: 'change_request_merged',
          spaceId: space.id,
          number: changeRequest.number,
          revisionId: revision.revision,
        }),
        expect.objectContaining({
          type: 'change_request_opened',
          spaceId: space.id,
          number: changeRequest.number,
        }),
      ]);
      expect((await events('blind')).map((event) => event.payload.type)).toEqual([
        'installation_setup',
      ]);
    });

    it('lists the spaces and sites an integration is installed on', async () => {
      const spaces = (await server.http.get('/v1/integrations/hello/spaces'))
        .body as Page<IntegrationSpaceInstallation>;
      expect(spaces.count).toBe(2);
      expect(spaces.items[0]).toMatchObject({ integration: 'hello', status: 'active' });
      expect(typeof spaces.items[0]?.space).toBe('string');
      const extended = (await server.http.get('/v1/integrations/hello/spaces?extended=true'))
        .body as Page<IntegrationSpaceInstallation>;
      expect(extended.items[0]?.space).toMatchObject({
        object: 'space',
        id: spaces.items[0]?.space,
      });
      expect((await server.http.get('/v1/integrations/hello/sites')).body).toMatchObject({
        items: [],
      });
      expect((await as(stranger).get('/v1/integrations/hello/spaces')).status).toBe(403);
      expect((await server.http.get('/v1/integrations/hello/spaces?extended=maybe')).status).toBe(
        400,
      );
    });

    it('retries 503 with growing, jittered delays and delivers once: three attempts recorded', async () => {
      await publish('flaky', { scopes: [], endpoint: `${receiver.url}/flaky` });
      receiver.answers.set('/flaky/v1', [503, 503]);
      await as(stranger).request('POST', '/v1/integrations/flaky/installations', {
        body: { organization: other },
      });
      const first = await settledEvent('flaky', 'installation_setup', 1);
      expect(first).toMatchObject({ status: 'failed', delivery: { state: 'pending' } });
      /** The queued retry's delay after the last attempt, then the clock moved past it. */
      const retryDelay = async () => {
        const job = await server.db
          .selectFrom('jobs')
          .select('run_after')
          .where('payload', '=', JSON.stringify({ eventId: first.id }))
          .where('state', '=', 'queued')
          .executeTakeFirstOrThrow();
        const delay = Date.parse(job.run_after) - server.clock.now().getTime();
        server.clock.advance(delay + 1);
        return delay;
      };
      const firstDelay = await retryDelay();
      expect(firstDelay).toBeGreaterThanOrEqual(1000 - 50);
      expect(firstDelay).toBeLessThanOrEqual(2000);
      await settledEvent('flaky', 'installation_setup', 2);
      const secondDelay = await retryDelay();
      expect(secondDelay).toBeGreaterThanOrEqual(2000 - 50);
      expect(secondDelay).toBeLessThanOrEqual(4000);
      const done = await settledEvent('flaky', 'installation_setup', 3);
      expect(done).toMatchObject({ status: 'success', delivery: { state: 'delivered' } });
      expect(
        done.delivery?.attempts.map((attempt) => [attempt.outcome, attempt.responseCode]),
      ).toEqual([
        ['retry', 503],
        ['retry', 503],
        ['delivered', 200],
      ]);
      for (const attempt of done.delivery?.attempts ?? [])
        expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
      const deliveries = receiver.received.filter((item) => item.headers['webhook-id'] === done.id);
      expect(deliveries.map((item) => item.status)).toEqual([503, 503, 200]);
      const trace = (await server.http.get(`/v1/integrations/flaky/events/${done.id}`))
        .body as IntegrationEventTrace;
      expect(trace.trace.logs.map((log) => log.level)).toEqual(['warn', 'warn', 'info']);
    });

    it('records 406 as not handled, gives up on other 4xx and after the last attempt', async () => {
      await publish('picky', { scopes: [], endpoint: `${receiver.url}/picky` });
      receiver.answers.set('/picky/v1', [406]);
      await as(stranger).request('POST', '/v1/integrations/picky/installations', {
        body: { organization: other },
      });
      expect(await settledEvent('picky', 'installation_setup', 1)).toMatchObject({
        status: 'success',
        delivery: {
          state: 'not_handled',
          attempts: [{ outcome: 'not_handled', responseCode: 406 }],
        },
      });
      await publish('gone', { scopes: [], endpoint: `${receiver.url}/gone` });
      receiver.answers.set('/gone/v1', [404]);
      await as(stranger).request('POST', '/v1/integrations/gone/installations', {
        body: { organization: other },
      });
      expect(await settledEvent('gone', 'installation_setup', 1)).toMatchObject({
        status: 'failed',
        delivery: { state: 'failed', attempts: [{ outcome: 'failed', responseCode: 404 }] },
      });
      // Nothing listens there: retried, then given up after the third attempt.
      await publish('deaf', { scopes: [], endpoint: 'http://127.0.0.1:9' });
      await as(stranger).request('POST', '/v1/integrations/deaf/installations', {
        body: { organization: other },
      });
      for (const attempts of [1, 2]) {
        await settledEvent('deaf', 'installation_setup', attempts);
        server.clock.advance(8001);
      }
      const gaveUp = await settledEvent('deaf', 'installation_setup', 3);
      expect(gaveUp.delivery).toMatchObject({ state: 'failed' });
      expect(gaveUp.delivery?.attempts.every((attempt) => attempt.responseCode === undefined)).toBe(
        true,
      );
      // An address outside the service's fetch policy is refused, not retried.
      await publish('inward', { scopes: [], endpoint: 'http://10.0.0.1/hook' });
      await as(stranger).request('POST', '/v1/integrations/inward/installations', {
        body: { organization: other },
      });
      expect(await settledEvent('inward', 'installation_setup', 1)).toMatchObject({
        delivery: { state: 'failed' },
      });
    });

    it('sends the owner’s events to the development tunnel, everyone’s with `all`, until it is switched off', async () => {
      await publish('devved', { scopes: [] });
      const dev = (body: unknown) =>
        server.http.request('PUT', '/v1/integrations/devved/dev', { body });
      expect((await dev({ tunnelUrl: tunnel.url })).status).toBe(204);
      await server.http.request('POST', '/v1/integrations/devved/installations', {
        body: { organization: org },
      });
      await settledEvent('devved', 'installation_setup', 1);
      expect(tunnel.received).toHaveLength(1);
      // Another organization's installation still goes to the endpoint…
      await as(stranger).request('POST', '/v1/integrations/devved/installations', {
        body: { organization: other },
      });
      await settledEvent('devved', 'installation_setup', 1);
      await eventually(async () =>
        (await events('devved')).every((event) => event.status === 'success') ? true : undefined,
      );
      expect(tunnel.received).toHaveLength(1);
      // … unless the tunnel takes all.
      expect((await dev({ tunnelUrl: tunnel.url, all: true })).status).toBe(204);
      expect(
        (
          await as(editor).request('PUT', '/v1/integrations/devved/dev', {
            body: { tunnelUrl: tunnel.url },
          })
        ).status,
      ).toBe(403);
      expect((await as(editor).request('DELETE', '/v1/integrations/devved/dev')).status).toBe(403);
      expect((await server.http.request('DELETE', '/v1/integrations/devved/dev')).status).toBe(205);
      expect((await server.http.request('DELETE', '/v1/integrations/no-such/dev')).status).toBe(
        404,
      );
    });

    it('unpublishes: its installations and events go with it; absent is fine; others may not', async () => {
      expect((await as(stranger).request('DELETE', '/v1/integrations/picky')).status).toBe(403);
      expect((await server.http.request('DELETE', '/v1/integrations/picky')).status).toBe(204);
      expect((await server.http.get('/v1/integrations/picky')).status).toBe(404);
      expect((await server.http.request('DELETE', '/v1/integrations/picky')).status).toBe(204);
      const left = await server.db
        .selectFrom('integration_installations')
        .innerJoin('integrations', 'integrations.id', 'integration_installations.integration_id')
        .select('integrations.name')
        .where('integrations.name', '=', 'picky')
        .execute();
      expect(left).toEqual([]);
    });
  });
}
