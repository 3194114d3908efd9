import type { AddressInfo } from 'node:net';
import type { Member, SamlProvider, Team } from '@docsync/api';
import { createHttpClient, makeTempDir, ManualClock, type TempDir } from '@docsync/test-utils';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from '../blobs/blob-store.js';
import { initServer } from '../bootstrap/init-server.js';
import { createServer } from '../create-server.js';
import { createLogger } from '../http/logger.js';
import { openDatabase, type Database } from '../storage/open-database.js';
import {
  openTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from '../testing/open-test-database.js';
import { postSamlResponse, startSamlLogin, type AcsAnswer } from '../testing/saml-browser.js';
import { SamlTestIdp, type SamlAnswer } from '../testing/saml-test-idp.js';
import { seedMember, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A SAML login as a browser makes it, against one server. */
class Browser {
  /**
   * `reach`: where the server listens; `publicUrl`: the address its service URLs name (the same
   * unless the server has a public URL).
   */
  readonly reach: () => string;
  readonly providerId: string;
  readonly publicUrl: () => string;
  constructor(reach: () => string, providerId: string, publicUrl: () => string = reach) {
    this.reach = reach;
    this.providerId = providerId;
    this.publicUrl = publicUrl;
  }

  /** The provider's service URLs, as the IdP knows them. */
  get service() {
    const base = `${this.publicUrl()}/sso/saml/${this.providerId}`;
    return { entityID: `${base}/metadata`, acsURL: `${base}/acs`, startURL: `${base}/start` };
  }

  #url(path: 'start' | 'acs'): string {
    return `${this.reach()}/sso/saml/${this.providerId}/${path}`;
  }

  /** Opens the start URL; the AuthnRequest the IdP is sent to with. */
  start(): ReturnType<typeof startSamlLogin> {
    return startSamlLogin(this.#url('start'));
  }

  /** Posts the IdP's answer to the ACS, as the IdP's auto-submitting form does. */
  post(samlResponse: string): Promise<AcsAnswer> {
    return postSamlResponse(this.#url('acs'), samlResponse);
  }
}

/** The `error.message` of a JSON error answer. */
const messageOf = (text: string) =>
  (JSON.parse(text) as { error: { message: string } }).error.message;

const idp = new SamlTestIdp('login');
/** Another IdP: same shape, a key of its own. */
const impostor = new SamlTestIdp('impostor');

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`SAML login end to end (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let team: Team;
    let provider: SamlProvider;
    let browser: Browser;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      org = server.organizationId;
      team = (
        await server.http.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Writers' } })
      ).body as Team;
      const created = await server.http.request('POST', `/v1/orgs/${org}/saml`, {
        body: {
          label: 'Test IdP',
          ...idp.providerSettings(),
          defaultTeam: team.id,
          defaultRole: 'edit',
        },
      });
      expect(created.status, created.text).toBe(201);
      provider = created.body as SamlProvider;
      browser = new Browser(() => server.baseUrl, provider.id);
    });
    afterAll(async () => {
      await server.close();
    });

    /** A correct answer to `requestId` for `email`, with `changes`. */
    const answer = (requestId: string, email: string, changes: Partial<SamlAnswer> = {}) =>
      idp.samlResponse({
        inResponseTo: requestId,
        email,
        audience: browser.service.entityID,
        destination: browser.service.acsURL,
        ...changes,
      });
    const exchange = (code: string) =>
      server.http.request('POST', '/v1/sso/tokens', { body: { code }, token: null });

    it('serves the service metadata the IdP is configured with', async () => {
      const response = await fetch(`${server.baseUrl}/sso/saml/${provider.id}/metadata`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
      const xml = await response.text();
      expect(xml).toContain(`entityID="${provider.service.entityID}"`);
      expect(xml).toContain(`Location="${provider.service.acsURL}"`);
      expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
      expect(xml).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
    });

    it('starts a login with an AuthnRequest to the IdP (HTTP-Redirect binding), remembered in the database', async () => {
      const request = await browser.start();
      expect(request.location.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
      expect(request.xml).toContain(`AssertionConsumerServiceURL="${provider.service.acsURL}"`);
      expect(request.xml).toContain(`Destination="${idp.ssoUrl}"`);
      expect(request.xml).toContain(`>${provider.service.entityID}</saml:Issuer>`);
      const stored = await server.db
        .selectFrom('saml_requests')
        .select('provider_id')
        .where('id', '=', request.id)
        .executeTakeFirst();
      expect(stored?.provider_id).toBe(provider.id);
    });

    it('signs in with a signed assertion: makes the account (default role and team, SSO member) and a one-time code for a token', async () => {
      const request = await browser.start();
      const posted = await browser.post(
        answer(request.id, 'Ada@Example.com', { attributes: { displayName: 'Ada Lovelace' } }),
      );
      expect(posted.status, posted.text).toBe(200);
      expect(posted.text).toContain(
        `docsync login --url ${server.baseUrl} --sso ${posted.code ?? ''}`,
      );
      const code = posted.code ?? '';
      expect(code).toMatch(/^dss_[A-Za-z0-9_-]{43}$/);
      // Only the code's hash is stored.
      const codes = await server.db.selectFrom('sso_login_codes').selectAll().execute();
      expect(JSON.stringify(codes)).not.toContain(code);

      const exchanged = await exchange(code);
      expect(exchanged.status, exchanged.text).toBe(201);
      const { user, token } = exchanged.body as { user: string; token: string };
      const me = await server.http.get('/v1/user', { token });
      expect(me.body).toMatchObject({
        id: user,
        email: 'ada@example.com',
        displayName: 'Ada Lovelace',
      });
      const member = (await server.http.get(`/v1/orgs/${org}/members/${user}`)).body as Member;
      expect(member).toMatchObject({ role: 'edit', sso: true });
      const teams = await server.http.get(`/v1/orgs/${org}/members/${user}/teams`);
      expect((teams.body as { items: { team: Team }[] }).items.map((item) => item.team.id)).toEqual(
        [team.id],
      );
      const row = await server.db
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', user)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.email_verified)).toBe(false);
      // The code is single use.
      const again = await exchange(code);
      expect(again.status).toBe(401);
      expect(messageOf(again.text)).toMatch(/unknown, used or expired/);

      // The next login signs in the same account; a code unused for 5 minutes has expired.
      const next = await browser.start();
      const second = await browser.post(answer(next.id, 'ada@example.com', { sign: 'response' }));
      expect(second.status, second.text).toBe(200);
      server.clock.advance(5 * 60_000 + 1);
      expect((await exchange(second.code ?? '')).status).toBe(401);
      const last = await browser.start();
      const third = await browser.post(answer(last.id, 'ada@example.com'));
      const token3 = await exchange(third.code ?? '');
      expect((token3.body as { user: string }).user).toBe(user);
      const accounts = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ada@example.com')
        .execute();
      expect(accounts).toHaveLength(1);
    });

    it('refuses an assertion whose e-mail was altered after signing', async () => {
      const request = await browser.start();
      const xml = idp.responseXml({
        inResponseTo: request.id,
        email: 'grace@example.com',
        audience: browser.service.entityID,
        destination: browser.service.acsURL,
      });
      const tampered = xml.replaceAll('grace@example.com', 'admin@example.com');
      expect(tampered).not.toBe(xml);
      const posted = await browser.post(Buffer.from(tampered).toString('base64'));
      expect(posted.status).toBe(401);
      expect(messageOf(posted.text)).toMatch(/not signed with the provider’s certificate/);
    });

    it('refuses an unsigned answer, and one signed by another key', async () => {
      const unsigned = await browser.start();
      const first = await browser.post(answer(unsigned.id, 'grace@example.com', { sign: 'none' }));
      expect(first.status).toBe(401);
      expect(messageOf(first.text)).toMatch(/not signed with the provider’s certificate/);
      const other = await browser.start();
      const forged = impostor.samlResponse({
        inResponseTo: other.id,
        email: 'grace@example.com',
        issuer: idp.entityId,
        audience: browser.service.entityID,
        destination: browser.service.acsURL,
      });
      const second = await browser.post(forged);
      expect(second.status).toBe(401);
      expect(messageOf(second.text)).toMatch(/not signed with the provider’s certificate/);
    });

    it('refuses an assertion for another audience', async () => {
      const request = await browser.start();
      const posted = await browser.post(
        answer(request.id, 'grace@example.com', { audience: 'https://other.example.com/saml' }),
      );
      expect(posted.status).toBe(401);
      expect(messageOf(posted.text)).toBe(
        `The SAML assertion is meant for another service: its audience must be \`${browser.service.entityID}\``,
      );
    });

    it('refuses an expired assertion', async () => {
      const request = await browser.start();
      const hourAgo = Date.now() - 60 * 60_000;
      const posted = await browser.post(
        answer(request.id, 'grace@example.com', {
          notBefore: new Date(hourAgo - 5 * 60_000),
          notOnOrAfter: new Date(hourAgo),
        }),
      );
      expect(posted.status).toBe(401);
      expect(messageOf(posted.text)).toBe('The SAML assertion is expired or not yet valid');
    });

    it('refuses an assertion another IdP entity issued', async () => {
      const request = await browser.start();
      const posted = await browser.post(
        answer(request.id, 'grace@example.com', { issuer: 'https://idp.example.com/other' }),
      );
      expect(posted.status).toBe(401);
      expect(messageOf(posted.text)).toMatch(/not by the provider’s entityID/);
    });

    it('refuses a replayed answer, and a signed assertion re-wrapped to answer a new request', async () => {
      const request = await browser.start();
      const response = answer(request.id, 'replay@example.com', { confirmInResponseTo: false });
      const first = await browser.post(response);
      expect(first.status, first.text).toBe(200);
      const replayed = await browser.post(response);
      expect(replayed.status).toBe(401);
      expect(messageOf(replayed.text)).toMatch(
        /does not answer a login this service started, or it was used already/,
      );

      // The assertion alone is signed, so its envelope can be rewritten to answer a fresh
      // request: the assertion's id, seen before, refuses it.
      const fresh = await browser.start();
      const xml = Buffer.from(response, 'base64').toString('utf8');
      const rewrapped = xml.replace(`InResponseTo="${request.id}"`, `InResponseTo="${fresh.id}"`);
      expect(rewrapped).not.toBe(xml);
      const again = await browser.post(Buffer.from(rewrapped).toString('base64'));
      expect(again.status).toBe(401);
      expect(messageOf(again.text)).toMatch(/^The SAML assertion `_[0-9a-f]+` was used already/);
    });

    it('refuses an answer to no request of this service (IdP-initiated)', async () => {
      const posted = await browser.post(
        idp.samlResponse({
          email: 'grace@example.com',
          audience: browser.service.entityID,
          destination: browser.service.acsURL,
        }),
      );
      expect(posted.status).toBe(401);
    });

    it('refuses an existing member who is not an SSO member until an admin marks them SSO', async () => {
      const member = await seedUser(server.db, server.clock, { email: 'Linus@Example.com' });
      await seedMember(server.db, server.clock, org, member.userId, 'read');
      const request = await browser.start();
      const refused = await browser.post(answer(request.id, 'linus@example.com'));
      expect(refused.status).toBe(403);
      expect(messageOf(refused.text)).toMatch(/does not sign in through SSO yet/);

      const marked = await server.http.request(
        'POST',
        `/v1/orgs/${org}/members/${member.userId}/sso`,
      );
      expect(marked.status).toBe(200);
      const next = await browser.start();
      const posted = await browser.post(answer(next.id, 'linus@example.com'));
      expect(posted.status, posted.text).toBe(200);
      const exchanged = await exchange(posted.code ?? '');
      expect((exchanged.body as { user: string }).user).toBe(member.userId);
      // Their role stays theirs.
      const read = (await server.http.get(`/v1/orgs/${org}/members/${member.userId}`))
        .body as Member;
      expect(read.role).toBe('read');

      // An account that is not a member at all is refused as well.
      await seedUser(server.db, server.clock, { email: 'outsider@example.com' });
      const outsider = await browser.start();
      const no = await browser.post(answer(outsider.id, 'outsider@example.com'));
      expect(no.status).toBe(403);
      expect(messageOf(no.text)).toMatch(/is not a member of this organization/);
    });

    it('answers 404 for an unknown provider, 409 to start a pending one, 400 for a form without an answer', async () => {
      for (const path of ['metadata', 'start'])
        expect((await fetch(`${server.baseUrl}/sso/saml/nope/${path}`)).status).toBe(404);
      const pending = await server.http.request('POST', `/v1/orgs/${org}/saml`, {
        body: { label: 'Half done' },
      });
      const id = (pending.body as SamlProvider).id;
      expect((await fetch(`${server.baseUrl}/sso/saml/${id}/metadata`)).status).toBe(200);
      const start = await fetch(`${server.baseUrl}/sso/saml/${id}/start`, { redirect: 'manual' });
      expect(start.status).toBe(409);
      const empty = await fetch(browser.service.acsURL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'RelayState=',
      });
      expect(empty.status).toBe(400);
      // A form with a charset, as some IdPs send it, is a form too.
      const withCharset = await fetch(browser.service.acsURL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: 'SAMLResponse=',
      });
      expect(withCharset.status).toBe(400);
      expect(messageOf(await withCharset.text())).toBe(
        'The form must carry a `SAMLResponse` field',
      );
      const garbage = await browser.post('bm90IHhtbA==');
      expect(garbage.status).toBe(401);
    });
  });
}

