import { Collection, ErrorBody, ListOf, Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_GAP } from '../collections/sibling-order.js';
import { readAllPages } from '../testing/read-all-pages.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`collections over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    /** An organization of its own with an admin, so lists hold only what a test made. */
    async function freshOrganization(): Promise<{ organizationId: string; token: string }> {
      const organizationId = await seedOrganization(server.db, server.clock);
      const admin = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, organizationId, admin.userId, 'admin');
      return { organizationId, token: admin.token };
    }

    /** A member of the server's organization with `role`; returns their token. */
    async function memberWith(role: string | null, organizationId?: string): Promise<string> {
      const user = await seedUser(server.db, server.clock);
      await seedMember(
        server.db,
        server.clock,
        organizationId ?? server.organizationId,
        user.userId,
        role,
      );
      return user.token;
    }

    async function createCollection(
      body: Record<string, unknown> = {},
      as: { organizationId?: string; token?: string } = {},
    ): Promise<Collection> {
      const response = await server.http.request(
        'POST',
        `/v1/orgs/${as.organizationId ?? server.organizationId}/collections`,
        { body, ...(as.token === undefined ? {} : { token: as.token }) },
      );
      expect(response.status, response.text).toBe(201);
      expect(Value.Check(Collection, response.body)).toBe(true);
      return response.body as Collection;
    }

    async function createSpace(
      body: Record<string, unknown> = {},
      as: { organizationId?: string; token?: string } = {},
    ): Promise<Space> {
      const response = await server.http.request(
        'POST',
        `/v1/orgs/${as.organizationId ?? server.organizationId}/spaces`,
        { body, ...(as.token === undefined ? {} : { token: as.token }) },
      );
      expect(response.status, response.text).toBe(201);
      return response.body as Space;
    }

    async function move(
      collectionId: string,
      body: Record<string, unknown>,
      token?: string,
    ): Promise<{ status: number; body: unknown }> {
      return server.http.request('POST', `/v1/collections/${collectionId}/move`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
    }

    async function topLevelTitles(organizationId: string, token: string): Promise<string[]> {
      const all = await readAllPages<Collection>(
        server.http,
        `/v1/orgs/${organizationId}/collections`,
        { limit: 1000, token, query: { nested: 'false' } },
      );
      return all.items.map((collection) => collection.title);
    }

    describe('create and get', () => {
      it('creates a collection with the caller’s permissions and gets it back', async () => {
        const created = await createCollection({ title: 'Guides' });
        expect(created).toMatchObject({
          object: 'collection',
          title: 'Guides',
          organization: server.organizationId,
          defaultLevel: null,
          permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
        });
        expect(created).not.toHaveProperty('parent');
        expect(created.urls.location).toMatch(new RegExp(`/v1/collections/${created.id}$`));
        const got = await server.http.get(`/v1/collections/${created.id}`);
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toMatch(/^application\/json/);
        expect(Value.Check(Collection, got.body)).toBe(true);
        expect(got.body).toEqual(created);
      });

      it('creates an untitled collection from a bodyless POST', async () => {
        const response = await server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/collections`,
        );
        expect(response.status).toBe(201);
        expect(Value.Check(Collection, response.body)).toBe(true);
        expect((response.body as Collection).title).toBe('Untitled collection');
      });

      it('creates a nested collection inside a parent of the same organization', async () => {
        const parent = await createCollection({ title: 'Parent' });
        const child = await createCollection({ title: 'Child', parent: parent.id });
        expect(child.parent).toBe(parent.id);
      });

      it('accepts a 50-character title and rejects 51 characters naming the field', async () => {
        const longest = await createCollection({ title: 'x'.repeat(50) });
        expect(longest.title).toHaveLength(50);
        const response = await server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/collections`,
          { body: { title: 'x'.repeat(51) } },
        );
        expect(response.status).toBe(400);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
        expect((response.body as ErrorBody).error.message).toContain('body/title');
      });

      it('answers 404 for a parent that is not a collection of the organization', async () => {
        const other = await freshOrganization();
        const theirs = await createCollection({}, other);
        for (const parent of [theirs.id, 'no-such-collection']) {
          const response = await server.http.request(
            'POST',
            `/v1/orgs/${server.organizationId}/collections`,
            { body: { parent } },
          );
          expect(response.status).toBe(404);
          expect(response.body).toMatchObject({
            error: { code: 404, message: 'Collection not found' },
          });
        }
      });

      it('lets only members with the create role create collections (403 for read)', async () => {
        const reader = await memberWith('read');
        const response = await server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/collections`,
          { token: reader, body: { title: 'Nope' } },
        );
        expect(response.status).toBe(403);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
        expect(response.body).toMatchObject({ error: { code: 403 } });
        const creator = await memberWith('create');
        const made = await createCollection({ title: 'Mine' }, { token: creator });
        expect(made.permissions).toMatchObject({ view: true, admin: false, create: true });
      });

      it('answers 401 without a valid token', async () => {
        const collection = await createCollection();
        for (const token of [null, 'dsk_not-a-real-token']) {
          for (const [method, path] of [
            ['GET', `/v1/collections/${collection.id}`],
            ['GET', `/v1/orgs/${server.organizationId}/collections`],
            ['DELETE', `/v1/collections/${collection.id}`],
          ] as const) {
            const response = await server.http.request(method, path, { token });
            expect(response.status, `${method} ${path}`).toBe(401);
            expect(Value.Check(ErrorBody, response.body)).toBe(true);
            expect(response.body).toMatchObject({ error: { code: 401 } });
          }
        }
        expect((await server.http.get(`/v1/collections/${collection.id}`)).status).toBe(200);
      });

      it('answers 404 for an unknown collection and for another organization’s', async () => {
        const unknown = await server.http.get('/v1/collections/no-such-collection');
        expect(unknown.status).toBe(404);
        expect(unknown.body).toMatchObject({
          error: { code: 404, message: 'Collection not found' },
        });
        const other = await freshOrganization();
        const theirs = await createCollection({ title: 'Theirs' }, other);
        for (const [method, path, body] of [
          ['GET', `/v1/collections/${theirs.id}`, undefined],
          ['GET', `/v1/collections/${theirs.id}/spaces`, undefined],
          ['PATCH', `/v1/collections/${theirs.id}`, { title: 'Mine' }],
          ['POST', `/v1/collections/${theirs.id}/move`, { parent: null }],
          [
            'POST',
            `/v1/collections/${theirs.id}/transfer`,
            { organization: server.organizationId },
          ],
          ['GET', `/v1/orgs/${other.organizationId}/collections`, undefined],
          ['POST', `/v1/orgs/${other.organizationId}/collections`, {}],
        ] as const) {
          const response = await server.http.request(method, path, { body });
          expect(response.status, `${method} ${path}`).toBe(404);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
        }
        // Deleting it "succeeds" for a stranger, who learns nothing, and changes nothing.
        const removal = await server.http.request('DELETE', `/v1/collections/${theirs.id}`);
        expect(removal.status).toBe(204);
        const still = await server.http.get(`/v1/collections/${theirs.id}`, {
          token: other.token,
        });
        expect(still.status).toBe(200);
      });
    });

    describe('update', () => {
      it('patches title, description and default level, and clears the level with null', async () => {
        const collection = await createCollection({ title: 'Before' });
        const patched = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
          body: { title: 'After', description: 'd'.repeat(100), defaultLevel: 'comment' },
        });
        expect(patched.status).toBe(200);
        expect(Value.Check(Collection, patched.body)).toBe(true);
        expect(patched.body).toMatchObject({
          title: 'After',
          description: 'd'.repeat(100),
          defaultLevel: 'comment',
        });
        const cleared = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
          body: { defaultLevel: null },
        });
        expect(cleared.status).toBe(200);
        expect(cleared.body).toMatchObject({ title: 'After', defaultLevel: null });
      });

      it('rejects a title over 50 and a description over 100 characters, naming the field', async () => {
        const collection = await createCollection();
        for (const [body, field] of [
          [{ title: 't'.repeat(51) }, 'body/title'],
          [{ description: 'd'.repeat(101) }, 'body/description'],
        ] as const) {
          const response = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
            body,
          });
          expect(response.status).toBe(400);
          expect((response.body as ErrorBody).error.message).toContain(field);
        }
      });

      it('forbids a read member to patch (403) and an editor to change the default level', async () => {
        const collection = await createCollection({ title: 'Guarded' });
        const reader = await memberWith('read');
        const read = await server.http.get(`/v1/collections/${collection.id}`, { token: reader });
        expect(read.status).toBe(200);
        expect((read.body as Collection).permissions).toEqual({
          view: true,
          admin: false,
          viewInviteLinks: false,
          create: false,
        });
        const patch = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
          token: reader,
          body: { title: 'Nope' },
        });
        expect(patch.status).toBe(403);
        expect(Value.Check(ErrorBody, patch.body)).toBe(true);
        expect(patch.body).toMatchObject({ error: { code: 403 } });

        const editor = await memberWith('edit');
        const renamed = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
          token: editor,
          body: { title: 'Renamed' },
        });
        expect(renamed.status).toBe(200);
        const level = await server.http.request('PATCH', `/v1/collections/${collection.id}`, {
          token: editor,
          body: { defaultLevel: 'read' },
        });
        expect(level.status).toBe(403);
      });
    });

    describe('default levels', () => {
      it('inherit from space to collection to parent collection to the member’s role', async () => {
        const outer = await createCollection({ title: 'Outer' });
        const inner = await createCollection({ title: 'Inner', parent: outer.id });
        const inherits = await createSpace({ parent: inner.id });
        const overrides = await createSpace({ parent: inner.id });
        expect(
          (
            await server.http.request('PATCH', `/v1/collections/${outer.id}`, {
              body: { defaultLevel: 'read' },
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await server.http.request('PATCH', `/v1/spaces/${overrides.id}`, {
              body: { defaultLevel: 'comment' },
            })
          ).status,
        ).toBe(200);
        const editor = await memberWith('edit');
        const innerSeen = await server.http.get(`/v1/collections/${inner.id}`, { token: editor });
        expect(innerSeen.body).toMatchObject({ defaultLevel: null, permissions: { view: true } });
        const rename = await server.http.request('PATCH', `/v1/collections/${inner.id}`, {
          token: editor,
          body: { title: 'Nope' },
        });
        expect(rename.status).toBe(403);
        const listed = await readAllPages<Space>(
          server.http,
          `/v1/collections/${inner.id}/spaces`,
          { limit: 10, token: editor },
        );
        const byId = new Map(listed.items.map((space) => [space.id, space]));
        expect(byId.get(inherits.id)?.permissions).toMatchObject({ comment: false, edit: false });
        expect(byId.get(overrides.id)?.permissions).toMatchObject({ comment: true, edit: false });
        // An admin administrates whatever the default levels say.
        const admin = await server.http.get(`/v1/collections/${inner.id}`);
        expect((admin.body as Collection).permissions.admin).toBe(true);
      });
    });

    describe('lists', () => {
      it('lists an organization’s collections page by page, nested ones unless nested=false', async () => {
        const org = await freshOrganization();
        const made: string[] = [];
        for (let index = 0; index < 5; index++) {
          made.push((await createCollection({ title: `Top ${index}` }, org)).id);
        }
        const nested = await createCollection({ title: 'Nested', parent: made[0] }, org);
        const all = await readAllPages<Collection>(
          server.http,
          `/v1/orgs/${org.organizationId}/collections`,
          { limit: 2, token: org.token },
        );
        expect(all.pages).toBe(3);
        expect(all.count).toBe(6);
        expect(all.items.map((collection) => collection.id).sort()).toEqual(
          [...made, nested.id].sort(),
        );
        const page = await server.http.get(`/v1/orgs/${org.organizationId}/collections?limit=2`, {
          token: org.token,
        });
        expect(Value.Check(ListOf(Collection), page.body)).toBe(true);
        const top = await readAllPages<Collection>(
          server.http,
          `/v1/orgs/${org.organizationId}/collections`,
          { limit: 2, token: org.token, query: { nested: 'false' } },
        );
        expect(top.count).toBe(5);
        expect(top.items.map((collection) => collection.id)).toEqual(made);
      });

      it('ends the last page without `next` and rejects limit 1001 and forged cursors', async () => {
        const org = await freshOrganization();
        await createCollection({}, org);
        const path = `/v1/orgs/${org.organizationId}/collections`;
        const only = await server.http.get(`${path}?limit=1000`, { token: org.token });
        expect(only.status).toBe(200);
        expect(only.body).toMatchObject({ count: 1 });
        expect(only.body).not.toHaveProperty('next');
        for (const query of ['limit=1001', 'limit=0', 'page=bm9wZQ', 'nested=maybe']) {
          const response = await server.http.get(`${path}?${query}`, { token: org.token });
          expect(response.status, query).toBe(400);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
        }
      });

      it('lists the spaces in a collection page by page, without deleted ones', async () => {
        const collection = await createCollection();
        const made: string[] = [];
        for (let index = 0; index < 5; index++) {
          made.push((await createSpace({ title: `In ${index}`, parent: collection.id })).id);
        }
        await createSpace({ title: 'Outside' });
        const gone = await createSpace({ parent: collection.id });
        expect((await server.http.request('DELETE', `/v1/spaces/${gone.id}`)).status).toBe(204);
        const first = await server.http.get(`/v1/collections/${collection.id}/spaces?limit=2`);
        expect(first.status).toBe(200);
        expect(Value.Check(ListOf(Space), first.body)).toBe(true);
        const all = await readAllPages<Space>(
          server.http,
          `/v1/collections/${collection.id}/spaces`,
          { limit: 2 },
        );
        expect(all.pages).toBe(3);
        expect(all.count).toBe(5);
        expect(all.items.map((space) => space.id)).toEqual(made);
        expect(all.items.every((space) => space.parent === collection.id)).toBe(true);
      });

      it('shows guests no collections', async () => {
        await createCollection();
        const guest = await memberWith(null);
        const response = await server.http.get(`/v1/orgs/${server.organizationId}/collections`, {
          token: guest,
        });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ items: [], count: 0 });
        const collection = await createCollection();
        expect(
          (await server.http.get(`/v1/collections/${collection.id}`, { token: guest })).status,
        ).toBe(404);
      });
    });

    describe('move', () => {
      it('places a collection before or after a sibling, as the list shows', async () => {
        const org = await freshOrganization();
        const a = await createCollection({ title: 'A' }, org);
        await createCollection({ title: 'B' }, org);
        const c = await createCollection({ title: 'C' }, org);
        const before = await move(
          c.id,
          { position: { before: { type: 'space', space: a.id } } },
          org.token,
        );
        expect(before.status).toBe(200);
        expect(Value.Check(Collection, before.body)).toBe(true);
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['C', 'A', 'B']);
        const after = await move(
          c.id,
          { position: { after: { type: 'space', space: a.id } } },
          org.token,
        );
        expect(after.status).toBe(200);
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['A', 'C', 'B']);
        // A space is a sibling too: a collection can go before it.
        const space = await createSpace({ title: 'S' }, org);
        const beforeSpace = await move(
          a.id,
          { position: { after: { type: 'space', space: space.id } } },
          org.token,
        );
        expect(beforeSpace.status).toBe(200);
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['C', 'B', 'A']);
      });

      it('keeps the order right when repeated moves exhaust the gap between neighbours', async () => {
        const org = await freshOrganization();
        const first = await createCollection({ title: 'first' }, org);
        const x = await createCollection({ title: 'x' }, org);
        const y = await createCollection({ title: 'y' }, org);
        // Each move halves the gap after `first`: past ~30 moves the list must renumber, and
        // past ~52 plain midpoints would collide, so 60 moves go through two renumberings.
        let expected = ['first', 'x', 'y'];
        for (let round = 0; round < 60; round++) {
          const moving = round % 2 === 0 ? y : x;
          const response = await move(
            moving.id,
            { position: { after: { type: 'space', space: first.id } } },
            org.token,
          );
          expect(response.status).toBe(200);
          expected = ['first', moving.title, moving === x ? 'y' : 'x'];
        }
        const positions = (
          await server.db
            .selectFrom('collections')
            .select('position')
            .where('organization_id', '=', org.organizationId)
            .orderBy('position')
            .execute()
        ).map((row) => row.position);
        for (let index = 1; index < positions.length; index++) {
          expect((positions[index] ?? 0) - (positions[index - 1] ?? 0)).toBeGreaterThanOrEqual(
            MIN_POSITION_GAP / 2,
          );
        }
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(expected);
        const last = await move(
          x.id,
          { position: { before: { type: 'space', space: first.id } } },
          org.token,
        );
        expect(last.status).toBe(200);
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['x', 'first', 'y']);
      });

      it('moves into a collection and back to the top level', async () => {
        const org = await freshOrganization();
        const home = await createCollection({ title: 'Home' }, org);
        const wanderer = await createCollection({ title: 'Wanderer' }, org);
        const inside = await move(wanderer.id, { parent: home.id }, org.token);
        expect(inside.status).toBe(200);
        expect(inside.body).toMatchObject({ id: wanderer.id, parent: home.id });
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['Home']);
        const out = await move(wanderer.id, { parent: null }, org.token);
        expect(out.status).toBe(200);
        expect(out.body).not.toHaveProperty('parent');
        expect(await topLevelTitles(org.organizationId, org.token)).toEqual(['Home', 'Wanderer']);
      });

      it('takes the parent of the position reference when no parent is given', async () => {
        const org = await freshOrganization();
        const home = await createCollection({ title: 'Home' }, org);
        const resident = await createCollection({ title: 'Resident', parent: home.id }, org);
        const newcomer = await createCollection({ title: 'Newcomer' }, org);
        const response = await move(
          newcomer.id,
          { position: { before: { type: 'space', space: resident.id } } },
          org.token,
        );
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ parent: home.id });
      });

      it('answers 409 for a target that cannot hold the collection', async () => {
        const org = await freshOrganization();
        const outer = await createCollection({ title: 'Outer' }, org);
        const inner = await createCollection({ title: 'Inner', parent: outer.id }, org);
        const elsewhere = await createCollection({ title: 'Elsewhere' }, org);
        const theirs = await createCollection({ title: 'Theirs' });
        for (const body of [
          { parent: outer.id }, // itself
          { parent: inner.id }, // inside itself
          { parent: theirs.id }, // another organization's collection
          { parent: 'no-such-collection' },
          { position: { before: { type: 'space', space: outer.id } } }, // itself
          { position: { before: { type: 'space', space: 'no-such-item' } } },
          { parent: elsewhere.id, position: { after: { type: 'space', space: inner.id } } },
        ]) {
          const response = await move(outer.id, body, org.token);
          expect(response.status, JSON.stringify(body)).toBe(409);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
          expect(response.body).toMatchObject({ error: { code: 409 } });
        }
      });

      it('forbids members who are not admins to move a collection', async () => {
        const collection = await createCollection();
        const creator = await memberWith('create');
        const response = await move(collection.id, { parent: null }, creator);
        expect(response.status).toBe(403);
      });
    });

    describe('transfer', () => {
      it('transfers a collection with its nested collections and spaces', async () => {
        const target = await seedOrganization(server.db, server.clock);
        await seedMember(server.db, server.clock, target, server.userId, 'admin');
        const parent = await createCollection({ title: 'Parent' });
        const moving = await createCollection({ title: 'Moving', parent: parent.id });
        const nested = await createCollection({ title: 'Nested', parent: moving.id });
        const space = await createSpace({ parent: nested.id });
        const response = await server.http.request(
          'POST',
          `/v1/collections/${moving.id}/transfer`,
          { body: { organization: target } },
        );
        expect(response.status).toBe(200);
        expect(Value.Check(Collection, response.body)).toBe(true);
        expect(response.body).toMatchObject({ id: moving.id, organization: target });
        expect(response.body).not.toHaveProperty('parent');
        const nestedNow = await server.http.get(`/v1/collections/${nested.id}`);
        expect(nestedNow.body).toMatchObject({ organization: target, parent: moving.id });
        const spaceNow = await server.http.get(`/v1/spaces/${space.id}`);
        expect(spaceNow.body).toMatchObject({ organization: target, parent: nested.id });
        const listed = await readAllPages<Collection>(
          server.http,
          `/v1/orgs/${target}/collections`,
          { limit: 10 },
        );
        expect(listed.items.map((collection) => collection.id).sort()).toEqual(
          [moving.id, nested.id].sort(),
        );
      });

      it('answers 412 for the organization the collection is already in', async () => {
        const collection = await createCollection();
        const response = await server.http.request(
          'POST',
          `/v1/collections/${collection.id}/transfer`,
          { body: { organization: server.organizationId } },
        );
        expect(response.status).toBe(412);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
        expect(response.body).toMatchObject({ error: { code: 412 } });
      });

      it('requires admin in both organizations (404 when not a member of the target)', async () => {
        const collection = await createCollection();
        const stranger = await seedOrganization(server.db, server.clock);
        const notMember = await server.http.request(
          'POST',
          `/v1/collections/${collection.id}/transfer`,
          { body: { organization: stranger } },
        );
        expect(notMember.status).toBe(404);
        expect(notMember.body).toMatchObject({
          error: { code: 404, message: 'Organization not found' },
        });
        const editorThere = await seedOrganization(server.db, server.clock);
        await seedMember(server.db, server.clock, editorThere, server.userId, 'edit');
        const notAdmin = await server.http.request(
          'POST',
          `/v1/collections/${collection.id}/transfer`,
          { body: { organization: editorThere } },
        );
        expect(notAdmin.status).toBe(403);
        const creator = await memberWith('create');
        const notAdminHere = await server.http.request(
          'POST',
          `/v1/collections/${collection.id}/transfer`,
          { token: creator, body: { organization: server.organizationId } },
        );
        expect(notAdminHere.status).toBe(403);
      });
    });

    describe('delete', () => {
      it('answers 204 and 204 again when the collection is absent', async () => {
        const collection = await createCollection();
        const first = await server.http.request('DELETE', `/v1/collections/${collection.id}`);
        expect(first.status).toBe(204);
        expect(first.text).toBe('');
        expect((await server.http.get(`/v1/collections/${collection.id}`)).status).toBe(404);
        const again = await server.http.request('DELETE', `/v1/collections/${collection.id}`);
        expect(again.status).toBe(204);
        const never = await server.http.request('DELETE', '/v1/collections/never-existed');
        expect(never.status).toBe(204);
      });

      it('deletes the spaces inside for 7 days instead of destroying them', async () => {
        const outer = await createCollection({ title: 'Outer' });
        const inner = await createCollection({ title: 'Inner', parent: outer.id });
        expect(
          (
            await server.http.request('PATCH', `/v1/collections/${outer.id}`, {
              body: { defaultLevel: 'read' },
            })
          ).status,
        ).toBe(200);
        const direct = await createSpace({ title: 'Direct', parent: outer.id });
        const deep = await createSpace({ title: 'Deep', parent: inner.id });
        const removal = await server.http.request('DELETE', `/v1/collections/${outer.id}`);
        expect(removal.status).toBe(204);
        for (const id of [outer.id, inner.id]) {
          expect((await server.http.get(`/v1/collections/${id}`)).status).toBe(404);
        }
        for (const space of [direct, deep]) {
          expect((await server.http.get(`/v1/spaces/${space.id}`)).status).toBe(404);
          const restored = await server.http.request('POST', `/v1/spaces/${space.id}/restore`);
          expect(restored.status).toBe(200);
          expect(Value.Check(Space, restored.body)).toBe(true);
          // Back at the top level, private, and no more open than inside the collection.
          expect(restored.body).toMatchObject({
            title: space.title,
            visibility: 'private',
            defaultLevel: 'read',
          });
          expect(restored.body).not.toHaveProperty('parent');
        }
      });

      it('forbids members who are not admins to delete a collection', async () => {
        const collection = await createCollection();
        const creator = await memberWith('create');
        const response = await server.http.request('DELETE', `/v1/collections/${collection.id}`, {
          token: creator,
        });
        expect(response.status).toBe(403);
        expect((await server.http.get(`/v1/collections/${collection.id}`)).status).toBe(200);
      });
    });
  });
}
