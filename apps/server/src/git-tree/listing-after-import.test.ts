import type { GitTree, Space } from '@docsync/api';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCaches } from '../caches/server-caches.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';
import { gitTreeListed, listRevision } from './git-tree-listing.js';

const PAGES = 400;

/** A README, a SUMMARY and `PAGES` pages, each linking to the next; page `edited` says `text`. */
function book(edited = -1, text = ''): TreeBlob[] {
  const pages = Array.from({ length: PAGES }, (_, n) =>
    textBlob(
      `page-${String(n)}.md`,
      `# Page ${String(n)}\n\n${n === edited ? text : 'Some text.'} See [the next](page-${String((n + 1) % PAGES)}.md).\n`,
    ),
  );
  const summary = [
    '# Table of contents\n',
    '* [Home](README.md)',
    ...pages.map((_, n) => `* [Page ${String(n)}](page-${String(n)}.md)`),
  ].join('\n');
  return [textBlob('README.md', '# Home\n'), textBlob('SUMMARY.md', `${summary}\n`), ...pages];
}

/** Resolves once `done()` holds, checking every 10 ms (at most 30 s). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 30_000) throw new Error('waited 30 s');
    await sleep(10);
  }
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`the listing of an imported revision (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const revisionOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}`)).body as Space).revision;
    /** The listing made with nothing kept: the whole revision laid out and rendered. */
    const fromScratch = async (spaceId: string, revisionId: string, pace?: () => Promise<void>) =>
      (
        await listRevision(
          { db: server.db, caches: createServerCaches() },
          { spaceId, revisionId },
          pace === undefined ? {} : { pace },
        )
      )?.tree as GitTree;

    it('is made after the import, before any pull asks, and is what a pull then reads', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(server.http, space.id, book(), {
        oid: commitOid(1),
        message: 'first',
      });
      expect(sent.status).toBe(204);
      const first = await revisionOf(space.id);
      const listings = server.caches.listings;
      await until(() => listings.peek(first) !== undefined);
      const made = listings.peek(first);
      const listed = (await made)?.tree;
      expect(listed?.files).toHaveLength(PAGES + 2);
      expect(listed).toEqual(await fromScratch(space.id, first));
      // The pull's request reads that listing: none is made again.
      const read = await server.http.get(`/v1/spaces/${space.id}/git/tree`);
      expect(read.body).toEqual(listed);
      expect(listings.peek(first)).toBe(made);

      // A second import edits one page: its listing is the first's with that page rendered again.
      const again = await sendTree(server.http, space.id, book(7, 'Edited.'), {
        oid: commitOid(2),
        message: 'second',
      });
      expect(again.status).toBe(204);
      const second = await revisionOf(space.id);
      await until(() => listings.peek(second) !== undefined);
      const next = (await listings.peek(second))?.tree;
      expect(next).toEqual(await fromScratch(space.id, second));
      const changed = next?.files.filter((file, index) => file.oid !== listed?.files[index]?.oid);
      expect(changed?.map((file) => file.path)).toEqual(['page-7.md']);
    });

    it('hurries a listing made at an idle pace once a caller waits for it', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      expect(
        (await sendTree(server.http, space.id, book(), { oid: commitOid(4), message: 'm' })).status,
      ).toBe(204);
      const revision = await revisionOf(space.id);
      const store = { db: server.db, caches: createServerCaches() };
      const target = { spaceId: space.id, revisionId: revision };
      // A service never idle: the paced listing would never end on its own.
      let paces = 0;
      const paced = gitTreeListed(store, target, {
        pace: () => {
          paces += 1;
          return new Promise<void>(() => undefined);
        },
      });
      await until(() => paces > 0);
      // A pull's request for the same revision shares that listing, and hurries it.
      const asked = gitTreeListed(store, target);
      expect(asked).toBe(paced);
      expect((await asked).tree).toEqual(await fromScratch(space.id, revision));
      expect(paces).toBe(1);
    });

    it('renders a large revision in slices, awaiting the pace in between, to the same listing', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      expect(
        (await sendTree(server.http, space.id, book(), { oid: commitOid(3), message: 'm' })).status,
      ).toBe(204);
      const revision = await revisionOf(space.id);
      let paces = 0;
      const paced = await fromScratch(space.id, revision, async () => {
        paces += 1;
        await sleep(1);
      });
      // 400 pages take far more than one 2 ms slice to render.
      expect(paces).toBeGreaterThan(1);
      expect(paced).toEqual(await fromScratch(space.id, revision));
    });
  });
}