/** Where both instances say they are (`docsync serve --public-url`), as behind one proxy. */
const PUBLIC_URL = 'https://docs.example.com';

/** A docsync server of its own on `database`, as another instance of the service would be. */
async function startInstance(
  database: Database,
  clock: ManualClock,
  blobs: string,
): Promise<FastifyInstance> {
  const app = createServer({
    db: database.db,
    changes: database.changes,
    blobs: new DirectoryBlobStore(blobs),
    clock,
    logger: createLogger({ level: 'silent' }),
    publicUrl: PUBLIC_URL,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;

describe.skipIf(process.env['DATABASE_URL'] === undefined)(
  'SAML login across two instances sharing one PostgreSQL database',
  () => {
    let shared: TestDatabase;
    let secondDatabase: Database;
    let blobs: TempDir;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let viaFirst: Browser;
    let viaSecond: Browser;
    beforeAll(async () => {
      shared = await openTestDatabase('postgres');
      secondDatabase = await openDatabase({ url: testDatabaseUrl(), schema: shared.schema ?? '' });
      blobs = await makeTempDir('saml-instances');
      const clock = new ManualClock();
      const init = await initServer(shared.database.db, { clock, adminEmail: 'admin@example.com' });
      first = await startInstance(shared.database, clock, blobs.path);
      second = await startInstance(secondDatabase, clock, blobs.path);
      const admin = createHttpClient(urlOf(first), init.token);
      const created = await admin.request('POST', `/v1/orgs/${init.organizationId}/saml`, {
        body: {
          label: 'Test IdP',
          ...idp.providerSettings(),
          defaultRole: 'read',
        },
      });
      expect(created.status, created.text).toBe(201);
      const providerId = (created.body as SamlProvider).id;
      viaFirst = new Browser(
        () => urlOf(first),
        providerId,
        () => PUBLIC_URL,
      );
      viaSecond = new Browser(
        () => urlOf(second),
        providerId,
        () => PUBLIC_URL,
      );
    });
    afterAll(async () => {
      await first.close();
      await second.close();
      await secondDatabase.close();
      await shared.close();
      await blobs.remove();
    });

    /** The IdP's answer to a request, addressed to the service's public URLs. */
    const answerFor = (requestId: string, email: string, changes: Partial<SamlAnswer> = {}) =>
      idp.samlResponse({
        inResponseTo: requestId,
        email,
        audience: viaFirst.service.entityID,
        destination: viaFirst.service.acsURL,
        ...changes,
      });

    it('accepts on the second instance the answer to a login the first started, once; a replay on either is refused', async () => {
      const request = await viaFirst.start();
      const response = answerFor(request.id, 'ada@example.com');
      const accepted = await viaSecond.post(response);
      expect(accepted.status, accepted.text).toBe(200);
      const exchanged = await createHttpClient(urlOf(first)).request('POST', '/v1/sso/tokens', {
        body: { code: accepted.code ?? '' },
      });
      expect(exchanged.status, exchanged.text).toBe(201);
      for (const instance of [viaSecond, viaFirst]) {
        const replayed = await instance.post(response);
        expect(replayed.status).toBe(401);
        expect(messageOf(replayed.text)).toMatch(/used already/);
      }
    });

    it('refuses on the second instance an assertion the first accepted, re-wrapped for a new request', async () => {
      const request = await viaFirst.start();
      const response = answerFor(request.id, 'grace@example.com', { confirmInResponseTo: false });
      expect((await viaFirst.post(response)).status).toBe(200);
      const fresh = await viaSecond.start();
      const rewrapped = Buffer.from(
        Buffer.from(response, 'base64')
          .toString('utf8')
          .replace(`InResponseTo="${request.id}"`, `InResponseTo="${fresh.id}"`),
      ).toString('base64');
      const refused = await viaSecond.post(rewrapped);
      expect(refused.status).toBe(401);
      expect(messageOf(refused.text)).toMatch(/was used already: sign in again/);
    });
  },
);
