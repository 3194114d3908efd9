import { ApiToken, CreatedApiToken, ListOf, Organization } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type TokenList = { items: ApiToken[]; count: number; next?: { page: string } };

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`API tokens and new organizations over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const create = (body: unknown, token?: string) =>
      server.http.request('POST', '/v1/user/tokens', {
        body,
        ...(token === undefined ? {} : { token }),
      });

    it('creates a token shown once, lists tokens without secrets, and revokes them', async () => {
      server.clock.advance(1000);
      const created = await create({ name: 'CI', scope: 'read-only' });
      expect(created.status).toBe(201);
      expect(Value.Check(CreatedApiToken, created.body)).toBe(true);
      const token = created.body as CreatedApiToken;
      expect(token).toMatchObject({ object: 'api-token', name: 'CI', scope: 'read-only' });
      expect(token.token.startsWith(token.prefix)).toBe(true);
      expect(token.expiresAt).toBeUndefined();

      const listed = await server.http.get('/v1/user/tokens?limit=1');
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(ApiToken), listed.body)).toBe(true);
      const page = listed.body as TokenList;
      expect(page.count).toBe(2);
      expect(page.items.map((item) => item.id)).toEqual([token.id]);
      expect(listed.text).not.toContain(token.token);
      const rest = await server.http.get(`/v1/user/tokens?page=${page.next?.page ?? ''}`);
      expect((rest.body as TokenList).items.map((item) => item.name)).toEqual(['server init']);

      // Another user sees only their own, and cannot revoke someone else's.
      const other = await seedUser(server.db, server.clock);
      const theirs = (await server.http.get('/v1/user/tokens', { token: other.token }))
        .body as TokenList;
      expect(theirs.items.map((item) => item.name)).toEqual(['test']);
      const foreign = await server.http.request('DELETE', `/v1/user/tokens/${token.id}`, {
        token: other.token,
      });
      expect(foreign.status).toBe(204);
      expect((await server.http.get('/v1/user', { token: token.token })).status).toBe(200);

      const revoked = await server.http.request('DELETE', `/v1/user/tokens/${token.id}`);
      expect(revoked.status).toBe(204);
      expect((await server.http.get('/v1/user', { token: token.token })).status).toBe(401);
      expect((await server.http.request('DELETE', `/v1/user/tokens/${token.id}`)).status).toBe(204);
    });

    it('lets a read-only token read and nothing else', async () => {
      const created = (await create({ name: 'reader', scope: 'read-only' }))
        .body as CreatedApiToken;
      expect(
        (await server.http.get(`/v1/orgs/${server.organizationId}`, { token: created.token }))
          .status,
      ).toBe(200);
      const write = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        body: { title: 'Renamed' },
        token: created.token,
      });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({
        error: { code: 403, message: 'This API token is read-only: it may only read' },
      });
      // Nor may it make itself a stronger token.
      expect((await create({ name: 'escalate' }, created.token)).status).toBe(403);
    });

    it('refuses a token once it expires', async () => {
      const expiresAt = new Date(server.clock.now().getTime() + 60_000).toISOString();
      const created = (await create({ name: 'short', expiresAt })).body as CreatedApiToken;
      expect(created.expiresAt).toBe(expiresAt);
      expect((await server.http.get('/v1/user', { token: created.token })).status).toBe(200);
      server.clock.advance(60_000);
      const expired = await server.http.get('/v1/user', { token: created.token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: { code: 401, message: 'The API token has expired' } });
    });

    it('refuses bad input with 400 and no token with 401', async () => {
      for (const body of [
        {},
        { name: '' },
        { name: 'x'.repeat(101) },
        { name: 'a', scope: 'admin' },
        { name: 'a', expiresAt: 'tomorrow' },
        { name: 'a', expiresAt: '2000-01-01T00:00:00Z' },
      ]) {
        const response = await create(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((response.body as { error: { code: number } }).error.code).toBe(400);
      }
      expect((await server.http.get('/v1/user/tokens', { token: null })).status).toBe(401);
      expect((await server.http.get('/v1/user/tokens?limit=0')).status).toBe(400);
    });

    it('lets the server admin create an organization, and no one else', async () => {
      const created = await server.http.request('POST', '/v1/orgs', {
        body: { title: 'Second org', defaultRole: 'edit' },
      });
      expect(created.status).toBe(201);
      expect(Value.Check(Organization, created.body)).toBe(true);
      const organization = created.body as Organization;
      expect(organization).toMatchObject({
        title: 'Second org',
        defaultRole: 'edit',
        permissions: { admin: true },
      });
      const mine = await server.http.get('/v1/orgs');
      expect((mine.body as { items: Organization[] }).items.map((org) => org.id)).toContain(
        organization.id,
      );

      // An organization admin who is not the server admin may not.
      const admin = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, admin.userId, 'admin');
      const denied = await server.http.request('POST', '/v1/orgs', {
        body: { title: 'Mine' },
        token: admin.token,
      });
      expect(denied.status).toBe(403);
      for (const body of [
        {},
        { title: 'A' },
        { title: 'x'.repeat(256) },
        { title: 'Ok', defaultRole: 'boss' },
      ]) {
        const response = await server.http.request('POST', '/v1/orgs', { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });
  });
}
