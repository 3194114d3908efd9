import {
  ErrorBody,
  ListOf,
  Member,
  MemberSpace,
  MemberTeam,
  PingResponse,
  type Space,
  type Team,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type MemberList = { items: Member[]; count: number; next?: { page: string } };

const MINUTE = 60 * 1000;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`organization members over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const members = (organizationId: string) => `/v1/orgs/${organizationId}/members`;

    /** The ids of a list of members, in the order the list gave them. */
    const idsOf = (items: readonly Member[]) => items.map((member) => member.id);

    it('gets a member in the contract’s shape, with the user, counts and joining time', async () => {
      const response = await server.http.get(`${members(server.organizationId)}/${server.userId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Value.Check(Member, response.body)).toBe(true);
      expect(response.body).toMatchObject({
        object: 'member',
        id: server.userId,
        role: 'admin',
        disabled: false,
        sso: false,
        teams: 0,
        user: {
          object: 'user',
          id: server.userId,
          email: 'admin@example.com',
          urls: { location: `${server.baseUrl}/v1/users/${server.userId}` },
        },
      });
      expect(response.body).not.toHaveProperty('lastSeenAt');
    });

    it('lists members newest first by default, page by page without gaps or repeats', async () => {
      const org = await seedOrganizationWithMembers(
        server.db,
        server.clock,
        Array.from({ length: 7 }, (_, index) => ({ role: 'read', name: `Person ${index}` })),
      );
      const first = await server.http.get(`${members(org.organizationId)}?limit=3`, {
        token: org.members[0]?.token ?? '',
      });
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(Member), first.body)).toBe(true);
      expect((first.body as MemberList).count).toBe(7);
      expect((first.body as MemberList).next).toBeDefined();

      const all = await readAllPages<Member>(server.http, members(org.organizationId), {
        limit: 3,
        token: org.members[0]?.token ?? '',
      });
      expect(all.pages).toBe(3);
      expect(all.count).toBe(7);
      expect(idsOf(all.items)).toEqual(org.members.map((member) => member.userId).reverse());
    });

    it('lists members oldest first with order=asc', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
        { role: null },
      ]);
      const all = await readAllPages<Member>(server.http, members(org.organizationId), {
        limit: 2,
        token: org.members[0]?.token ?? '',
        query: { order: 'asc' },
      });
      expect(all.pages).toBe(2);
      expect(idsOf(all.items)).toEqual(org.members.map((member) => member.userId));
      expect(all.items.map((member) => member.role)).toEqual(['admin', 'edit', null]);
    });

    it('filters by role, and by a search over display name and email in any case', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin', name: 'Ada Lovelace', email: 'ada@engines.example' },
        { role: 'edit', name: 'Charles Babbage', email: 'charles@ENGINES.example' },
        { role: 'edit', name: 'Grace Hopper', email: 'grace@navy.example' },
        { role: 'read', name: '100% Done', email: 'done_1@x.example' },
      ]);
      const [ada, charles, grace, done] = org.members.map((member) => member.userId);
      const token = org.members[0]?.token ?? '';
      const list = async (query: string) => {
        const response = await server.http.get(`${members(org.organizationId)}?${query}`, {
          token,
        });
        expect(response.status, query).toBe(200);
        expect(Value.Check(ListOf(Member), response.body)).toBe(true);
        const body = response.body as MemberList;
        expect(body.count, query).toBe(body.items.length);
        return idsOf(body.items);
      };
      expect(await list('role=edit')).toEqual([grace, charles]);
      expect(await list('role=comment')).toEqual([]);
      expect(await list('search=HOPPER')).toEqual([grace]);
      expect(await list('search=engines')).toEqual([charles, ada]);
      expect(await list('search=engines&role=admin')).toEqual([ada]);
      // `%` and `_` are matched as themselves, not as SQL wildcards.
      expect(await list(`search=${encodeURIComponent('%')}`)).toEqual([done]);
      expect(await list('search=e_1')).toEqual([done]);
      expect(await list('search=nobody')).toEqual([]);
    });

    it('pings to record the caller’s last-seen time, answering an object of the contract', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [{ role: null }]);
      const guest = org.members[0];
      server.clock.set('2025-03-01T10:00:00.000Z');
      const ping = await server.http.request('POST', `/v1/orgs/${org.organizationId}/ping`, {
        token: guest?.token ?? '',
      });
      expect(ping.status).toBe(200);
      expect(ping.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Value.Check(PingResponse, ping.body)).toBe(true);
      const self = await server.http.get(`${members(org.organizationId)}/${guest?.userId ?? ''}`, {
        token: guest?.token ?? '',
      });
      expect(self.body).toMatchObject({ lastSeenAt: '2025-03-01T10:00:00.000Z' });

      const stranger = await seedUser(server.db, server.clock);
      const elsewhere = await server.http.request('POST', `/v1/orgs/${org.organizationId}/ping`, {
        token: stranger.token,
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual({ error: { code: 404, message: 'Organization not found' } });
    });

    it('sorts by lastSeenAt listing only members who have been seen, most recent first', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
        { role: 'read' },
        { role: 'read' },
      ]);
      const [admin, early, late, never] = org.members;
      for (const member of [early, late]) {
        server.clock.advance(MINUTE);
        await server.http.request('POST', `/v1/orgs/${org.organizationId}/ping`, {
          token: member?.token ?? '',
        });
      }
      const token = admin?.token ?? '';
      const desc = await readAllPages<Member>(server.http, members(org.organizationId), {
        limit: 1,
        token,
        query: { sort: 'lastSeenAt' },
      });
      expect(desc.count).toBe(2);
      expect(idsOf(desc.items)).toEqual([late?.userId, early?.userId]);
      expect(idsOf(desc.items)).not.toContain(never?.userId);
      const asc = await readAllPages<Member>(server.http, members(org.organizationId), {
        limit: 1,
        token,
        query: { sort: 'lastSeenAt', order: 'asc' },
      });
      expect(idsOf(asc.items)).toEqual([early?.userId, late?.userId]);
    });

    it('refuses a cursor with another sort than the one it was issued for (400)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const token = org.members[0]?.token ?? '';
      const first = await server.http.get(`${members(org.organizationId)}?limit=1`, { token });
      const page = (first.body as MemberList).next?.page ?? '';
      const reused = await server.http.get(
        `${members(org.organizationId)}?limit=1&order=asc&page=${page}`,
        { token },
      );
      expect(reused.status).toBe(400);
      expect((reused.body as ErrorBody).error.message).toContain('query/page');
    });

    it('changes a role as an admin; null makes the member a guest who sees no spaces', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const [admin, reader] = org.members;
      await server.http.request('POST', `/v1/orgs/${org.organizationId}/spaces`, {
        token: admin?.token ?? '',
        body: { title: 'Handbook' },
      });
      const path = `${members(org.organizationId)}/${reader?.userId ?? ''}`;
      const before = await server.http.get(path, { token: admin?.token ?? '' });
      expect(before.body).toMatchObject({ role: 'read', spaces: 1 });

      const edit = await server.http.request('PATCH', path, {
        token: admin?.token ?? '',
        body: { role: 'edit' },
      });
      expect(edit.status).toBe(200);
      expect(Value.Check(Member, edit.body)).toBe(true);
      expect(edit.body).toMatchObject({ id: reader?.userId, role: 'edit', spaces: 1 });

      const guest = await server.http.request('PATCH', path, {
        token: admin?.token ?? '',
        body: { role: null },
      });
      expect(guest.status).toBe(200);
      expect(Value.Check(Member, guest.body)).toBe(true);
      expect(guest.body).toMatchObject({ role: null, spaces: 0 });
    });

    it('refuses role changes from a read member (403) and hides other organizations (404)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const [admin, reader] = org.members;
      const forbidden = await server.http.request(
        'PATCH',
        `${members(org.organizationId)}/${admin?.userId ?? ''}`,
        { token: reader?.token ?? '', body: { role: 'read' } },
      );
      expect(forbidden.status).toBe(403);
      expect(Value.Check(ErrorBody, forbidden.body)).toBe(true);
      expect(forbidden.body).toEqual({
        error: {
          code: 403,
          message: 'You need the `admin` role or higher to change the roles of members',
        },
      });

      // The server's own admin is no member of this organization: it does not exist for them.
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', `/${reader?.userId ?? ''}`],
        ['PATCH', `/${reader?.userId ?? ''}`],
        ['DELETE', `/${reader?.userId ?? ''}`],
        ['POST', `/${reader?.userId ?? ''}/sso`],
        ['GET', `/${reader?.userId ?? ''}/spaces`],
        ['GET', `/${reader?.userId ?? ''}/teams`],
      ] as const) {
        const response = await server.http.request(
          method,
          `${members(org.organizationId)}${suffix}`,
          method === 'PATCH' ? { body: { role: 'admin' } } : {},
        );
        expect(response.status, `${method} ${suffix}`).toBe(404);
        expect(response.body).toEqual({ error: { code: 404, message: 'Organization not found' } });
      }
    });

    it('answers 401 with an error body without a valid token', async () => {
      for (const token of [null, 'dsk_not-a-token']) {
        const response = await server.http.get(members(server.organizationId), { token });
        expect(response.status).toBe(401);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
        expect((response.body as ErrorBody).error.code).toBe(401);
      }
    });

    it('answers 404 "Member not found" for a user who is not a member', async () => {
      const outsider = await seedUser(server.db, server.clock);
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['POST', '/sso'],
        ['GET', '/spaces'],
        ['GET', '/teams'],
      ] as const) {
        const response = await server.http.request(
          method,
          `${members(server.organizationId)}/${outsider.userId}${suffix}`,
          method === 'PATCH' ? { body: { role: 'read' } } : {},
        );
        expect(response.status, `${method} ${suffix}`).toBe(404);
        expect(response.body).toEqual({ error: { code: 404, message: 'Member not found' } });
      }
    });

    it('lets guests read only about themselves (403 for the list and others)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: null },
      ]);
      const [admin, guest] = org.members;
      const token = guest?.token ?? '';
      expect((await server.http.get(members(org.organizationId), { token })).status).toBe(403);
      const other = await server.http.get(`${members(org.organizationId)}/${admin?.userId ?? ''}`, {
        token,
      });
      expect(other.status).toBe(403);
      expect(Value.Check(ErrorBody, other.body)).toBe(true);
      const self = await server.http.get(`${members(org.organizationId)}/${guest?.userId ?? ''}`, {
        token,
      });
      expect(self.status).toBe(200);
      expect(self.body).toMatchObject({ role: null });
    });

    it('refuses to demote or remove the last admin with 409, and allows it once another admin exists', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const [admin, reader] = org.members;
      const token = admin?.token ?? '';
      const self = `${members(org.organizationId)}/${admin?.userId ?? ''}`;
      const demote = await server.http.request('PATCH', self, { token, body: { role: 'edit' } });
      expect(demote.status).toBe(409);
      expect(Value.Check(ErrorBody, demote.body)).toBe(true);
      expect((demote.body as ErrorBody).error.message).toContain('last admin');
      const leave = await server.http.request('DELETE', self, { token });
      expect(leave.status).toBe(409);
      // Keeping the role is no demotion.
      const same = await server.http.request('PATCH', self, { token, body: { role: 'admin' } });
      expect(same.status).toBe(200);

      const promote = await server.http.request(
        'PATCH',
        `${members(org.organizationId)}/${reader?.userId ?? ''}`,
        { token, body: { role: 'admin' } },
      );
      expect(promote.body).toMatchObject({ role: 'admin' });
      const demoted = await server.http.request('PATCH', self, { token, body: { role: 'edit' } });
      expect(demoted.status).toBe(200);
      expect(demoted.body).toMatchObject({ role: 'edit' });
    });

    it('keeps one admin when two admins demote each other at the same time', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'admin' },
      ]);
      const [first, second] = org.members;
      const demote = (by: typeof first, whom: typeof first) =>
        server.http.request('PATCH', `${members(org.organizationId)}/${whom?.userId ?? ''}`, {
          token: by?.token ?? '',
          body: { role: 'read' },
        });
      const statuses = (await Promise.all([demote(first, second), demote(second, first)]))
        .map((response) => response.status)
        .sort();
      // The loser is either refused as the last admin (409) or is no longer an admin (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await server.db
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', org.organizationId)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    });

    it('removes a member and their team places with 204, and answers 204 when absent', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
      ]);
      const [admin, editor] = org.members;
      const token = admin?.token ?? '';
      const created = await server.http.request('PUT', `/v1/orgs/${org.organizationId}/teams`, {
        token,
        body: { title: 'Writers', members: [editor?.userId] },
      });
      const team = created.body as Team;
      expect(team.members).toBe(1);

      const path = `${members(org.organizationId)}/${editor?.userId ?? ''}`;
      const removed = await server.http.request('DELETE', path, { token });
      expect(removed.status).toBe(204);
      expect(removed.text).toBe('');
      expect((await server.http.get(path, { token })).status).toBe(404);
      const after = await server.http.get(`/v1/orgs/${org.organizationId}/teams/${team.id}`, {
        token,
      });
      expect((after.body as Team).members).toBe(0);

      expect((await server.http.request('DELETE', path, { token })).status).toBe(204);
      expect(
        (await server.http.request('DELETE', `${members(org.organizationId)}/never`, { token }))
          .status,
      ).toBe(204);
    });

    it('lets a member leave, but not remove someone else without the admin role (403)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'create' },
        { role: 'read' },
      ]);
      const [admin, creator, reader] = org.members;
      const removeOther = await server.http.request(
        'DELETE',
        `${members(org.organizationId)}/${admin?.userId ?? ''}`,
        { token: creator?.token ?? '' },
      );
      expect(removeOther.status).toBe(403);
      expect(removeOther.body).toMatchObject({ error: { code: 403 } });

      const leave = await server.http.request(
        'DELETE',
        `${members(org.organizationId)}/${reader?.userId ?? ''}`,
        { token: reader?.token ?? '' },
      );
      expect(leave.status).toBe(204);
      const gone = await server.http.get(members(org.organizationId), {
        token: reader?.token ?? '',
      });
      expect(gone.status).toBe(404);
    });

    it('marks a member as an SSO member (admins only)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
      ]);
      const [admin, editor] = org.members;
      const path = `${members(org.organizationId)}/${editor?.userId ?? ''}/sso`;
      const refused = await server.http.request('POST', path, { token: editor?.token ?? '' });
      expect(refused.status).toBe(403);
      const marked = await server.http.request('POST', path, { token: admin?.token ?? '' });
      expect(marked.status).toBe(200);
      expect(Value.Check(Member, marked.body)).toBe(true);
      expect(marked.body).toMatchObject({ id: editor?.userId, sso: true, role: 'edit' });
      const again = await server.http.request('POST', path, { token: admin?.token ?? '' });
      expect(again.body).toMatchObject({ sso: true });
    });

    it('lists a member’s spaces with their level on each, newest first, page by page', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
        { role: null },
      ]);
      const [admin, editor, guest] = org.members;
      const created: Space[] = [];
      for (let index = 0; index < 5; index++) {
        server.clock.advance(1);
        const response = await server.http.request(
          'POST',
          `/v1/orgs/${org.organizationId}/spaces`,
          {
            token: admin?.token ?? '',
            body: { title: `Space ${index}` },
          },
        );
        created.push(response.body as Space);
      }
      const readOnly = created[1]?.id ?? '';
      await server.db
        .updateTable('spaces')
        .set({ default_level: 'read' })
        .where('id', '=', readOnly)
        .execute();
      const path = `${members(org.organizationId)}/${editor?.userId ?? ''}/spaces`;

      const first = await server.http.get(`${path}?limit=2`, { token: editor?.token ?? '' });
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(MemberSpace), first.body)).toBe(true);
      const all = await readAllPages<MemberSpace>(server.http, path, {
        limit: 2,
        token: admin?.token ?? '',
      });
      expect(all.pages).toBe(3);
      expect(all.count).toBe(5);
      expect(all.items.map((item) => item.space.id)).toEqual(
        created.map((space) => space.id).reverse(),
      );
      expect(all.items.find((item) => item.space.id === readOnly)?.permission).toBe('read');
      expect(all.items.filter((item) => item.permission === 'edit')).toHaveLength(4);
      // The embedded spaces carry the caller's permissions: here the admin's.
      expect(all.items.every((item) => item.space.permissions.admin)).toBe(true);

      const asc = await readAllPages<MemberSpace>(server.http, path, {
        limit: 2,
        token: admin?.token ?? '',
        query: { order: 'asc' },
      });
      expect(asc.items.map((item) => item.space.id)).toEqual(created.map((space) => space.id));

      const member = await server.http.get(
        `${members(org.organizationId)}/${editor?.userId ?? ''}`,
        {
          token: admin?.token ?? '',
        },
      );
      expect(member.body).toMatchObject({ spaces: 5 });

      const none = await server.http.get(
        `${members(org.organizationId)}/${guest?.userId ?? ''}/spaces`,
        { token: guest?.token ?? '' },
      );
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ items: [], count: 0 });
    });

    it('lists a member’s teams with their role in each, filtered by title in any case', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'create' },
        { role: 'read' },
      ]);
      const [admin, creator, reader] = org.members;
      const teams: Team[] = [];
      for (const [by, title] of [
        [admin, 'Docs Writers'],
        [creator, 'API reviewers'],
        [admin, 'Support'],
        [admin, 'Nobody here'],
      ] as const) {
        server.clock.advance(1);
        const response = await server.http.request('PUT', `/v1/orgs/${org.organizationId}/teams`, {
          token: by?.token ?? '',
          body: {
            title,
            members: title === 'Nobody here' ? [] : [creator?.userId ?? '', reader?.userId ?? ''],
          },
        });
        expect(response.status).toBe(201);
        teams.push(response.body as Team);
      }
      const path = `${members(org.organizationId)}/${creator?.userId ?? ''}/teams`;
      const first = await server.http.get(`${path}?limit=2`, { token: reader?.token ?? '' });
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(MemberTeam), first.body)).toBe(true);
      const all = await readAllPages<MemberTeam>(server.http, path, {
        limit: 2,
        token: reader?.token ?? '',
      });
      expect(all.pages).toBe(2);
      expect(all.count).toBe(3);
      expect(all.items.map((item) => [item.team.title, item.member.role])).toEqual([
        ['Docs Writers', 'member'],
        ['API reviewers', 'owner'],
        ['Support', 'member'],
      ]);
      // The reader owns none of them, so may manage none.
      expect(all.items.every((item) => !item.team.permissions.admin)).toBe(true);

      const filtered = await server.http.get(`${path}?title=${encodeURIComponent('WRIT')}`, {
        token: reader?.token ?? '',
      });
      expect((filtered.body as { items: MemberTeam[] }).items.map((i) => i.team.id)).toEqual([
        teams[0]?.id,
      ]);
      const counted = await server.http.get(
        `${members(org.organizationId)}/${creator?.userId ?? ''}`,
        { token: reader?.token ?? '' },
      );
      expect(counted.body).toMatchObject({ teams: 3 });
    });

    it('rejects limit 0 and 1001, unknown sorts, orders and roles with 400 naming the parameter', async () => {
      for (const [query, part] of [
        ['limit=0', 'query/limit'],
        ['limit=1001', 'query/limit'],
        ['sort=name', 'query/sort'],
        ['order=up', 'query/order'],
        ['role=owner', 'query/role'],
        ['page=bm9wZQ', 'query/page'],
      ]) {
        const response = await server.http.get(`${members(server.organizationId)}?${query}`);
        expect(response.status, query).toBe(400);
        expect((response.body as ErrorBody).error.message, query).toContain(part);
      }
      const ok = await server.http.get(`${members(server.organizationId)}?limit=1000`);
      expect(ok.status).toBe(200);
    });

    it('does not show members of one organization in another', async () => {
      const other = await seedOrganization(server.db, server.clock);
      const person = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, other, person.userId, 'read');
      const response = await server.http.get(`${members(server.organizationId)}/${person.userId}`);
      expect(response.status).toBe(404);
      const list = await server.http.get(`${members(server.organizationId)}?limit=1000`);
      expect(idsOf((list.body as MemberList).items)).not.toContain(person.userId);
    });
  });
}
