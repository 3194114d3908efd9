import type { AddressInfo } from 'node:net';
import type { Space } from '@docsync/api';
import { createHttpClient, makeTempDir, ManualClock, type HttpClient } from '@docsync/test-utils';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from '../blobs/blob-store.js';
import { initServer } from '../bootstrap/init-server.js';
import { createServer } from '../create-server.js';
import { createLogger } from '../http/logger.js';
import { openDatabase, type Database } from '../storage/open-database.js';
import { changeOf } from '../testing/change-of.js';
import { seedCollection, seedMember, seedUser } from '../testing/seed.js';
import {
  seedOrganizationWithMembers,
  type SeededOrganization,
} from '../testing/seed-organization-with-members.js';
import { openTestDatabase, testDatabaseUrl } from '../testing/open-test-database.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/**
 * Token lookups and `GET /v1/spaces/{id}` are answered from memory while nothing they read has
 * changed (`storage/read-cache.ts`). Each test reads once to have the answer kept, changes what
 * it depends on, and expects the very next request to see the change.
 */
for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`reads kept in memory stay true (${dialect})`, () => {
    let server: TestServer;
    let org: SeededOrganization;
    let admin: HttpClient;
    let editor: HttpClient;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'edit' },
      ]);
      admin = createHttpClient(server.baseUrl, org.members[0]?.token);
      editor = createHttpClient(server.baseUrl, org.members[1]?.token);
    });
    afterAll(async () => {
      await server.close();
    });

    const editorId = () => org.members[1]?.userId ?? '';

    async function createSpace(body: Record<string, unknown> = {}): Promise<Space> {
      const created = await admin.request('POST', `/v1/orgs/${org.organizationId}/spaces`, {
        body,
      });
      expect(created.status).toBe(201);
      return created.body as Space;
    }

    /** Reads a space twice as `client`, so the second answer came from memory. */
    async function readTwice(client: HttpClient, spaceId: string): Promise<Space> {
      await client.get(`/v1/spaces/${spaceId}`);
      const again = await client.get(`/v1/spaces/${spaceId}`);
      expect(again.status).toBe(200);
      return again.body as Space;
    }

    it('refuses a token on the very next request once its row is deleted', async () => {
      const space = await createSpace();
      const { userId, token } = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, org.organizationId, userId, 'read');
      const reader = createHttpClient(server.baseUrl, token);
      await readTwice(reader, space.id);
      await server.db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
      expect((await reader.get(`/v1/spaces/${space.id}`)).status).toBe(401);
    });

    it('refuses a member removed from the organization on the very next request', async () => {
      const space = await createSpace();
      await readTwice(editor, space.id);
      const removed = await admin.request(
        'DELETE',
        `/v1/orgs/${org.organizationId}/members/${editorId()}`,
      );
      expect(removed.status).toBe(204);
      expect((await editor.get(`/v1/spaces/${space.id}`)).status).toBe(404);
      // Back in, for the tests that follow.
      await seedMember(server.db, server.clock, org.organizationId, editorId(), 'edit');
      expect((await editor.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    });

    it('shows a role change in the permissions of the very next response', async () => {
      const space = await createSpace();
      expect((await readTwice(editor, space.id)).permissions.edit).toBe(true);
      const members = `/v1/orgs/${org.organizationId}/members/${editorId()}`;
      expect((await admin.request('PATCH', members, { body: { role: 'read' } })).status).toBe(200);
      expect(((await editor.get(`/v1/spaces/${space.id}`)).body as Space).permissions.edit).toBe(
        false,
      );
      expect((await admin.request('PATCH', members, { body: { role: 'edit' } })).status).toBe(200);
    });

    it('applies a collection’s new default level on the very next request', async () => {
      const collection = await seedCollection(server.db, server.clock, org.organizationId);
      const space = await createSpace({ parent: collection });
      expect((await readTwice(editor, space.id)).permissions.edit).toBe(true);
      const patched = await admin.request('PATCH', `/v1/collections/${collection}`, {
        body: { defaultLevel: 'read' },
      });
      expect(patched.status).toBe(200);
      expect(((await editor.get(`/v1/spaces/${space.id}`)).body as Space).permissions.edit).toBe(
        false,
      );
    });

    it('shows a patched space on the very next GET', async () => {
      const space = await createSpace({ title: 'Before' });
      await readTwice(editor, space.id);
      const patched = await admin.request('PATCH', `/v1/spaces/${space.id}`, {
        body: { title: 'After' },
      });
      expect(patched.status).toBe(200);
      const got = (await editor.get(`/v1/spaces/${space.id}`)).body as Space;
      // The editor's permissions differ from the admin's; the rest is what the PATCH answered.
      expect({ ...got, permissions: null }).toEqual({
        ...(patched.body as Space),
        permissions: null,
      });
      expect(got.title).toBe('After');
    });

    it('answers 404 for a deleted space on the very next GET, and the space once restored', async () => {
      const space = await createSpace();
      await readTwice(admin, space.id);
      expect((await admin.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
      expect((await admin.get(`/v1/spaces/${space.id}`)).status).toBe(404);
      expect((await admin.request('POST', `/v1/spaces/${space.id}/restore`)).status).toBe(200);
      expect((await admin.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    });

    it('counts a new change request on the very next GET', async () => {
      const space = await createSpace();
      expect((await readTwice(editor, space.id)).changeRequests).toBe(0);
      const created = await editor.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Fix' },
      });
      expect(created.status).toBe(201);
      const got = (await editor.get(`/v1/spaces/${space.id}`)).body as Space;
      expect(got).toMatchObject({ changeRequests: 1, changeRequestsDraft: 1 });
    });

    it('shows a change written straight to the database on the very next GET', async () => {
      const space = await createSpace({ title: 'Before' });
      await readTwice(editor, space.id);
      await server.db
        .updateTable('spaces')
        .set({ title: 'Edited by hand' })
        .where('id', '=', space.id)
        .execute();
      expect(((await editor.get(`/v1/spaces/${space.id}`)).body as Space).title).toBe(
        'Edited by hand',
      );
    });
  });
}

/** A server over `database`, as one instance of several would run. */
async function startInstance(database: Database, blobDir: string) {
  const app: FastifyInstance = createServer({
    db: database.db,
    changes: database.changes,
    blobs: new DirectoryBlobStore(blobDir),
    clock: new ManualClock(),
    logger: createLogger({ level: 'silent' }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('reads kept in memory with another writer on the same data', () => {
  it('refuses a token another process deleted from the SQLite file on the next request', async () => {
    const dir = await makeTempDir('cached-reads');
    const ours = await openDatabase({ dataDir: dir.path });
    const theirs = await openDatabase({ dataDir: dir.path });
    const { app, baseUrl } = await startInstance(ours, dir.join('blobs'));
    try {
      const init = await initServer(ours.db, { adminEmail: 'admin@example.com' });
      const http = createHttpClient(baseUrl, init.token);
      await http.get(`/v1/orgs/${init.organizationId}`);
      expect((await http.get(`/v1/orgs/${init.organizationId}`)).status).toBe(200);
      await theirs.db.deleteFrom('api_tokens').execute();
      expect((await http.get(`/v1/orgs/${init.organizationId}`)).status).toBe(401);
    } finally {
      await app.close();
      await theirs.close();
      await ours.close();
      await dir.remove();
    }
  });

  it.skipIf(process.env['DATABASE_URL'] === undefined)(
    'refuses on one PostgreSQL instance a token revoked through another, once announced',
    async () => {
      const test = await openTestDatabase('postgres');
      const other = await openDatabase({ url: testDatabaseUrl(), schema: test.schema ?? '' });
      const dir = await makeTempDir('cached-reads');
      const first = await startInstance(test.database, dir.join('blobs'));
      const second = await startInstance(other, dir.join('blobs'));
      try {
        const init = await initServer(test.database.db, { adminEmail: 'admin@example.com' });
        const viaFirst = createHttpClient(first.baseUrl, init.token);
        const viaSecond = createHttpClient(second.baseUrl, init.token);
        const space = (
          await viaFirst.request('POST', `/v1/orgs/${init.organizationId}/spaces`, { body: {} })
        ).body as Space;
        await viaSecond.get(`/v1/spaces/${space.id}`);
        expect((await viaSecond.get(`/v1/spaces/${space.id}`)).status).toBe(200);

        const patched = changeOf(other.changes, 'spaces');
        await viaFirst.request('PATCH', `/v1/spaces/${space.id}`, { body: { title: 'After' } });
        await patched;
        expect(((await viaSecond.get(`/v1/spaces/${space.id}`)).body as Space).title).toBe('After');

        const revoked = changeOf(other.changes, 'api_tokens');
        await test.database.db.deleteFrom('api_tokens').execute();
        await revoked;
        expect((await viaSecond.get(`/v1/spaces/${space.id}`)).status).toBe(401);
      } finally {
        await second.app.close();
        await first.app.close();
        await other.close();
        await test.close();
        await dir.remove();
      }
    },
    // Two instances migrate and listen: slower than most on a busy machine.
    20_000,
  );
});
