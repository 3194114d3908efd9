import { AgentInstructions, EmailDomainOrganizations, ListOf, Organization } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type OrganizationList = { items: Organization[]; count: number; next?: { page: string } };

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`organizations over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    it('gets the organization with the admin’s permissions', async () => {
      const response = await server.http.get(`/v1/orgs/${server.organizationId}`);
      expect(response.status).toBe(200);
      expect(Value.Check(Organization, response.body)).toBe(true);
      expect(response.body).toMatchObject({
        object: 'organization',
        id: server.organizationId,
        permissions: { view: true, admin: true, listMembers: true },
      });
    });

    it('lists only the caller’s organizations, page by page', async () => {
      const user = await seedUser(server.db, server.clock);
      const mine: string[] = [];
      for (let index = 0; index < 3; index++) {
        server.clock.advance(1);
        const id = await seedOrganization(server.db, server.clock, { title: `Org ${index}` });
        await seedMember(server.db, server.clock, id, user.userId, 'read');
        mine.push(id);
      }
      await seedOrganization(server.db, server.clock, { title: 'Not mine' });
      const first = await server.http.get('/v1/orgs?limit=2', { token: user.token });
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(Organization), first.body)).toBe(true);
      const firstPage = first.body as OrganizationList;
      expect(firstPage.count).toBe(3);
      expect(firstPage.items.map((org) => org.permissions.admin)).toEqual([false, false]);
      const next = firstPage.next?.page ?? '';
      const second = await server.http.get(`/v1/orgs?limit=2&page=${next}`, { token: user.token });
      const secondPage = second.body as OrganizationList;
      expect(secondPage.next).toBeUndefined();
      expect([...firstPage.items, ...secondPage.items].map((org) => org.id)).toEqual(mine);
    });

    it('patches settings as an admin, and refuses bad values with 400', async () => {
      const patched = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        body: {
          title: 'Acme Docs',
          emailDomains: ['Acme.example'],
          inviteLinks: true,
          hostname: 'acme',
        },
      });
      expect(patched.status).toBe(200);
      expect(Value.Check(Organization, patched.body)).toBe(true);
      expect(patched.body).toMatchObject({
        title: 'Acme Docs',
        emailDomains: ['acme.example'],
        inviteLinks: true,
        hostname: 'acme',
      });
      for (const body of [
        { title: 'A' },
        { title: 'x'.repeat(256) },
        { hostname: 'ab' },
        { emailDomains: ['not a domain'] },
        { logo: 'not a uri' },
        { defaultRole: 'boss' },
      ]) {
        const response = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
          body,
        });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toMatchObject({ error: { code: 400 } });
      }
    });

    it('lands visitors on a site of the organization (defaultContent), and refuses another one', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/sites`, {
        body: { title: 'Landing' },
      });
      expect(created.status).toBe(201);
      const site = (created.body as { id: string }).id;
      const patched = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        body: { defaultContent: { type: 'site', site } },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ defaultContent: { type: 'site', site } });
      // A site of another organization, made by its admin.
      const other = await seedOrganization(server.db, server.clock);
      const admin = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, other, admin.userId, 'admin');
      const foreign = await server.http.request('POST', `/v1/orgs/${other}/sites`, {
        token: admin.token,
        body: { title: 'Theirs' },
      });
      expect(foreign.status).toBe(201);
      const elsewhere = (foreign.body as { id: string }).id;
      for (const wrong of ['no-such-site', elsewhere]) {
        const refused = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
          body: { defaultContent: { type: 'site', site: wrong } },
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ error: { code: 400 } });
      }
      const cleared = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        body: { defaultContent: null },
      });
      expect(cleared.status).toBe(200);
      expect((cleared.body as { defaultContent?: unknown }).defaultContent ?? null).toBeNull();
    });

    it('answers 409 when the hostname belongs to another organization', async () => {
      const other = await seedOrganization(server.db, server.clock);
      await server.db
        .updateTable('organizations')
        .set({ hostname: 'taken' })
        .where('id', '=', other)
        .execute();
      const response = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        body: { hostname: 'taken' },
      });
      expect(response.status).toBe(409);
    });

    it('refuses changes from members who are not admins (403) and hides other organizations (404)', async () => {
      const editor = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, editor.userId, 'edit');
      const patch = await server.http.request('PATCH', `/v1/orgs/${server.organizationId}`, {
        token: editor.token,
        body: { title: 'Mine now' },
      });
      expect(patch.status).toBe(403);
      expect(patch.body).toMatchObject({ error: { code: 403 } });

      const stranger = await seedUser(server.db, server.clock);
      const hidden = await server.http.get(`/v1/orgs/${server.organizationId}`, {
        token: stranger.token,
      });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({
        error: { code: 404, message: 'Organization not found' },
      });
    });

    it('lets a user with a verified email of an allowed domain join, and lists the organization for that domain', async () => {
      const org = await seedOrganization(server.db, server.clock, {
        emailDomains: ['join.example'],
      });
      const joiner = await seedUser(server.db, server.clock, { email: 'ana@join.example' });
      const unverified = await seedUser(server.db, server.clock, {
        email: 'bo@join.example',
        verified: false,
      });

      const lookup = await server.http.get('/v1/email-domains/join.example/orgs', {
        token: joiner.token,
      });
      expect(lookup.status).toBe(200);
      expect(Value.Check(EmailDomainOrganizations, lookup.body)).toBe(true);
      expect((lookup.body as EmailDomainOrganizations).organizations.map((o) => o.id)).toEqual([
        org,
      ]);
      const otherDomain = await server.http.get('/v1/email-domains/join.example/orgs', {
        token: unverified.token,
      });
      expect((otherDomain.body as EmailDomainOrganizations).organizations).toEqual([]);

      expect(
        (await server.http.request('POST', `/v1/orgs/${org}/join`, { token: unverified.token }))
          .status,
      ).toBe(404);
      const joined = await server.http.request('POST', `/v1/orgs/${org}/join`, {
        token: joiner.token,
      });
      expect(joined.status).toBe(204);
      expect(joined.text).toBe('');
      expect(
        (await server.http.request('POST', `/v1/orgs/${org}/join`, { token: joiner.token })).status,
      ).toBe(204);
      const got = await server.http.get(`/v1/orgs/${org}`, { token: joiner.token });
      expect(got.status).toBe(200);
      expect((got.body as Organization).permissions.admin).toBe(false);
    });

    it('deletes an invite link with 204, also when it does not exist', async () => {
      await server.db
        .insertInto('link_invites')
        .values({
          id: 'invite-1',
          organization_id: server.organizationId,
          role: 'read',
          created_at: server.clock.now().toISOString(),
        })
        .execute();
      const first = await server.http.request(
        'DELETE',
        `/v1/orgs/${server.organizationId}/link-invites/invite-1`,
      );
      expect(first.status).toBe(204);
      const left = await server.db.selectFrom('link_invites').select('id').execute();
      expect(left).toEqual([]);
      const again = await server.http.request(
        'DELETE',
        `/v1/orgs/${server.organizationId}/link-invites/invite-1`,
      );
      expect(again.status).toBe(204);
    });

    it('reads and replaces the agent instructions', async () => {
      const empty = await server.http.get(`/v1/orgs/${server.organizationId}/agent-instructions`);
      expect(empty.status).toBe(200);
      expect(Value.Check(AgentInstructions, empty.body)).toBe(true);
      // The organization's creation wrote them (empty), so they have a writer and a time.
      expect(empty.body).toMatchObject({
        instructions: { object: 'document', nodes: [] },
        updatedBy: server.userId,
      });
      expect(typeof (empty.body as { updatedAt?: unknown }).updatedAt).toBe('string');
      const instructions = {
        object: 'document',
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Be brief.' }] }],
          },
        ],
      };
      const put = await server.http.request(
        'PUT',
        `/v1/orgs/${server.organizationId}/agent-instructions`,
        {
          body: { instructions },
        },
      );
      expect(put.status).toBe(200);
      expect(Value.Check(AgentInstructions, put.body)).toBe(true);
      expect(put.body).toMatchObject({ instructions, updatedBy: server.userId });
      const missing = await server.http.request(
        'PUT',
        `/v1/orgs/${server.organizationId}/agent-instructions`,
        {
          body: {},
        },
      );
      expect(missing.status).toBe(400);
      expect((missing.body as { error: { message: string } }).error.message).toContain(
        'body/instructions',
      );
    });
  });
}
