import { ErrorBody, Space, type Collection } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`space duplicate, move and transfer over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    /** A member of the server's organization with `role`; returns their token. */
    async function memberWith(role: string | null): Promise<string> {
      const user = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, server.organizationId, user.userId, role);
      return user.token;
    }

    /** Another organization in which the server's admin has `role`. */
    async function organizationWhereAdminIs(role: string | null): Promise<string> {
      const id = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, id, server.userId, role);
      return id;
    }

    async function createSpace(
      body: Record<string, unknown> = {},
      organizationId = server.organizationId,
    ): Promise<Space> {
      const response = await server.http.request('POST', `/v1/orgs/${organizationId}/spaces`, {
        body,
      });
      expect(response.status, response.text).toBe(201);
      return response.body as Space;
    }

    async function createCollection(
      body: Record<string, unknown> = {},
      organizationId = server.organizationId,
    ): Promise<Collection> {
      const response = await server.http.request('POST', `/v1/orgs/${organizationId}/collections`, {
        body,
      });
      expect(response.status, response.text).toBe(201);
      return response.body as Collection;
    }

    async function titlesIn(collectionId: string): Promise<string[]> {
      const all = await readAllPages<Space>(server.http, `/v1/collections/${collectionId}/spaces`, {
        limit: 1000,
      });
      return all.items.map((space) => space.title);
    }

    function post(path: string, body?: unknown, token?: string) {
      return server.http.request('POST', path, {
        ...(body === undefined ? {} : { body }),
        ...(token === undefined ? {} : { token }),
      });
    }

    describe('duplicate', () => {
      it('makes a new space with the same settings, right after the original', async () => {
        const collection = await createCollection();
        const original = await createSpace({
          title: 'Original',
          emoji: '1f4d8',
          language: 'fr',
          editMode: 'locked',
          parent: collection.id,
        });
        const after = await createSpace({ title: 'After', parent: collection.id });
        const patched = await server.http.request('PATCH', `/v1/spaces/${original.id}`, {
          body: { defaultLevel: 'comment', mergeRules: { type: 'none' } },
        });
        expect(patched.status).toBe(200);
        const response = await server.http.request('POST', `/v1/spaces/${original.id}/duplicate`);
        expect(response.status).toBe(201);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(Value.Check(Space, response.body)).toBe(true);
        const copy = response.body as Space;
        expect(copy.id).not.toBe(original.id);
        const source = patched.body as Space;
        const same = (space: Space) => {
          const { id: _id, createdAt: _c, updatedAt: _u, urls: _l, ...settings } = space;
          return settings;
        };
        expect(same(copy)).toEqual(same(source));
        expect(await titlesIn(collection.id)).toEqual(['Original', 'Original', 'After']);
        expect(after.id).not.toBe(copy.id);
        // The original is untouched.
        const again = await server.http.get(`/v1/spaces/${original.id}`);
        expect(again.body).toEqual(source);
      });

      it('accepts a bodyless POST sent with a JSON content type', async () => {
        const original = await createSpace();
        const response = await server.http.request('POST', `/v1/spaces/${original.id}/duplicate`, {
          rawBody: '',
          contentType: 'application/json',
        });
        expect(response.status).toBe(201);
      });

      it('needs the create role where the copy goes (403 for read), 404 for what one cannot see', async () => {
        const original = await createSpace();
        const reader = await memberWith('read');
        const forbidden = await post(`/v1/spaces/${original.id}/duplicate`, undefined, reader);
        expect(forbidden.status).toBe(403);
        expect(Value.Check(ErrorBody, forbidden.body)).toBe(true);
        const creator = await memberWith('create');
        expect((await post(`/v1/spaces/${original.id}/duplicate`, undefined, creator)).status).toBe(
          201,
        );

        expect((await post('/v1/spaces/no-such-space/duplicate')).status).toBe(404);
        const gone = await createSpace();
        expect((await server.http.request('DELETE', `/v1/spaces/${gone.id}`)).status).toBe(204);
        const deleted = await post(`/v1/spaces/${gone.id}/duplicate`);
        expect(deleted.status).toBe(404);
        expect(deleted.body).toMatchObject({ error: { code: 404, message: 'Space not found' } });
        const unauthenticated = await server.http.request(
          'POST',
          `/v1/spaces/${original.id}/duplicate`,
          { token: null },
        );
        expect(unauthenticated.status).toBe(401);
        expect(Value.Check(ErrorBody, unauthenticated.body)).toBe(true);
      });
    });

    describe('move', () => {
      it('places a space before or after a sibling, as the collection’s list shows', async () => {
        const collection = await createCollection();
        const a = await createSpace({ title: 'A', parent: collection.id });
        const b = await createSpace({ title: 'B', parent: collection.id });
        const c = await createSpace({ title: 'C', parent: collection.id });
        const before = await post(`/v1/spaces/${c.id}/move`, {
          position: { before: { type: 'space', space: a.id } },
        });
        expect(before.status).toBe(200);
        expect(Value.Check(Space, before.body)).toBe(true);
        expect(await titlesIn(collection.id)).toEqual(['C', 'A', 'B']);
        const after = await post(`/v1/spaces/${a.id}/move`, {
          position: { after: { type: 'space', space: b.id } },
        });
        expect(after.status).toBe(200);
        expect(await titlesIn(collection.id)).toEqual(['C', 'B', 'A']);
      });

      it('moves a space into a collection and back to the top level, private again', async () => {
        const collection = await createCollection();
        const resident = await createSpace({ title: 'Resident', parent: collection.id });
        const space = await createSpace({ title: 'Mover' });
        expect(space.visibility).toBe('private');
        const inside = await post(`/v1/spaces/${space.id}/move`, {
          parent: collection.id,
          position: { before: { type: 'space', space: resident.id } },
        });
        expect(inside.status).toBe(200);
        expect(inside.body).toMatchObject({ parent: collection.id, visibility: 'private' });
        expect(await titlesIn(collection.id)).toEqual(['Mover', 'Resident']);

        // `in-collection` exists only inside a collection: leaving makes the space private.
        expect(resident.visibility).toBe('in-collection');
        const out = await post(`/v1/spaces/${resident.id}/move`, { parent: null });
        expect(out.status).toBe(200);
        expect(out.body).toMatchObject({ visibility: 'private' });
        expect(out.body).not.toHaveProperty('parent');
        expect(await titlesIn(collection.id)).toEqual(['Mover']);
      });

      it('lands next to the position reference when no parent is given', async () => {
        const collection = await createCollection();
        const resident = await createSpace({ parent: collection.id });
        const space = await createSpace();
        const response = await post(`/v1/spaces/${space.id}/move`, {
          position: { after: { type: 'space', space: resident.id } },
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ parent: collection.id });
      });

      it('answers 409 for an invalid target', async () => {
        const space = await createSpace();
        const collection = await createCollection();
        const other = await organizationWhereAdminIs('admin');
        const theirs = await createCollection({}, other);
        const theirSpace = await createSpace({}, other);
        const gone = await createSpace();
        expect((await server.http.request('DELETE', `/v1/spaces/${gone.id}`)).status).toBe(204);
        for (const body of [
          { parent: theirs.id },
          { parent: 'no-such-collection' },
          { position: { before: { type: 'space', space: theirSpace.id } } },
          { position: { before: { type: 'space', space: gone.id } } },
          { position: { after: { type: 'space', space: space.id } } },
          { parent: collection.id, position: { after: { type: 'space', space: gone.id } } },
        ]) {
          const response = await post(`/v1/spaces/${space.id}/move`, body);
          expect(response.status, JSON.stringify(body)).toBe(409);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
          expect(response.body).toMatchObject({ error: { code: 409 } });
        }
      });

      it('forbids members who are not admins to move a space, and hides others’ spaces', async () => {
        const space = await createSpace();
        const editor = await memberWith('edit');
        const forbidden = await post(`/v1/spaces/${space.id}/move`, { parent: null }, editor);
        expect(forbidden.status).toBe(403);
        expect(forbidden.body).toMatchObject({ error: { code: 403 } });
        const stranger = await seedUser(server.db, server.clock);
        const hidden = await post(`/v1/spaces/${space.id}/move`, { parent: null }, stranger.token);
        expect(hidden.status).toBe(404);
      });
    });

    describe('transfer', () => {
      it('transfers a space to another organization, at its top level', async () => {
        const target = await organizationWhereAdminIs('admin');
        const collection = await createCollection();
        const space = await createSpace({ title: 'Leaving', parent: collection.id });
        const response = await post(`/v1/spaces/${space.id}/transfer`, { organization: target });
        expect(response.status).toBe(200);
        expect(Value.Check(Space, response.body)).toBe(true);
        expect(response.body).toMatchObject({
          id: space.id,
          organization: target,
          visibility: 'private',
        });
        expect(response.body).not.toHaveProperty('parent');
        const listed = await readAllPages<Space>(server.http, `/v1/orgs/${target}/spaces`, {
          limit: 10,
        });
        expect(listed.items.map((item) => item.id)).toEqual([space.id]);
        expect(await titlesIn(collection.id)).toEqual([]);
      });

      it('transfers into a collection of the target organization, or of its own', async () => {
        const target = await organizationWhereAdminIs('admin');
        const there = await createCollection({}, target);
        const space = await createSpace();
        const response = await post(`/v1/spaces/${space.id}/transfer`, {
          organization: target,
          collection: there.id,
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ organization: target, parent: there.id });

        const here = await createCollection();
        const local = await createSpace();
        const within = await post(`/v1/spaces/${local.id}/transfer`, {
          organization: server.organizationId,
          collection: here.id,
        });
        expect(within.status).toBe(200);
        expect(within.body).toMatchObject({ organization: server.organizationId, parent: here.id });
      });

      it('answers 412 when a precondition fails', async () => {
        const target = await organizationWhereAdminIs('admin');
        const elsewhere = await createCollection();
        const space = await createSpace();
        const inCollection = await createSpace({ parent: elsewhere.id });
        for (const [id, body] of [
          // The collection must be one of the target organization's.
          [space.id, { organization: target, collection: elsewhere.id }],
          [space.id, { organization: target, collection: 'no-such-collection' }],
          // The target must be another organization, another collection, or both.
          [space.id, { organization: server.organizationId }],
          [inCollection.id, { organization: server.organizationId, collection: elsewhere.id }],
        ] as const) {
          const response = await post(`/v1/spaces/${id}/transfer`, body);
          expect(response.status, JSON.stringify(body)).toBe(412);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
          expect(response.body).toMatchObject({ error: { code: 412 } });
        }
        expect((await server.http.get(`/v1/spaces/${space.id}`)).body).toMatchObject({
          organization: server.organizationId,
        });
      });

      it('requires admin in both organizations', async () => {
        const space = await createSpace();
        const stranger = await seedOrganization(server.db, server.clock);
        const notMember = await post(`/v1/spaces/${space.id}/transfer`, { organization: stranger });
        expect(notMember.status).toBe(404);
        expect(notMember.body).toMatchObject({
          error: { code: 404, message: 'Organization not found' },
        });
        const editorThere = await organizationWhereAdminIs('edit');
        const notAdminThere = await post(`/v1/spaces/${space.id}/transfer`, {
          organization: editorThere,
        });
        expect(notAdminThere.status).toBe(403);
        const target = await organizationWhereAdminIs('admin');
        const creator = await memberWith('create');
        const notAdminHere = await post(
          `/v1/spaces/${space.id}/transfer`,
          { organization: target },
          creator,
        );
        expect(notAdminHere.status).toBe(403);
        expect((await server.http.get(`/v1/spaces/${space.id}`)).body).toMatchObject({
          organization: server.organizationId,
        });
      });
    });
  });
}
