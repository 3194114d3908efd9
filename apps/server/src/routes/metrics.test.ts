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

  /**
   * Resolves once the listing the service makes after an import (in the background, see
   * `background-work.ts`) is made: the listings cache then holds its bytes, not the 1 it counts
   * for a listing being made.
   */
  const importListed = async () => {
    for (let waited = 0; ; waited += 10) {
      const bytes = figure((await metrics()).text, 'docsync_server_cache_bytes', 'listings');
      if (bytes > 1) return;
      if (waited > 30_000) throw new Error('no listing after the import in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /** A new space holding these files, pushed as commit number `commit`. */
  const spaceWith = async (commit: number, files: Record<string, string>): Promise<Space> => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const blobs = Object.entries(files).map(([path, text]) => textBlob(path, text));
    const sent = await sendTree(server.http, space.id, blobs, {
      oid: commitOid(commit),
      message: `commit ${String(commit)}`,
    });
    expect(sent.status).toBe(204);
    return space;
  };

  it('needs a token', async () => {
    expect((await metrics({ anonymous: true })).status).toBe(401);
  });

  it("counts the hits, misses and bytes of the server's caches, and a restart starts them anew", async () => {
    const space = await spaceWith(1, {
      'README.md': '# Home\n\nWelcome.\n',
      'SUMMARY.md': '* [Home](README.md)\n',
    });
    await importListed();
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
      'layouts',
      'pageFiles',
      'openApiSpecs',
      'publishedPages',
      'siteIndexes',
      'reads',
      'parses',
    ])
      expect(before.text).toContain(`docsync_server_cache_hits_total{cache="${cache}"}`);

    for (let read = 0; read < 2; read++)
      expect((await server.http.get(`/v1/spaces/${space.id}/git/tree`)).status).toBe(200);
    const after = await metrics();
    // Both reads find the listing made after the import.
    expect(figure(after.text, 'docsync_server_cache_hits_total', 'listings')).toBe(
      figure(before.text, 'docsync_server_cache_hits_total', 'listings') + 2,
    );
    expect(figure(after.text, 'docsync_server_cache_entries', 'listings')).toBe(1);
    expect(figure(after.text, 'docsync_server_cache_bytes', 'listings')).toBeGreaterThan(1);
    expect(figure(after.text, 'docsync_server_cache_entries', 'revisionRows')).toBeGreaterThan(0);

    await server.restart();
    const restarted = await metrics();
    expect(figure(restarted.text, 'docsync_server_cache_entries', 'listings')).toBe(0);
    expect(figure(restarted.text, 'docsync_server_cache_entries', 'revisionRows')).toBe(0);
  });

  it("lays a revision out once for its pages' markdown reads, and renders each page once", async () => {
    const space = await spaceWith(2, {
      'README.md': '# Home\n\nSee [the guide](guide.md).\n',
      'guide.md': '# Guide\n\nBack [home](README.md).\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Guide](guide.md)\n',
    });
    await importListed();
    const listed = await server.http.get(`/v1/spaces/${space.id}/content/pages`);
    const ids = (listed.body as { pages: { id: string; title: string }[] }).pages.map((p) => p.id);
    expect(ids).toHaveLength(2);
    const read = async (pageId: string) => {
      const answer = await server.http.get(
        `/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`,
      );
      expect(answer.status).toBe(200);
      return (answer.body as { markdown: string }).markdown;
    };
    const before = await metrics();
    const count = (text: string, series: string, cache: string) =>
      figure(text, series, cache) - figure(before.text, series, cache);
    const first = await read(ids[0] ?? '');
    const second = await read(ids[1] ?? '');
    expect(await read(ids[0] ?? '')).toBe(first);
    expect(first).toContain('[the guide](guide.md)');
    expect(second).toContain('[home](README.md)');
    const after = await metrics();
    // Both pages' reads found the layout the listing after the import made; the third read, the
    // page's file.
    expect(count(after.text, 'docsync_server_cache_misses_total', 'layouts')).toBe(0);
    expect(count(after.text, 'docsync_server_cache_hits_total', 'layouts')).toBe(2);
    expect(count(after.text, 'docsync_server_cache_misses_total', 'pageFiles')).toBe(2);
    expect(count(after.text, 'docsync_server_cache_hits_total', 'pageFiles')).toBe(1);
  });
});
