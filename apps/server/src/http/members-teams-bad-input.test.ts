import { ErrorBody, type Team } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const BODY_LIMIT = 64 * 1024;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`bad input to members and teams never gets a 500 (${dialect})`, () => {
    let server: TestServer;
    let memberId: string;
    let teamId: string;
    beforeAll(async () => {
      server = await startTestServer({ dialect, bodyLimit: BODY_LIMIT });
      const member = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, member.userId, 'read');
      memberId = member.userId;
      const team = await server.http.request('PUT', `/v1/orgs/${server.organizationId}/teams`, {
        body: { title: 'Existing' },
      });
      teamId = (team.body as Team).id;
    });
    afterAll(async () => {
      await server.close();
    });

    /** The operations that take a JSON body. */
    const writes = () =>
      [
        ['PATCH', `/v1/orgs/${server.organizationId}/members/${memberId}`],
        ['PUT', `/v1/orgs/${server.organizationId}/teams`],
        ['PATCH', `/v1/orgs/${server.organizationId}/teams/${teamId}`],
      ] as const;

    /** The bodyless operations: a body sent anyway is still parsed, and refused when broken. */
    const bodyless = () =>
      [
        ['POST', `/v1/orgs/${server.organizationId}/ping`],
        ['POST', `/v1/orgs/${server.organizationId}/members/${memberId}/sso`],
        ['DELETE', `/v1/orgs/${server.organizationId}/members/nobody`],
        ['DELETE', `/v1/orgs/${server.organizationId}/teams/nothing`],
      ] as const;

    /** Every list, with the query parameters of its own. */
    const lists = () => [
      `/v1/orgs/${server.organizationId}/members`,
      `/v1/orgs/${server.organizationId}/members/${memberId}/spaces`,
      `/v1/orgs/${server.organizationId}/members/${memberId}/teams`,
      `/v1/orgs/${server.organizationId}/teams`,
    ];

    /** Sends `body` as JSON text to `method path` and expects a 400 mentioning `expected`. */
    const expect400 = async (method: string, path: string, body: string, expected: RegExp) => {
      const response = await server.http.request(method, path, {
        rawBody: body,
        contentType: 'application/json',
      });
      expect(response.status, `${method} ${path} ${body.slice(0, 80)}`).toBe(400);
      expect(Value.Check(ErrorBody, response.body)).toBe(true);
      expect((response.body as ErrorBody).error.message).toMatch(expected);
    };

    it('answers malformed JSON with 400', async () => {
      for (const [method, path] of [...writes(), ...bodyless()]) {
        await expect400(method, path, '{"title": "unterminated', /not valid JSON/);
      }
    });

    it('answers a body over the limit with 413, whatever the field', async () => {
      for (const [method, path] of [...writes(), ...bodyless()]) {
        for (const field of ['title', 'role', 'members']) {
          const response = await server.http.request(method, path, {
            rawBody: JSON.stringify({ [field]: 'x'.repeat(BODY_LIMIT) }),
            contentType: 'application/json',
          });
          expect(response.status, `${method} ${path} ${field}`).toBe(413);
          expect(response.body).toMatchObject({ error: { code: 413 } });
        }
      }
    });

    it('answers a JSON value that is not an object with 400 naming the body', async () => {
      for (const [method, path] of writes()) {
        for (const value of ['[]', '"text"', '42', 'true']) {
          await expect400(method, path, value, /^body/);
        }
      }
    });

    it('answers fields of the wrong type with 400 naming the field', async () => {
      const member = `/v1/orgs/${server.organizationId}/members/${memberId}`;
      const team = `/v1/orgs/${server.organizationId}/teams/${teamId}`;
      const teams = `/v1/orgs/${server.organizationId}/teams`;
      for (const [method, path, body, expected] of [
        ['PATCH', member, { role: 5 }, /^body\/role/],
        ['PATCH', member, { role: ['admin'] }, /^body\/role/],
        ['PATCH', member, {}, /^body\/role is required/],
        ['PUT', teams, { title: 5 }, /^body\/title/],
        ['PUT', teams, { title: null }, /^body\/title/],
        ['PUT', teams, { title: 'T', members: 'someone' }, /^body\/members/],
        ['PUT', teams, { title: 'T', members: [1, 2] }, /^body\/members\/0/],
        ['PUT', teams, { title: 'T', members: [{ id: 'x' }] }, /^body\/members\/0/],
        ['PATCH', team, { title: false }, /^body\/title/],
        ['PATCH', team, { title: { text: 'x' } }, /^body\/title/],
      ] as const) {
        await expect400(method, path, JSON.stringify(body), expected);
      }
    });

    it('answers unknown role values with 400 listing the accepted ones', async () => {
      const member = `/v1/orgs/${server.organizationId}/members/${memberId}`;
      for (const role of ['owner', 'guest', 'ADMIN', '']) {
        await expect400('PATCH', member, JSON.stringify({ role }), /body\/role must be one of/);
      }
    });

    it('answers strings the database cannot hold with 400, not a server error', async () => {
      const teams = `/v1/orgs/${server.organizationId}/teams`;
      await expect400('PUT', teams, JSON.stringify({ title: 'a\u0000b' }), /^body\/title/);
      await expect400(
        'PUT',
        teams,
        JSON.stringify({ title: 'T', members: ['x\u0000'] }),
        /^body\/members\/0/,
      );
      await expect400(
        'PATCH',
        `${teams}/${teamId}`,
        JSON.stringify({ title: '\u0000' }),
        /^body\/title/,
      );
      for (const [path, parameter] of [
        [`/v1/orgs/${server.organizationId}/members`, 'search'],
        [`/v1/orgs/${server.organizationId}/teams`, 'title'],
        [`/v1/orgs/${server.organizationId}/teams`, 'owner'],
        [`/v1/orgs/${server.organizationId}/members/${memberId}/teams`, 'title'],
      ] as const) {
        const response = await server.http.get(`${path}?${parameter}=a%00b`);
        expect(response.status, `${path} ${parameter}`).toBe(400);
        expect((response.body as ErrorBody).error.message).toContain(`query/${parameter}`);
      }
    });

    it('takes long titles and searches without a server error', async () => {
      const long = 'x'.repeat(10_000);
      const created = await server.http.request('PUT', `/v1/orgs/${server.organizationId}/teams`, {
        body: { title: long },
      });
      expect(created.status).toBe(201);
      const search = await server.http.get(
        `/v1/orgs/${server.organizationId}/members?search=${'y'.repeat(4_000)}`,
      );
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ items: [], count: 0 });
    });

    it('answers bad list parameters with 400 naming the parameter', async () => {
      for (const path of lists()) {
        for (const [query, parameter] of [
          ['limit=0', 'query/limit'],
          ['limit=1001', 'query/limit'],
          ['limit=ten', 'query/limit'],
          ['page=%E2%9C%93', 'query/page'],
          ['page=eyJ2IjoxLCJrIjpbXX0', 'query/page'],
        ]) {
          const response = await server.http.get(`${path}?${query}`);
          expect(response.status, `${path}?${query}`).toBe(400);
          expect((response.body as ErrorBody).error.message).toContain(parameter);
        }
      }
      for (const [path, query, parameter] of [
        [lists()[0], 'order=newest', 'query/order'],
        [lists()[0], 'sort=displayName', 'query/sort'],
        [lists()[0], 'role=guest', 'query/role'],
        [lists()[1], 'order=random', 'query/order'],
      ] as const) {
        const response = await server.http.get(`${path ?? ''}?${query}`);
        expect(response.status, `${path ?? ''}?${query}`).toBe(400);
        expect((response.body as ErrorBody).error.message).toContain(parameter);
      }
    });

    it('checks the token before reading the body', async () => {
      for (const [method, path] of writes()) {
        const response = await server.http.request(method, path, {
          token: null,
          rawBody: '{not json',
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    });
  });
}
