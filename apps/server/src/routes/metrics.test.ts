import type { Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, type TestServer } from '../testing/start-test-server.js';

describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const metrics = async (options: { anonymous?: boolean } = {}) => {
    const token = options.anonymous === true ? undefined : server.token;
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };
  const figure = (text: string, series: string, cache: string) =>
    Number(new RegExp(`^${series}\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text)?.[1]);

  it('needs a token', async () => {
    expect((await metrics({ anonymous: true })).status).toBe(401);
  });

  it("counts the hits, misses and bytes of the server's caches, and a restart starts them anew", async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const sent = await sendTree(
      server.http,
      space.id,
      [
        textBlob('README.md', '# Home\n\nWelcome.\n'),
        textBlob('SUMMARY.md', '* [Home](README.md)\n'),
      ],
      { oid: commitOid(1), message: 'first' },
    );
    expect(sent.status).toBe(204);
    const before = await metrics();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const cache of [
      'documents',
      'revisionRows',
      'sharedRevisions',
      'storedTrees',
      'listings',
      'renderStates',
      'openApiSpecs',
      'publishedPages',
      'reads',
      'parses',
    ])
      expect(before.text).toContain(`docsync_server_cache_hits_total{cache="${cache}"}`);

    for (let read = 0; read < 2; read++)
      expect((await server.http.get(`/v1/spaces/${space.id}/git/tree`)).status).toBe(200);
    const after = await metrics();
    expect(figure(after.text, 'docsync_server_cache_hits_total', 'listings')).toBe(
      figure(before.text, 'docsync_server_cache_hits_total', 'listings') + 1,
    );
    expect(figure(after.text, 'docsync_server_cache_entries', 'listings')).toBe(1);
    expect(figure(after.text, 'docsync_server_cache_bytes', 'listings')).toBeGreaterThan(1);
    expect(figure(after.text, 'docsync_server_cache_entries', 'revisionRows')).toBeGreaterThan(0);

    await server.restart();
    const restarted = await metrics();
    expect(figure(restarted.text, 'docsync_server_cache_entries', 'listings')).toBe(0);
    expect(figure(restarted.text, 'docsync_server_cache_entries', 'revisionRows')).toBe(0);
  });
});
