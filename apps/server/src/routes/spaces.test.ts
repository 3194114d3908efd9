import { ErrorBody, ListOf, Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_WINDOW_MS } from '../spaces/space-lifecycle.js';
import { seedCollection, seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const DAY = 24 * 60 * 60 * 1000;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`spaces over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function createSpace(body: Record<string, unknown> = {}): Promise<Space> {
      const created = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        { body },
      );
      expect(created.status).toBe(201);
      expect(Value.Check(Space, created.body)).toBe(true);
      return created.body as Space;
    }

    it('creates a space and gets it back with the admin’s permissions', async () => {
      const space = await createSpace({ title: 'Handbook', emoji: '1f4d8' });
      expect(space).toMatchObject({
        object: 'space',
        title: 'Handbook',
        organization: server.organizationId,
        visibility: 'private',
        permissions: { view: true, admin: true, edit: true },
      });
      const got = await server.http.get(`/v1/spaces/${space.id}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Value.Check(Space, got.body)).toBe(true);
      expect(got.body).toEqual(space);
    });

    it('creates a space from a bodyless POST with no content type', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      expect(Value.Check(Space, created.body)).toBe(true);
    });

    it('patches a space and rejects a title over 50 characters naming the field', async () => {
      const space = await createSpace();
      const patched = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
        body: { title: 'Renamed', editMode: 'locked', mergeRules: { type: 'none' } },
      });
      expect(patched.status).toBe(200);
      expect(Value.Check(Space, patched.body)).toBe(true);
      expect(patched.body).toMatchObject({
        title: 'Renamed',
        editMode: 'locked',
        mergeRules: { type: 'none' },
      });

      const tooLong = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
        body: { title: 'x'.repeat(51) },
      });
      expect(tooLong.status).toBe(400);
      expect(Value.Check(ErrorBody, tooLong.body)).toBe(true);
      const { error } = tooLong.body as ErrorBody;
      expect(error.code).toBe(400);
      expect(error.message).toContain('body/title');
    });

    it('rejects unknown enum values and wrong types with 400', async () => {
      const space = await createSpace();
      for (const body of [
        { editMode: 'frozen' },
        { title: 42 },
        { defaultLevel: 'owner' },
        { mergeRules: { type: 'x' } },
      ]) {
        const response = await server.http.request('PATCH', `/v1/spaces/${space.id}`, { body });
        expect(response.status).toBe(400);
        expect((response.body as ErrorBody).error.code).toBe(400);
      }
    });

    it('answers 401 without a valid token', async () => {
      const space = await createSpace();
      for (const token of [null, 'dsk_not-a-real-token']) {
        const response = await server.http.get(`/v1/spaces/${space.id}`, { token });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ error: { code: 401 } });
      }
    });

    it('answers 404 for an unknown space and for a space of another organization', async () => {
      const unknown = await server.http.get('/v1/spaces/no-such-space');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: { code: 404, message: 'Space not found' } });

      const other = await seedOrganization(server.db, server.clock);
      const stranger = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, other, stranger.userId, 'admin');
      const theirs = await server.http.request('POST', `/v1/orgs/${other}/spaces`, {
        token: stranger.token,
        body: { title: 'Theirs' },
      });
      expect(theirs.status).toBe(201);
      const { id } = theirs.body as Space;
      const response = await server.http.get(`/v1/spaces/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 404 } });
      const patch = await server.http.request('PATCH', `/v1/spaces/${id}`, {
        body: { title: 'Mine' },
      });
      expect(patch.status).toBe(404);
      const create = await server.http.request('POST', `/v1/orgs/${other}/spaces`, { body: {} });
      expect(create.status).toBe(404);
    });

    it('lets a read-role member read but not patch or delete (403)', async () => {
      const space = await createSpace({ title: 'Read only' });
      const reader = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, reader.userId, 'read');
      const got = await server.http.get(`/v1/spaces/${space.id}`, { token: reader.token });
      expect(got.status).toBe(200);
      expect((got.body as Space).permissions).toMatchObject({
        view: true,
        edit: false,
        admin: false,
      });

      const patch = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
        token: reader.token,
        body: { title: 'Nope' },
      });
      expect(patch.status).toBe(403);
      expect(patch.body).toMatchObject({ error: { code: 403 } });
      const removal = await server.http.request('DELETE', `/v1/spaces/${space.id}`, {
        token: reader.token,
      });
      expect(removal.status).toBe(403);
      const create = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        token: reader.token,
      });
      expect(create.status).toBe(403);
    });

    it('applies a collection’s default level to the spaces inside it', async () => {
      const collection = await seedCollection(server.db, server.clock, server.organizationId, {
        defaultLevel: 'read',
      });
      const space = await createSpace({ parent: collection });
      expect(space).toMatchObject({ parent: collection, visibility: 'in-collection' });
      const editor = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, editor.userId, 'edit');
      const got = await server.http.get(`/v1/spaces/${space.id}`, { token: editor.token });
      expect((got.body as Space).permissions).toMatchObject({ view: true, edit: false });
      const patch = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
        token: editor.token,
        body: { title: 'Nope' },
      });
      expect(patch.status).toBe(403);
    });

    it('deletes with 204, also when the space is absent', async () => {
      const space = await createSpace();
      const first = await server.http.request('DELETE', `/v1/spaces/${space.id}`);
      expect(first.status).toBe(204);
      expect(first.text).toBe('');
      expect((await server.http.get(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect((await server.http.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
      expect((await server.http.request('DELETE', '/v1/spaces/never-existed')).status).toBe(204);
    });

    it('restores a space within 7 days of its deletion', async () => {
      const space = await createSpace({ title: 'Back soon' });
      expect((await server.http.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
      server.clock.advance(6 * DAY);
      const restored = await server.http.request('POST', `/v1/spaces/${space.id}/restore`);
      expect(restored.status).toBe(200);
      expect(Value.Check(Space, restored.body)).toBe(true);
      expect(restored.body).toMatchObject({ id: space.id, title: 'Back soon' });
      expect(restored.body).not.toHaveProperty('deletedAt');
      expect((await server.http.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    });

    it('cannot restore a space after 7 days: it is gone for good', async () => {
      const space = await createSpace();
      expect((await server.http.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
      server.clock.advance(RESTORE_WINDOW_MS + 1);
      const restored = await server.http.request('POST', `/v1/spaces/${space.id}/restore`, {
        contentType: 'application/json',
        rawBody: '',
      });
      expect(restored.status).toBe(404);
      expect(restored.body).toMatchObject({ error: { code: 404 } });
    });

    it('lists an organization’s spaces page by page without gaps or repeats', async () => {
      const other = await seedOrganization(server.db, server.clock);
      const admin = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, other, admin.userId, 'admin');
      const created: string[] = [];
      for (let index = 0; index < 7; index++) {
        server.clock.advance(1);
        const response = await server.http.request('POST', `/v1/orgs/${other}/spaces`, {
          token: admin.token,
          body: { title: `Space ${index}` },
        });
        created.push((response.body as Space).id);
      }
      const seen: string[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const query = new URLSearchParams({ limit: '3', ...(page === undefined ? {} : { page }) });
        const response = await server.http.get(`/v1/orgs/${other}/spaces?${query.toString()}`, {
          token: admin.token,
        });
        expect(response.status).toBe(200);
        expect(Value.Check(ListOf(Space), response.body)).toBe(true);
        const body = response.body as { items: Space[]; count: number; next?: { page: string } };
        expect(body.count).toBe(pages === 0 ? 7 : 8);
        seen.push(...body.items.map((space) => space.id));
        page = body.next?.page;
        pages++;
        if (pages === 1) {
          // A space created mid-listing shows up at the end, without shifting the pages.
          server.clock.advance(1);
          const late = await server.http.request('POST', `/v1/orgs/${other}/spaces`, {
            token: admin.token,
            body: { title: 'Late' },
          });
          created.push((late.body as Space).id);
        }
      } while (page !== undefined);
      expect(pages).toBe(3);
      expect(seen).toEqual(created);
    });

    it('rejects limit 1001 and a forged cursor with 400', async () => {
      const tooMany = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?limit=1001`);
      expect(tooMany.status).toBe(400);
      expect((tooMany.body as ErrorBody).error.message).toContain('query/limit');
      const forged = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?page=bm9wZQ`);
      expect(forged.status).toBe(400);
      const zero = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?limit=0`);
      expect(zero.status).toBe(400);
      const ok = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?limit=1000`);
      expect(ok.status).toBe(200);
    });

    it('answers 404 for a template that does not exist', async () => {
      const response = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        {
          body: { template: { id: 'nope' } },
        },
      );
      expect(response.status).toBe(404);
    });
  });
}
