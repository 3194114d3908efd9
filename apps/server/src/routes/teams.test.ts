import { ErrorBody, ListOf, Team } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { seedUser } from '../testing/seed.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type TeamList = { items: Team[]; count: number; next?: { page: string } };

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`teams over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const teams = (organizationId: string) => `/v1/orgs/${organizationId}/teams`;

    /** PUTs a team as `token` and returns the response. */
    const createTeam = (organizationId: string, token: string, body: unknown) =>
      server.http.request('PUT', teams(organizationId), { token, body });

    it('creates a team with PUT, answering 201 and the Team with its member count', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
        { role: 'read' },
      ]);
      const [admin, editor, reader] = org.members;
      server.clock.set('2025-02-01T09:00:00.000Z');
      const response = await createTeam(org.organizationId, admin?.token ?? '', {
        title: 'Writers',
        // Repeated ids count once.
        members: [editor?.userId, reader?.userId, editor?.userId],
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Value.Check(Team, response.body)).toBe(true);
      expect(response.body).toMatchObject({
        object: 'team',
        title: 'Writers',
        members: 2,
        spaces: 0,
        createdAt: '2025-02-01T09:00:00.000Z',
        permissions: { admin: true, view: true },
      });
      const empty = await createTeam(org.organizationId, admin?.token ?? '', { title: 'Empty' });
      expect(empty.status).toBe(201);
      expect(empty.body).toMatchObject({ members: 0 });
    });

    it('makes a creator who is not an admin the team’s owner, who may then manage it', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'create' },
        { role: 'create' },
      ]);
      const [, owner, other] = org.members;
      const created = await createTeam(org.organizationId, owner?.token ?? '', {
        title: 'Mine',
        members: [other?.userId],
      });
      expect(created.status).toBe(201);
      const team = created.body as Team;
      expect(team).toMatchObject({ members: 2, permissions: { admin: true } });

      const path = `${teams(org.organizationId)}/${team.id}`;
      const seenByOther = await server.http.get(path, { token: other?.token ?? '' });
      expect(seenByOther.body).toMatchObject({ permissions: { admin: false, view: true } });
      const renameByOther = await server.http.request('PATCH', path, {
        token: other?.token ?? '',
        body: { title: 'Theirs' },
      });
      expect(renameByOther.status).toBe(403);
      expect(renameByOther.body).toEqual({
        error: {
          code: 403,
          message: 'You need the `admin` role or to own the team to change the team',
        },
      });
      const renamed = await server.http.request('PATCH', path, {
        token: owner?.token ?? '',
        body: { title: 'Ours' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Ours' });
      const deleted = await server.http.request('DELETE', path, { token: owner?.token ?? '' });
      expect(deleted.status).toBe(204);
    });

    it('gets, renames and deletes a team; deleting an absent team answers 204', async () => {
      const created = await createTeam(server.organizationId, server.token, { title: 'Ops' });
      const team = created.body as Team;
      const path = `${teams(server.organizationId)}/${team.id}`;

      const got = await server.http.get(path);
      expect(got.status).toBe(200);
      expect(Value.Check(Team, got.body)).toBe(true);
      expect(got.body).toEqual(team);

      const renamed = await server.http.request('PATCH', path, { body: { title: 'Operations' } });
      expect(renamed.status).toBe(200);
      expect(Value.Check(Team, renamed.body)).toBe(true);
      expect(renamed.body).toMatchObject({ id: team.id, title: 'Operations' });
      const unchanged = await server.http.request('PATCH', path, { body: {} });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toMatchObject({ title: 'Operations' });

      const deleted = await server.http.request('DELETE', path);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const gone = await server.http.get(path);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: { code: 404, message: 'Team not found' } });
      expect((await server.http.request('DELETE', path)).status).toBe(204);
      expect(
        (await server.http.request('DELETE', `${teams(server.organizationId)}/never`)).status,
      ).toBe(204);
      const patchGone = await server.http.request('PATCH', path, { body: { title: 'Back' } });
      expect(patchGone.status).toBe(404);
    });

    it('accepts a one-character title and refuses an empty one with 400 naming the field', async () => {
      const short = await createTeam(server.organizationId, server.token, { title: 'Q' });
      expect(short.status).toBe(201);
      expect(short.body).toMatchObject({ title: 'Q' });
      const empty = await createTeam(server.organizationId, server.token, { title: '' });
      expect(empty.status).toBe(400);
      expect((empty.body as ErrorBody).error.message).toContain('body/title');
      const missing = await createTeam(server.organizationId, server.token, {});
      expect(missing.status).toBe(400);
      expect((missing.body as ErrorBody).error.message).toBe('body/title is required');
      const renameEmpty = await server.http.request(
        'PATCH',
        `${teams(server.organizationId)}/${(short.body as Team).id}`,
        { body: { title: '' } },
      );
      expect(renameEmpty.status).toBe(400);
    });

    it('refuses a title another team of the organization has, in any case, with 409', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [{ role: 'admin' }]);
      const token = org.members[0]?.token ?? '';
      const first = await createTeam(org.organizationId, token, { title: 'Design' });
      expect(first.status).toBe(201);
      const again = await createTeam(org.organizationId, token, { title: 'DESIGN' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        error: {
          code: 409,
          message: 'A team titled `DESIGN` already exists in this organization',
        },
      });
      const second = await createTeam(org.organizationId, token, { title: 'Research' });
      const rename = await server.http.request(
        'PATCH',
        `${teams(org.organizationId)}/${(second.body as Team).id}`,
        { token, body: { title: 'design' } },
      );
      expect(rename.status).toBe(409);
      // Another organization may use the same title.
      const elsewhere = await createTeam(server.organizationId, server.token, { title: 'Design' });
      expect(elsewhere.status).toBe(201);
    });

    it('refuses member ids that are not members of the organization with 400 naming the entry', async () => {
      const outsider = await seedUser(server.db, server.clock);
      const response = await createTeam(server.organizationId, server.token, {
        title: 'With a stranger',
        members: [server.userId, outsider.userId],
      });
      expect(response.status).toBe(400);
      expect((response.body as ErrorBody).error.message).toBe(
        `body/members/1 \`${outsider.userId}\` is not a member of this organization`,
      );
    });

    it('lists teams oldest first, page by page without gaps or repeats', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const [admin, reader] = org.members;
      const created: string[] = [];
      for (let index = 0; index < 7; index++) {
        server.clock.advance(1);
        const response = await createTeam(org.organizationId, admin?.token ?? '', {
          title: `Team ${index}`,
        });
        created.push((response.body as Team).id);
      }
      const first = await server.http.get(`${teams(org.organizationId)}?limit=3`, {
        token: reader?.token ?? '',
      });
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(Team), first.body)).toBe(true);
      expect((first.body as TeamList).count).toBe(7);
      const all = await readAllPages<Team>(server.http, teams(org.organizationId), {
        limit: 3,
        token: reader?.token ?? '',
      });
      expect(all.pages).toBe(3);
      expect(all.items.map((team) => team.id)).toEqual(created);
      expect(all.items.every((team) => !team.permissions.admin)).toBe(true);
    });

    it('filters by a title substring in any case and by the member who can manage them', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'create' },
        { role: 'read' },
      ]);
      const [admin, creator, reader] = org.members;
      const make = async (token: string, title: string) => {
        server.clock.advance(1);
        return ((await createTeam(org.organizationId, token, { title })).body as Team).id;
      };
      const frontend = await make(admin?.token ?? '', 'Frontend Guild');
      const backend = await make(creator?.token ?? '', 'Backend guild');
      const docs = await make(admin?.token ?? '', '50% docs_team');
      const list = async (query: Record<string, string>) => {
        const response = await server.http.get(
          `${teams(org.organizationId)}?${new URLSearchParams(query).toString()}`,
          { token: reader?.token ?? '' },
        );
        expect(response.status, JSON.stringify(query)).toBe(200);
        const body = response.body as TeamList;
        expect(body.count).toBe(body.items.length);
        return body.items.map((team) => team.id);
      };
      expect(await list({ title: 'GUILD' })).toEqual([frontend, backend]);
      expect(await list({ title: 'end g' })).toEqual([frontend, backend]);
      expect(await list({ title: '%' })).toEqual([docs]);
      expect(await list({ title: 's_t' })).toEqual([docs]);
      expect(await list({ title: 'nothing' })).toEqual([]);
      // An admin can manage every team; anyone else the teams they own.
      expect(await list({ owner: admin?.userId ?? '' })).toEqual([frontend, backend, docs]);
      expect(await list({ owner: creator?.userId ?? '' })).toEqual([backend]);
      expect(await list({ owner: reader?.userId ?? '' })).toEqual([]);
      expect(await list({ owner: 'not-a-member' })).toEqual([]);
      expect(await list({ owner: admin?.userId ?? '', title: 'front' })).toEqual([frontend]);
    });

    it('refuses changes from a read member (403) and hides other organizations (404)', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
      ]);
      const [admin, reader] = org.members;
      const team = (await createTeam(org.organizationId, admin?.token ?? '', { title: 'Core' }))
        .body as Team;
      const path = `${teams(org.organizationId)}/${team.id}`;
      const token = reader?.token ?? '';

      const create = await createTeam(org.organizationId, token, { title: 'Mine' });
      expect(create.status).toBe(403);
      expect(Value.Check(ErrorBody, create.body)).toBe(true);
      expect(create.body).toEqual({
        error: { code: 403, message: 'You need the `create` role or higher to create teams' },
      });
      const patch = await server.http.request('PATCH', path, { token, body: { title: 'X' } });
      expect(patch.status).toBe(403);
      const remove = await server.http.request('DELETE', path, { token });
      expect(remove.status).toBe(403);
      expect((await server.http.get(path, { token })).status).toBe(200);

      // The server's own admin is not a member of this organization.
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['GET', `/${team.id}`],
        ['PATCH', `/${team.id}`],
        ['DELETE', `/${team.id}`],
      ] as const) {
        const response = await server.http.request(
          method,
          `${teams(org.organizationId)}${suffix}`,
          method === 'PUT' || method === 'PATCH' ? { body: { title: 'Hijack' } } : {},
        );
        expect(response.status, `${method} ${suffix}`).toBe(404);
        expect(response.body).toEqual({ error: { code: 404, message: 'Organization not found' } });
      }
      // A team id of another organization is no team of this one.
      const foreign = await server.http.get(`${teams(server.organizationId)}/${team.id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ error: { code: 404, message: 'Team not found' } });
    });

    it('keeps teams from guests (403) and answers 401 without a valid token', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [{ role: null }]);
      const guest = await server.http.get(teams(org.organizationId), {
        token: org.members[0]?.token ?? '',
      });
      expect(guest.status).toBe(403);
      for (const token of [null, 'dsk_nope']) {
        const response = await server.http.get(teams(server.organizationId), { token });
        expect(response.status).toBe(401);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
      }
    });

    it('rejects limit 0 and 1001 and a forged cursor with 400', async () => {
      for (const query of ['limit=0', 'limit=1001', 'page=bm9wZQ']) {
        const response = await server.http.get(`${teams(server.organizationId)}?${query}`);
        expect(response.status, query).toBe(400);
        expect((response.body as ErrorBody).error.message).toMatch(/^query\/(limit|page)/);
      }
      expect((await server.http.get(`${teams(server.organizationId)}?limit=1000`)).status).toBe(
        200,
      );
    });
  });
}
