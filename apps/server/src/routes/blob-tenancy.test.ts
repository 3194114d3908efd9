import type { Space } from '@docsync/api';
import { createHttpClient, startS3Server, type S3TestServer } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../blobs/s3-blob-store.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** The bytes organization A uploads and organization B must not reach. */
const secret = textBlob('secret.png', 'organization A only\n');
const readme = textBlob('README.md', '# Home\n\n![](secret.png)\n');

/** Each dialect with the blob directory, and SQLite with the blobs in an S3 bucket. */
const cases = [
  ...testDialects.map(({ dialect, skip }) => ({ name: dialect, dialect, skip, s3: false })),
  { name: 'sqlite, blobs in S3', dialect: 'sqlite' as const, skip: false, s3: true },
];

for (const { name, dialect, skip, s3 } of cases) {
  describe.skipIf(skip)(`blobs are per organization (${name})`, () => {
    let server: TestServer;
    let spaceA: Space;
    let spaceB: Space;
    let tokenB: string;
    let bucket: { server: S3TestServer; store: S3BlobStore } | undefined;
    beforeAll(async () => {
      if (s3) {
        const s3Server = await startS3Server(['tenancy']);
        bucket = {
          server: s3Server,
          store: new S3BlobStore({
            bucket: 'tenancy',
            endpoint: s3Server.endpoint,
            forcePathStyle: true,
            credentials: s3Server.credentials,
          }),
        };
      }
      const store = bucket?.store;
      server = await startTestServer({
        dialect,
        ...(store === undefined ? {} : { blobs: () => store }),
      });
      const createdA = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
      );
      spaceA = createdA.body as Space;
      expect(
        (
          await sendTree(server.http, spaceA.id, [readme, secret], {
            oid: commitOid(1),
            message: 'a',
          })
        ).status,
      ).toBe(204);
      const orgB = await seedOrganizationWithMembers(server.db, server.clock, [{ role: 'admin' }]);
      tokenB = orgB.members[0]?.token ?? '';
      const createdB = await server.http.request('POST', `/v1/orgs/${orgB.organizationId}/spaces`, {
        token: tokenB,
      });
      expect(createdB.status).toBe(201);
      spaceB = createdB.body as Space;
    });
    afterAll(async () => {
      await server.close();
      bucket?.store.close();
      await bucket?.server.close();
    });

    it('answers `git/blobs/missing` for the asking organization, not the whole server', async () => {
      const asked = await server.http.request('POST', `/v1/spaces/${spaceB.id}/git/blobs/missing`, {
        body: { oids: [secret.oid] },
        token: tokenB,
      });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ missing: [secret.oid] });
      // Organization A still has it.
      const own = await server.http.request('POST', `/v1/spaces/${spaceA.id}/git/blobs/missing`, {
        body: { oids: [secret.oid] },
      });
      expect(own.body).toEqual({ missing: [] });
    });

    it('refuses an import naming another organization’s blob it never uploaded', async () => {
      const imported = await server.http.request('POST', `/v1/spaces/${spaceB.id}/git/import`, {
        body: {
          tree: [{ path: 'stolen.png', oid: secret.oid }],
          commit: { oid: commitOid(2), message: 'steal' },
        },
        token: tokenB,
      });
      expect(imported.status).toBe(400);
      expect(JSON.stringify(imported.body)).toContain('upload them first');
      const download = await server.http.request(
        'GET',
        `/v1/spaces/${spaceB.id}/git/blobs/${secret.oid}`,
        { token: tokenB },
      );
      expect(download.status).toBe(404);
    });

    it('imports the same bytes once organization B uploads them itself', async () => {
      const imported = await sendTree(
        createHttpClient(server.baseUrl, tokenB),
        spaceB.id,
        [secret],
        { oid: commitOid(3), message: 'own copy' },
      );
      expect(imported.status).toBe(204);
    });
  });
}
