import type { Space } from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`files of several MiB (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    it('uploads, imports and serves a 5 MiB file (the base64 check overflowed the stack)', async () => {
      const bytes = new Uint8Array(5 * 1024 * 1024).map((_, n) => (n * 7) % 256);
      const file = { path: '.gitbook/assets/big.bin', oid: gitBlobId(bytes), bytes };
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const imported = await sendTree(server.http, space.id, [file], {
        oid: commitOid(1),
        message: 'big',
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(204);
      const download = await fetch(
        `${server.baseUrl}/v1/spaces/${space.id}/git/blobs/${file.oid}`,
        {
          headers: { authorization: `Bearer ${server.token}` },
        },
      );
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }, 30_000);
  });
}
