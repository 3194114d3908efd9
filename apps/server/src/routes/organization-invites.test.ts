import type { Member } from '@docsync/api';
import {
  InviteLink,
  InviteUsersResult,
  JoinWithInviteResult,
  ListOf,
  type User,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`organization invites over HTTP (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let editor: { userId: string; token: string };
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      org = server.organizationId;
      editor = await seedUser(server.db, server.clock, { email: 'editor@example.com' });
      await seedMember(server.db, server.clock, org, editor.userId, 'edit');
    });
    afterAll(async () => {
      await server.close();
    });

    const post = (path: string, body?: unknown, token?: string | null) =>
      server.http.request('POST', path, {
        ...(body === undefined ? {} : { body }),
        ...(token === undefined ? {} : { token }),
      });
    const roleOf = async (userId: string) =>
      ((await server.http.get(`/v1/orgs/${org}/members/${userId}`)).body as Member).role;

    it('invites by email; the invitee accepts without an account and gets one with a token', async () => {
      const invited = await post(`/v1/orgs/${org}/invites`, {
        emails: ['New.Person@Example.com', { email: 'reader@example.com', role: 'read' }],
        role: 'edit',
      });
      expect(invited.status).toBe(200);
      expect(Value.Check(InviteUsersResult, invited.body)).toBe(true);
      const result = invited.body as InviteUsersResult;
      expect(result).toMatchObject({ users: [], invited: 2 });
      expect(result.invites.map((invite) => [invite.email, invite.role])).toEqual([
        ['new.person@example.com', 'edit'],
        ['reader@example.com', 'read'],
      ]);
      const [first] = result.invites;
      if (first === undefined) throw new Error('no invite');
      expect(first.urls.join).toBe(`${server.baseUrl}/v1/orgs/${org}/invites/${first.code}`);
      expect(first.expiresAt).toBe('2025-01-08T00:00:00.000Z');
      // Only the secret's hash is stored.
      const stored = await server.db.selectFrom('email_invites').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(first.code);

      const accepted = await post(`/v1/orgs/${org}/invites/${first.code}`, undefined, null);
      expect(accepted.status).toBe(200);
      expect(Value.Check(JoinWithInviteResult, accepted.body)).toBe(true);
      const { user, token } = accepted.body as JoinWithInviteResult;
      const me = await server.http.get('/v1/user', { token: token ?? '' });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user, email: 'new.person@example.com' });
      expect((me.body as User).displayName).toBe('new.person');
      expect(await roleOf(user ?? '')).toBe('edit');
      // Single use.
      const again = await post(`/v1/orgs/${org}/invites/${first.code}`, undefined, null);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({
        error: { code: 404, message: 'Invite not found (unknown, used or expired)' },
      });
    });

    it('adds an existing account that accepts with its token, raising a lower role', async () => {
      const other = await seedUser(server.db, server.clock, { email: 'Known@Example.com' });
      const otherOrg = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, otherOrg, other.userId, 'admin');
      const invited = await post(`/v1/orgs/${org}/invites`, {
        emails: ['known@example.com'],
        role: 'review',
      });
      const code = (invited.body as InviteUsersResult).invites[0]?.code ?? '';
      // Without the account's token, the address is taken: 409.
      const anonymous = await post(`/v1/orgs/${org}/invites/${code}`, undefined, null);
      expect(anonymous.status).toBe(409);
      // Another account may not take it.
      expect((await post(`/v1/orgs/${org}/invites/${code}`, undefined, editor.token)).status).toBe(
        403,
      );
      const accepted = await post(`/v1/orgs/${org}/invites/${code}`, undefined, other.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({});
      expect(await roleOf(other.userId)).toBe('review');
      // Members are skipped by later invites.
      const skipped = await post(`/v1/orgs/${org}/invites`, { emails: ['KNOWN@example.com'] });
      expect(skipped.body).toMatchObject({ invited: 0, invites: [] });
    });

    it('refuses expired invites and replaces an unaccepted one', async () => {
      const first = await post(`/v1/orgs/${org}/invites`, { emails: ['late@example.com'] });
      const firstCode = (first.body as InviteUsersResult).invites[0]?.code ?? '';
      // The default role of the organization applies.
      expect((first.body as InviteUsersResult).invites[0]?.role).toBe('read');
      const second = await post(`/v1/orgs/${org}/invites`, { emails: ['late@example.com'] });
      const secondCode = (second.body as InviteUsersResult).invites[0]?.code ?? '';
      expect((await post(`/v1/orgs/${org}/invites/${firstCode}`, undefined, null)).status).toBe(
        404,
      );
      server.clock.advance(8 * 24 * 60 * 60 * 1000);
      expect((await post(`/v1/orgs/${org}/invites/${secondCode}`, undefined, null)).status).toBe(
        404,
      );
    });

    it('refuses bad input with 400, non-admins with 403 and other organizations with 404', async () => {
      for (const body of [
        {},
        { emails: [] },
        { emails: ['not an email'] },
        { emails: ['a@example.com'], role: 'boss' },
        { emails: [{ email: 'a@example.com' }] },
        { emails: ['a@example.com', 'A@example.com'] },
      ]) {
        const response = await post(`/v1/orgs/${org}/invites`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((response.body as { error: { code: number } }).error.code).toBe(400);
      }
      const denied = await post(
        `/v1/orgs/${org}/invites`,
        { emails: ['x@example.com'] },
        editor.token,
      );
      expect(denied.status).toBe(403);
      const elsewhere = await seedOrganization(server.db, server.clock);
      expect(
        (await post(`/v1/orgs/${elsewhere}/invites`, { emails: ['x@example.com'] })).status,
      ).toBe(404);
      for (const [method, path, body] of [
        ['GET', `/v1/orgs/${org}/link-invites`, undefined],
        ['POST', `/v1/orgs/${org}/link-invites`, { role: 'read' }],
        ['GET', `/v1/orgs/${org}/link-invites/any`, undefined],
        ['PATCH', `/v1/orgs/${org}/link-invites/any`, { role: 'read' }],
      ] as const) {
        const response = await server.http.request(method, path, {
          ...(body === undefined ? {} : { body }),
          token: editor.token,
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        const other = await server.http.request(method, path.replace(org, elsewhere), {
          ...(body === undefined ? {} : { body }),
        });
        expect(other.status, `${method} ${path} elsewhere`).toBe(404);
      }
      // An invite of one organization does not open another.
      const invited = await post(`/v1/orgs/${org}/invites`, { emails: ['cross@example.com'] });
      const code = (invited.body as InviteUsersResult).invites[0]?.code ?? '';
      expect((await post(`/v1/orgs/${elsewhere}/invites/${code}`, undefined, null)).status).toBe(
        404,
      );
      expect(
        (await post(`/v1/orgs/${org}/invites/${code}`, { email: 'other@example.com' }, null))
          .status,
      ).toBe(400);
      expect((await post(`/v1/orgs/${org}/invites/${code}`, { name: '' }, null)).status).toBe(400);
      // A token that is sent must be valid.
      expect((await post(`/v1/orgs/${org}/invites/${code}`, undefined, 'dsk_unknown')).status).toBe(
        401,
      );
    });

    it('manages invite links while they are turned on; anyone holding one joins', async () => {
      const off = await post(`/v1/orgs/${org}/link-invites`, { role: 'read' });
      expect(off.status).toBe(409);
      await server.http.request('PATCH', `/v1/orgs/${org}`, { body: { inviteLinks: true } });
      const created = await post(`/v1/orgs/${org}/link-invites`, { role: 'comment' });
      expect(created.status).toBe(201);
      expect(Value.Check(InviteLink, created.body)).toBe(true);
      const link = created.body as InviteLink;
      expect(link).toMatchObject({ object: 'invite', role: 'comment', redundant: true });
      expect(link.code).toMatch(/^dsi_/);

      const listed = await server.http.get(`/v1/orgs/${org}/link-invites`);
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(InviteLink), listed.body)).toBe(true);
      expect(listed.body).toMatchObject({ count: 1, items: [{ id: link.id, role: 'comment' }] });
      expect(listed.text).not.toContain(link.code ?? '');

      const patched = await server.http.request(
        'PATCH',
        `/v1/orgs/${org}/link-invites/${link.id}`,
        {
          body: { role: 'edit' },
        },
      );
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: link.id, role: 'edit' });
      expect(patched.body).not.toHaveProperty('code');
      expect((await server.http.get(`/v1/orgs/${org}/link-invites/${link.id}`)).body).toMatchObject(
        { role: 'edit' },
      );
      for (const body of [{}, { role: 'boss' }, { level: 'read' }]) {
        const bad = await server.http.request('PATCH', `/v1/orgs/${org}/link-invites/${link.id}`, {
          body,
        });
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await post(`/v1/orgs/${org}/link-invites`, { level: 'read', space: 'x' })).status,
      ).toBe(400);
      expect((await server.http.get(`/v1/orgs/${org}/link-invites/unknown`)).status).toBe(404);

      // Two people join with the same link.
      for (const name of ['Ada', 'Grace']) {
        const joined = await post(`/v1/orgs/${org}/invites/${link.code ?? ''}`, { name }, null);
        expect(joined.status).toBe(200);
        const { user } = joined.body as JoinWithInviteResult;
        expect(await roleOf(user ?? '')).toBe('edit');
      }
      // Turned off, the link no longer works; deleted, it is gone.
      await server.http.request('PATCH', `/v1/orgs/${org}`, { body: { inviteLinks: false } });
      expect((await post(`/v1/orgs/${org}/invites/${link.code ?? ''}`, {}, null)).status).toBe(404);
      await server.http.request('PATCH', `/v1/orgs/${org}`, { body: { inviteLinks: true } });
      expect(
        (await server.http.request('DELETE', `/v1/orgs/${org}/link-invites/${link.id}`)).status,
      ).toBe(204);
      expect((await post(`/v1/orgs/${org}/invites/${link.code ?? ''}`, {}, null)).status).toBe(404);
      expect((await server.http.get(`/v1/orgs/${org}/link-invites/${link.id}`)).status).toBe(404);
    });

    it('stops a link after 30 days', async () => {
      const created = await post(`/v1/orgs/${org}/link-invites`, { role: null });
      const link = created.body as InviteLink;
      expect(link.role).toBeNull();
      server.clock.advance(31 * 24 * 60 * 60 * 1000);
      expect((await server.http.get(`/v1/orgs/${org}/link-invites`)).body).toMatchObject({
        items: [],
      });
      expect((await post(`/v1/orgs/${org}/invites/${link.code ?? ''}`, {}, null)).status).toBe(404);
    });
  });
}
