import type { Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, type TestServer } from '../testing/start-test-server.js';
import type { BlobStore } from './blob-store.js';
import { BLOB_CONCURRENCY } from './bounded.js';

/** A blob store that notes the most operations it ever had running at once. */
function peakCounting(store: BlobStore, peak: { now: number; max: number }): BlobStore {
  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      peak.now += 1;
      peak.max = Math.max(peak.max, peak.now);
      try {
        return await work(...args);
      } finally {
        peak.now -= 1;
      }
    };
  return {
    has: counted((id: string) => store.has(id)),
    size: counted((id: string) => store.size(id)),
    get: counted((id: string) => store.get(id)),
    put: counted((bytes: Uint8Array) => store.put(bytes)),
  };
}

/** 600 pages and 600 assets: more blobs than a request may open at once, by far. */
function bigTree(): TreeBlob[] {
  const pages = Array.from({ length: 600 }, (_, n) => textBlob(`p/${n}.md`, `# Page ${n}\n`));
  const assets = Array.from({ length: 600 }, (_, n) => textBlob(`a/${n}.bin`, `asset ${n}\n`));
  return [textBlob('README.md', '# Home\n'), ...pages, ...assets];
}

describe('every fan-out over blobs is bounded', () => {
  let server: TestServer;
  const peak = { now: 0, max: 0 };
  beforeAll(async () => {
    server = await startTestServer({ blobs: (store) => peakCounting(store, peak) });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`keeps at most ${String(BLOB_CONCURRENCY)} blob operations running in an import, a missing check and a files read`, async () => {
    const tree = bigTree();
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const imported = await sendTree(server.http, space.id, tree, {
      oid: commitOid(1),
      message: 'big',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(204);
    const read = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
      body: { paths: tree.slice(0, 1000).map((file) => file.path) },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(peak.max).toBeGreaterThan(1);
    expect(peak.max).toBeLessThanOrEqual(BLOB_CONCURRENCY);
  }, 60_000);
});
