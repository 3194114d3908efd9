import { ListOf, SamlProvider, SsoProviderList, type Team } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SamlTestIdp } from '../testing/saml-test-idp.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const idp = new SamlTestIdp('providers');
/** The certificate as IdP metadata gives it: the base64 body alone, on one line. */
const bareCertificate = idp.certificate
  .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
  .replace(/\s+/g, '');

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`SAML and SSO providers over HTTP (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let editor: { userId: string; token: string };
    let stranger: { userId: string; token: string };
    let otherOrg: string;
    let otherProvider: string;
    let team: Team;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      org = server.organizationId;
      editor = await seedUser(server.db, server.clock, { email: 'editor@example.com' });
      await seedMember(server.db, server.clock, org, editor.userId, 'edit');
      stranger = await seedUser(server.db, server.clock, { email: 'owner@other.example' });
      otherOrg = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, otherOrg, stranger.userId, 'admin');
      const made = await server.http.request('POST', `/v1/orgs/${otherOrg}/saml`, {
        body: { label: 'Theirs' },
        token: stranger.token,
      });
      expect(made.status, made.text).toBe(201);
      otherProvider = (made.body as SamlProvider).id;
      const created = await server.http.request('PUT', `/v1/orgs/${org}/teams`, {
        body: { title: 'Writers' },
      });
      expect(created.status, created.text).toBe(201);
      team = created.body as Team;
    });
    afterAll(async () => {
      await server.close();
    });

    const pathOf = (organization: string, rest = '') => `/v1/orgs/${organization}/saml${rest}`;
    const create = (body: unknown) => {
      // Lists are oldest first: each provider a second after the one before.
      server.clock.advance(1000);
      return server.http.request('POST', pathOf(org), { body });
    };

    it('adds a provider with every setting: active, its default team embedded, the service URLs to give the IdP', async () => {
      const created = await create({
        label: 'Okta',
        ...idp.providerSettings(),
        defaultTeam: team.id,
        defaultRole: 'edit',
      });
      expect(created.status, created.text).toBe(201);
      expect(Value.Check(SamlProvider, created.body)).toBe(true);
      const provider = created.body as SamlProvider;
      const base = `${server.baseUrl}/sso/saml/${provider.id}`;
      expect(provider).toMatchObject({
        object: 'saml-provider',
        label: 'Okta',
        entityID: idp.entityId,
        ssoURL: idp.ssoUrl,
        certificate: idp.certificate.trim(),
        defaultRole: 'edit',
        status: 'active',
        createdAt: '2025-01-01T00:00:01.000Z',
        defaultTeam: { object: 'team', id: team.id, title: 'Writers' },
        service: { entityID: `${base}/metadata`, acsURL: `${base}/acs`, startURL: `${base}/start` },
        urls: { location: `${server.baseUrl}/v1/orgs/${org}/saml/${provider.id}` },
      });
      const read = await server.http.get(pathOf(org, `/${provider.id}`));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(provider);
    });

    it('adds a provider with a label alone as pending, guests by default; PATCH completes it', async () => {
      const created = await create({ label: 'Entra ID' });
      expect(created.status).toBe(201);
      const provider = created.body as SamlProvider;
      expect(provider.status).toBe('pending');
      expect(provider.defaultRole).toBeNull();
      for (const field of ['ssoURL', 'entityID', 'certificate', 'defaultTeam'])
        expect(provider).not.toHaveProperty(field);

      const patched = await server.http.request('PATCH', pathOf(org, `/${provider.id}`), {
        body: {
          label: 'Entra',
          entityID: idp.entityId,
          ssoURL: idp.ssoUrl,
          certificate: bareCertificate,
          defaultTeam: team.id,
          defaultRole: 'read',
        },
      });
      expect(patched.status, patched.text).toBe(200);
      expect(Value.Check(SamlProvider, patched.body)).toBe(true);
      // The bare base64 body is kept as the PEM it is.
      expect(patched.body).toMatchObject({
        label: 'Entra',
        status: 'active',
        defaultRole: 'read',
        certificate: idp.certificate.trim(),
        defaultTeam: { id: team.id },
      });
      const cleared = await server.http.request('PATCH', pathOf(org, `/${provider.id}`), {
        body: { defaultTeam: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('defaultTeam');
      expect(cleared.body).toMatchObject({ label: 'Entra', status: 'active' });
    });

    it('lists providers oldest first, a page at a time, and the active ones’ start URLs for any member', async () => {
      const pending = await create({ label: 'Not yet' });
      const first = await server.http.get(`${pathOf(org)}?limit=2`);
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(SamlProvider), first.body)).toBe(true);
      const page = first.body as { items: SamlProvider[]; count: number; next?: { page: string } };
      expect(page.items.map((item) => item.label)).toEqual(['Okta', 'Entra']);
      expect(page.count).toBe(3);
      const rest = await server.http.get(`${pathOf(org)}?limit=2&page=${page.next?.page ?? ''}`);
      expect((rest.body as { items: SamlProvider[] }).items.map((item) => item.label)).toEqual([
        'Not yet',
      ]);
      expect(rest.body).not.toHaveProperty('next');

      const sso = await server.http.get(`/v1/orgs/${org}/sso`, { token: editor.token });
      expect(sso.status, sso.text).toBe(200);
      expect(Value.Check(SsoProviderList, sso.body)).toBe(true);
      const items = (sso.body as SsoProviderList).items;
      expect(items.map((item) => item.label)).toEqual(['Okta', 'Entra']);
      expect(items[0]?.startURL).toBe(`${server.baseUrl}/sso/saml/${items[0]?.id ?? ''}/start`);
      expect(items.map((item) => item.id)).not.toContain((pending.body as SamlProvider).id);
    });

    it('removes a provider, and answers 204 for one that is not there', async () => {
      const created = await create({ label: 'Short-lived' });
      const id = (created.body as SamlProvider).id;
      const removed = await server.http.request('DELETE', pathOf(org, `/${id}`));
      expect(removed.status).toBe(204);
      expect(removed.text).toBe('');
      expect((await server.http.get(pathOf(org, `/${id}`))).status).toBe(404);
      expect((await server.http.request('DELETE', pathOf(org, `/${id}`))).status).toBe(204);
    });

    it('drops the default team of providers when the team is deleted', async () => {
      const made = await server.http.request('PUT', `/v1/orgs/${org}/teams`, {
        body: { title: 'Temporary' },
      });
      const temporary = made.body as Team;
      const created = await create({ label: 'With team', defaultTeam: temporary.id });
      expect((created.body as SamlProvider).defaultTeam?.id).toBe(temporary.id);
      await server.http.request('DELETE', `/v1/orgs/${org}/teams/${temporary.id}`);
      const read = await server.http.get(pathOf(org, `/${(created.body as SamlProvider).id}`));
      expect(read.body).not.toHaveProperty('defaultTeam');
    });

    it('answers 400 for bad input, naming the field', async () => {
      const provider = ((await create({ label: 'Target' })).body as SamlProvider).id;
      const bad: [string, unknown][] = [
        ['label', {}],
        ['label', { label: '' }],
        ['label', { label: 'x'.repeat(31) }],
        ['ssoURL', { label: 'x', ssoURL: 'not a url' }],
        ['ssoURL', { label: 'x', ssoURL: 'ftp://idp.example.com/sso' }],
        ['entityID', { label: 'x', entityID: 'e'.repeat(1025) }],
        ['certificate', { label: 'x', certificate: 'not a certificate' }],
        ['defaultTeam', { label: 'x', defaultTeam: 'no-such-team' }],
        ['defaultRole', { label: 'x', defaultRole: 'owner' }],
      ];
      // A team of another organization is not one of this organization's.
      const theirTeam = await server.http.request('PUT', `/v1/orgs/${otherOrg}/teams`, {
        body: { title: 'Theirs' },
        token: stranger.token,
      });
      expect(theirTeam.status).toBe(201);
      bad.push(['defaultTeam', { label: 'x', defaultTeam: (theirTeam.body as Team).id }]);
      for (const [field, body] of bad) {
        const created = await create(body);
        expect(created.status, `${field}: ${created.text}`).toBe(400);
        expect((created.body as { error: { message: string } }).error.message).toContain(field);
        const { label: _label, ...settings } = body as Record<string, unknown>;
        const patch = field === 'label' ? body : settings;
        if (Object.keys(patch as object).length === 0) continue;
        const patched = await server.http.request('PATCH', pathOf(org, `/${provider}`), {
          body: patch,
        });
        expect(patched.status, `PATCH ${field}: ${patched.text}`).toBe(400);
      }
      for (const query of ['limit=0', 'limit=1001', 'page=garbage'])
        expect((await server.http.get(`${pathOf(org)}?${query}`)).status, query).toBe(400);
      // Nothing was made by the refused requests.
      const listed = await server.http.get(`${pathOf(org)}?limit=100`);
      expect(
        (listed.body as { items: SamlProvider[] }).items.map((item) => item.label),
      ).not.toContain('x');
    });

    it('answers 404 for organizations the caller is not in and for providers of other organizations', async () => {
      const operations: [string, string, unknown?][] = [
        ['GET', pathOf(otherOrg)],
        ['POST', pathOf(otherOrg), { label: 'Mine now' }],
        ['GET', pathOf(otherOrg, `/${otherProvider}`)],
        ['PATCH', pathOf(otherOrg, `/${otherProvider}`), { label: 'Mine now' }],
        ['DELETE', pathOf(otherOrg, `/${otherProvider}`)],
        ['GET', `/v1/orgs/${otherOrg}/sso`],
      ];
      for (const [method, path, body] of operations) {
        const answer = await server.http.request(method, path, body === undefined ? {} : { body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ error: { code: 404, message: 'Organization not found' } });
      }
      // Named under this organization, another organization's provider is not found either.
      for (const method of ['GET', 'PATCH'])
        expect(
          (
            await server.http.request(method, pathOf(org, `/${otherProvider}`), {
              ...(method === 'PATCH' ? { body: { label: 'Mine now' } } : {}),
            })
          ).body,
        ).toEqual({ error: { code: 404, message: 'SAML provider not found' } });
      expect((await server.http.request('DELETE', pathOf(org, `/${otherProvider}`))).status).toBe(
        204,
      );
      const theirs = await server.db
        .selectFrom('saml_providers')
        .select('label')
        .where('id', '=', otherProvider)
        .executeTakeFirst();
      expect(theirs?.label).toBe('Theirs');
    });

    it('answers 403 to members who are not admins', async () => {
      const provider = ((await create({ label: 'Guarded' })).body as SamlProvider).id;
      const operations: [string, string, unknown?][] = [
        ['GET', pathOf(org)],
        ['POST', pathOf(org), { label: 'Sneaky' }],
        ['GET', pathOf(org, `/${provider}`)],
        ['PATCH', pathOf(org, `/${provider}`), { label: 'Sneaky' }],
        ['DELETE', pathOf(org, `/${provider}`)],
      ];
      for (const [method, path, body] of operations) {
        const answer = await server.http.request(method, path, {
          token: editor.token,
          ...(body === undefined ? {} : { body }),
        });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect((answer.body as { error: { message: string } }).error.message).toMatch(
          /`admin` role/,
        );
      }
      expect((await server.http.get(pathOf(org, `/${provider}`))).body).toMatchObject({
        label: 'Guarded',
      });
    });

    it('answers 401 without a token, and for an SSO code that is unknown; 400 for a body without one', async () => {
      expect((await server.http.get(pathOf(org), { token: null })).status).toBe(401);
      expect((await server.http.get(`/v1/orgs/${org}/sso`, { token: null })).status).toBe(401);
      const unknown = await server.http.request('POST', '/v1/sso/tokens', {
        body: { code: 'dss_unknown' },
        token: null,
      });
      expect(unknown.status).toBe(401);
      expect((unknown.body as { error: { message: string } }).error.message).toMatch(
        /unknown, used or expired/,
      );
      for (const body of [{}, { code: '' }, { code: 7 }])
        expect(
          (await server.http.request('POST', '/v1/sso/tokens', { body, token: null })).status,
        ).toBe(400);
    });
  });
}
