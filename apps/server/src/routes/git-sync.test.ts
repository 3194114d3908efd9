import {
  ErrorBody,
  MissingGitBlobs,
  type Revision,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A small space: a README, a SUMMARY and `count` pages. */
function bookTree(count: number, changed?: { page: number; text: string }): TreeBlob[] {
  const pages = Array.from({ length: count }, (_, n) =>
    textBlob(
      `page-${n}.md`,
      changed?.page === n ? changed.text : `# Page ${n}\n\nText of page ${n}.\n`,
    ),
  );
  const summary = ['# Table of contents\n', '* [Home](README.md)']
    .concat(Array.from({ length: count }, (_, n) => `* [Page ${n}](page-${n}.md)`))
    .join('\n');
  return [
    textBlob('README.md', '# Home\n\nWelcome.\n'),
    textBlob('SUMMARY.md', `${summary}\n`),
    ...pages,
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`git import over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function createSpace(): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      return created.body as Space;
    }
    const revisionOf = async (spaceId: string) =>
      (
        await server.db
          .selectFrom('spaces')
          .select('revision_id')
          .where('id', '=', spaceId)
          .executeTakeFirstOrThrow()
      ).revision_id;
    const count = async (table: 'content_revisions' | 'content_documents' | 'content_pages') =>
      Number(
        (
          await server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pageIds = async (spaceId: string) => {
      const listed = await server.http.get(`/v1/spaces/${spaceId}/content/pages`);
      return (listed.body as RevisionPages).pages.map((page) => page.id);
    };

    it('tells which blobs are missing and uploads only those', async () => {
      const space = await createSpace();
      const [readme] = bookTree(0);
      const other = textBlob('other.md', 'never uploaded\n');
      const asked = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs/missing`, {
        body: { oids: [readme?.oid, other.oid, other.oid] },
      });
      expect(asked.status).toBe(200);
      expect(Value.Check(MissingGitBlobs, asked.body)).toBe(true);
      expect(asked.body).toEqual({ missing: [readme?.oid, other.oid] });
      const uploaded = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs`, {
        body: {
          blobs: [
            { oid: readme?.oid, base64: Buffer.from(readme?.bytes ?? []).toString('base64') },
          ],
        },
      });
      expect(uploaded.status).toBe(204);
      const again = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs/missing`, {
        body: { oids: [readme?.oid, other.oid] },
      });
      expect(again.body).toEqual({ missing: [other.oid] });
    });

    it('imports the same commit twice as one revision', async () => {
      const space = await createSpace();
      const before = await count('content_revisions');
      expect(
        (await sendTree(server.http, space.id, bookTree(3), { oid: commitOid(10), message: 'a' }))
          .status,
      ).toBe(204);
      const first = await revisionOf(space.id);
      expect(
        (await sendTree(server.http, space.id, bookTree(3), { oid: commitOid(10), message: 'a' }))
          .status,
      ).toBe(204);
      expect(await revisionOf(space.id)).toBe(first);
      expect(await count('content_revisions')).toBe(before + 1);
    });

    it('stores a one-page change as a new revision sharing every other page’s row and document', async () => {
      const space = await createSpace();
      expect(
        (await sendTree(server.http, space.id, bookTree(5), { oid: commitOid(20), message: 'one' }))
          .status,
      ).toBe(204);
      const first = await revisionOf(space.id);
      const idsBefore = await pageIds(space.id);
      const documents = await count('content_documents');
      const pages = await count('content_pages');

      const changed = bookTree(5, { page: 2, text: '# Page 2\n\nRewritten.\n' });
      expect(
        (await sendTree(server.http, space.id, changed, { oid: commitOid(21), message: 'two' }))
          .status,
      ).toBe(204);
      const second = await revisionOf(space.id);
      expect(second).not.toBe(first);
      // One new document and one new page row: the revision overlays its parent's rows.
      expect(await count('content_documents')).toBe(documents + 1);
      expect(await count('content_pages')).toBe(pages + 1);
      expect(await pageIds(space.id)).toEqual(idsBefore);
      const revision = await server.http.get(`/v1/spaces/${space.id}/content`);
      expect(revision.body).toMatchObject({
        id: second,
        parents: [first],
        git: { oid: commitOid(21) },
      });
    });

    it('lands two concurrent imports one after the other, losing neither', async () => {
      const space = await createSpace();
      const start = await revisionOf(space.id);
      const [a, b] = await Promise.all([
        sendTree(server.http, space.id, bookTree(4), { oid: commitOid(30), message: 'a' }),
        sendTree(server.http, space.id, bookTree(4, { page: 1, text: '# Page 1\n\nB.\n' }), {
          oid: commitOid(31),
          message: 'b',
        }),
      ]);
      expect([a.status, b.status]).toEqual([204, 204]);
      const history = await server.db
        .selectFrom('content_revisions')
        .select(['id', 'parent_id', 'git_oid'])
        .where('space_id', '=', space.id)
        .execute();
      expect(history).toHaveLength(2);
      // The first to land builds on the start; the other is rebuilt on top of it.
      const firstLanded = history.find((row) => row.parent_id === start);
      const last = history.find((row) => row.parent_id === firstLanded?.id);
      expect(firstLanded).toBeDefined();
      expect(last).toBeDefined();
      expect(await revisionOf(space.id)).toBe(last?.id);
      expect(history.map((row) => row.git_oid).sort()).toEqual([commitOid(30), commitOid(31)]);
    });

    it('refuses blobs whose bytes do not match their id and stores none of the upload', async () => {
      const space = await createSpace();
      const good = textBlob('good.md', 'good\n');
      const claimed = textBlob('x.md', 'what the id says\n');
      const sent = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs`, {
        body: {
          blobs: [
            { oid: good.oid, base64: Buffer.from(good.bytes).toString('base64') },
            { oid: claimed.oid, base64: Buffer.from('something else\n').toString('base64') },
          ],
        },
      });
      expect(sent.status).toBe(400);
      expect(Value.Check(ErrorBody, sent.body)).toBe(true);
      const asked = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs/missing`, {
        body: { oids: [good.oid, claimed.oid] },
      });
      expect(asked.body).toEqual({ missing: [good.oid, claimed.oid] });
      const badBase64 = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs`, {
        body: { blobs: [{ oid: good.oid, base64: 'not base64!' }] },
      });
      expect(badBase64.status).toBe(400);
    });

    it('refuses to import a tree whose blobs were not uploaded, writing nothing', async () => {
      const space = await createSpace();
      const before = await count('content_revisions');
      const tree = bookTree(1);
      const imported = await server.http.request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: {
          tree: tree.map(({ path, oid }) => ({ path, oid })),
          commit: { oid: commitOid(40), message: 'x' },
        },
      });
      expect(imported.status).toBe(400);
      expect(Value.Check(ErrorBody, imported.body)).toBe(true);
      expect(await count('content_revisions')).toBe(before);
      const escaping = await server.http.request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: {
          tree: [{ path: '../etc/passwd', oid: commitOid(1) }],
          commit: { oid: commitOid(41), message: 'x' },
        },
      });
      expect(escaping.status).toBe(400);
      const remote = await server.http.request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: { url: 'https://example.com/repo.git', ref: 'refs/heads/main' },
      });
      expect(remote.status).toBe(400);
    });

    it('imports a tree sent as its changes from the commit the content is at, as the whole tree would', async () => {
      const [viaChanges, viaTree] = [await createSpace(), await createSpace()];
      const before = bookTree(4);
      const after = [
        ...bookTree(4, { page: 1, text: '# Page 1\n\nChanged.\n' }).filter(
          (file) => file.path !== 'page-3.md',
        ),
        textBlob('notes.md', '# Notes\n'),
      ];
      for (const space of [viaChanges, viaTree])
        expect(
          (await sendTree(server.http, space.id, before, { oid: commitOid(50), message: 'a' }))
            .status,
        ).toBe(204);
      expect(
        (await sendTree(server.http, viaTree.id, after, { oid: commitOid(51), message: 'b' }))
          .status,
      ).toBe(204);

      // The blobs first (the whole tree again at commit 50 changes nothing), then only what
      // differs from commit 50.
      const missing = await sendTree(server.http, viaChanges.id, after, {
        oid: commitOid(50),
        message: 'a',
      });
      expect(missing.status).toBe(204);
      const known = new Map(before.map((file) => [file.path, file.oid]));
      const changes = [
        ...after
          .filter((file) => known.get(file.path) !== file.oid)
          .map(({ path, oid }) => ({ path, oid })),
        ...before
          .filter((file) => !after.some((next) => next.path === file.path))
          .map(({ path }) => ({ path })),
      ];
      expect(changes).toHaveLength(3); // page-1 changed, notes.md added, page-3 gone
      const imported = await server.http.request('POST', `/v1/spaces/${viaChanges.id}/git/import`, {
        body: { base: commitOid(50), changes, commit: { oid: commitOid(51), message: 'b' } },
      });
      expect(imported.status).toBe(204);
      const contentOf = async (spaceId: string) => {
        const revision = (await server.http.get(`/v1/spaces/${spaceId}/content`)).body as Revision;
        return { pages: revision.pages.map((page) => [page.title, page.path]), git: revision.git };
      };
      expect(await contentOf(viaChanges.id)).toEqual(await contentOf(viaTree.id));

      // Not at that commit any more: 409, nothing written; bad changes: 400.
      const revisions = await count('content_revisions');
      const stale = await server.http.request('POST', `/v1/spaces/${viaChanges.id}/git/import`, {
        body: { base: commitOid(50), changes, commit: { oid: commitOid(52), message: 'c' } },
      });
      expect(stale.status).toBe(409);
      expect(Value.Check(ErrorBody, stale.body)).toBe(true);
      for (const bad of [[{ path: 'nowhere.md' }], [{ path: 'notes.md' }, { path: 'notes.md' }]]) {
        const refused = await server.http.request(
          'POST',
          `/v1/spaces/${viaChanges.id}/git/import`,
          {
            body: {
              base: commitOid(51),
              changes: bad,
              commit: { oid: commitOid(53), message: 'd' },
            },
          },
        );
        expect(refused.status).toBe(400);
      }
      expect(await count('content_revisions')).toBe(revisions);
    });

    describe('an import into a change request that says which main revision it holds (mainRevision)', () => {
      const edited = (text: string) => bookTree(2, { page: 0, text });
      /** A space at commit 1, a change request opened on it, then main edited at commit 2. */
      async function openedThenMainEdited() {
        const space = await createSpace();
        expect(
          (await sendTree(server.http, space.id, bookTree(2), { oid: commitOid(70), message: 'a' }))
            .status,
        ).toBe(204);
        const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
          body: { subject: 'branch' },
        });
        const changeRequest = (opened.body as { id: string }).id;
        const main = edited('# Page 0\n\nEdited in main.\n');
        expect(
          (await sendTree(server.http, space.id, main, { oid: commitOid(71), message: 'b' }))
            .status,
        ).toBe(204);
        const baseOf = async () =>
          (
            await server.db
              .selectFrom('change_requests')
              .select('base_revision_id')
              .where('id', '=', changeRequest)
              .executeTakeFirstOrThrow()
          ).base_revision_id;
        return { space, changeRequest, mainRevision: await revisionOf(space.id), baseOf };
      }
      // The branch merged main's edit, then edited the same paragraph further.
      const branch = edited('# Page 0\n\nEdited in main, then on the branch.\n');

      it('merges from that revision: an edit on top of main’s edit is no conflict', async () => {
        const { space, changeRequest, mainRevision } = await openedThenMainEdited();
        const sent = await sendTree(
          server.http,
          space.id,
          branch,
          { oid: commitOid(72), message: 'c' },
          { changeRequest, mainRevision },
        );
        expect(sent.status, JSON.stringify(sent.body)).toBe(204);
        const merged = await server.http.request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${changeRequest}/merge`,
        );
        expect(merged.status).toBe(200);
        expect((merged.body as { result: string }).result).toBe('merge');
        const read = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
          body: { paths: ['page-0.md'] },
        });
        expect((read.body as { files: { text?: string }[] }).files[0]?.text).toBe(
          '# Page 0\n\nEdited in main, then on the branch.\n',
        );
      });

      it('without it, the same import conflicts with main’s edit (the base is where it was opened)', async () => {
        const { space, changeRequest } = await openedThenMainEdited();
        const sent = await sendTree(
          server.http,
          space.id,
          branch,
          { oid: commitOid(73), message: 'c' },
          { changeRequest },
        );
        expect(sent.status).toBe(204);
        const merged = await server.http.request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${changeRequest}/merge`,
        );
        expect((merged.body as { result: string }).result).toBe('conflicts');
      });

      it('answers 400 without a change request, for a revision not of the main content, and leaves the base when the import fails', async () => {
        const { space, changeRequest, mainRevision, baseOf } = await openedThenMainEdited();
        const before = await baseOf();
        const alone = await sendTree(
          server.http,
          space.id,
          branch,
          { oid: commitOid(74), message: 'c' },
          { mainRevision },
        );
        expect(alone.status).toBe(400);
        expect(Value.Check(ErrorBody, alone.body)).toBe(true);
        const unknown = await sendTree(
          server.http,
          space.id,
          branch,
          { oid: commitOid(75), message: 'c' },
          { changeRequest, mainRevision: 'no-such-revision' },
        );
        expect(unknown.status).toBe(400);
        expect(JSON.stringify(unknown.body)).toContain('mainRevision');
        // Blobs never uploaded: the import fails, and the change request's base stays.
        const failed = await server.http.request('POST', `/v1/spaces/${space.id}/git/import`, {
          body: {
            tree: [{ path: 'README.md', oid: 'f'.repeat(40) }],
            commit: { oid: commitOid(76), message: 'd' },
            changeRequest,
            mainRevision,
          },
        });
        expect(failed.status).toBe(400);
        expect(await baseOf()).toBe(before);
        expect(before).not.toBe(mainRevision);
      });
    });

    it('imports a SUMMARY.md with two groups of the same title as two groups with their own ids', async () => {
      const space = await createSpace();
      const groups = (extra = '') => [
        textBlob('README.md', '# Home\n'),
        textBlob(
          'SUMMARY.md',
          `# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [A](a.md)\n\n## Guides\n\n* [B](b.md)${extra}\n`,
        ),
        textBlob('a.md', '# A\n'),
        textBlob('b.md', '# B\n'),
        textBlob('c.md', '# C\n'),
      ];
      const sent = await sendTree(server.http, space.id, groups(), {
        oid: commitOid(60),
        message: 'groups',
      });
      expect(sent.status).toBe(204);
      const pages = async () =>
        ((await server.http.get(`/v1/spaces/${space.id}/content/pages`)).body as RevisionPages)
          .pages;
      const first = await pages();
      expect(first.map((page) => [page.type, page.title])).toEqual([
        ['document', 'Home'],
        ['group', 'Guides'],
        ['group', 'Guides'],
      ]);
      const ids = first.map((page) => page.id);
      expect(new Set(ids).size).toBe(3);
      expect(first[2]?.pages?.map((page) => page.title)).toEqual(['B']);

      // The same groups keep their ids when the tree changes, whichever group changes.
      const again = await sendTree(server.http, space.id, groups('\n* [C](c.md)'), {
        oid: commitOid(61),
        message: 'one more page in the second group',
      });
      expect(again.status).toBe(204);
      const second = await pages();
      expect(second.map((page) => page.id)).toEqual(ids);
      expect(second[2]?.pages?.map((page) => page.title)).toEqual(['B', 'C']);

      // Written back as read: both groups in SUMMARY.md.
      const listed = await server.http.get(`/v1/spaces/${space.id}/git/tree`);
      expect(listed.status).toBe(200);
      const summary = (listed.body as { files: { path: string; oid: string }[] }).files.find(
        (file) => file.path === 'SUMMARY.md',
      );
      expect(summary?.oid).toBe(groups('\n* [C](c.md)')[1]?.oid);
    });
  });

  describe.skipIf(skip)(`blob upload limits (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect, bodyLimit: 4096 });
    });
    afterAll(async () => {
      await server.close();
    });

    it('answers 413 for an upload larger than the body limit', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const big = textBlob('big.md', 'x'.repeat(10_000));
      const sent = await server.http.request(
        'POST',
        `/v1/spaces/${(created.body as Space).id}/git/blobs`,
        {
          body: { blobs: [{ oid: big.oid, base64: Buffer.from(big.bytes).toString('base64') }] },
        },
      );
      expect(sent.status).toBe(413);
      expect(Value.Check(ErrorBody, sent.body)).toBe(true);
    });
  });
}
