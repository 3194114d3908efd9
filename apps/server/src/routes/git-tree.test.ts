import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ErrorBody,
  GitTree,
  GitTreePages,
  type ChangeRequest,
  type Page,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceRenderState } from '../git-tree/space-render-state.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  textBlob,
  type TreeBlob,
} from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const coreDir = fileURLToPath(new URL('../../../../packages/core/', import.meta.url));
// Core's list of corpus spaces, loaded at run time because it lives outside this package.
const corpora = (await import(pathToFileURL(join(coreDir, 'src/testing/corpora.ts')).href)) as {
  corpusSpaces: readonly string[];
};

/** Every page of a page tree, parents first. */
function flatten(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatten((page.pages ?? []) as Page[])]);
}

/** A README, a SUMMARY and `count` pages; page 0 links to page 1 wherever `moved` puts it. */
function linkedBook(count: number, options: { changed?: string; moved?: string } = {}) {
  const at = (n: number) =>
    n === 1 && options.moved !== undefined ? options.moved : `page-${n}.md`;
  const pages = Array.from({ length: count }, (_, n) =>
    textBlob(
      at(n),
      n === 0
        ? `# Page 0\n\nSee [the next page](${at(1)}).\n`
        : n === 2 && options.changed !== undefined
          ? options.changed
          : `# Page ${n}\n\nText of page ${n}.\n`,
    ),
  );
  const summary = ['# Table of contents\n', '* [Home](README.md)']
    .concat(Array.from({ length: count }, (_, n) => `* [Page ${n}](${at(n)})`))
    .join('\n');
  return [
    textBlob('README.md', '# Home\n\nWelcome.\n'),
    textBlob('SUMMARY.md', `${summary}\n`),
    ...pages,
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`git tree listing over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function spaceWith(tree: readonly TreeBlob[]): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'tree',
      });
      expect(sent.status).toBe(204);
      return space;
    }

    async function listing(spaceId: string, changeRequest?: string): Promise<GitTree> {
      const query = changeRequest === undefined ? '' : `?changeRequest=${changeRequest}`;
      const listed = await server.http.get(`/v1/spaces/${spaceId}/git/tree${query}`);
      expect(listed.status).toBe(200);
      expect(Value.Check(GitTree, listed.body)).toBe(true);
      return listed.body as GitTree;
    }

    /**
     * Checks a listing against the content reads of `base` (`…/content`): every document page
     * listed once with the blob id and size of its markdown read, every file with its blob id.
     */
    async function expectListingMatchesReads(
      tree: GitTree,
      base: string,
      changeRequest?: string,
    ): Promise<void> {
      const revision = await server.http.get(base);
      expect(tree.revision).toBe((revision.body as { id: string }).id);
      const pages = flatten((revision.body as RevisionPages).pages).filter(
        (page) => page.type === 'document',
      );
      const byPage = new Map(tree.files.flatMap((file) => (file.page ? [[file.page, file]] : [])));
      expect(byPage.size).toBe(pages.length);
      const spaceId = base.split('/')[3] ?? '';
      const batch = await server.http.request('POST', `/v1/spaces/${spaceId}/git/tree/pages`, {
        body: {
          pages: [...pages.map((page) => page.id), 'no-such-page'],
          ...(changeRequest === undefined ? {} : { changeRequest }),
        },
      });
      expect(batch.status).toBe(200);
      expect(Value.Check(GitTreePages, batch.body)).toBe(true);
      const batched = batch.body as GitTreePages;
      expect(batched.revision).toBe(tree.revision);
      const batchedText = new Map(batched.pages.map((item) => [item.page, item.markdown]));
      expect(batchedText.size).toBe(pages.length);
      for (const page of pages) {
        const read = await server.http.get(`${base}/page/${page.id}?format=markdown`);
        const markdown = (read.body as Page).markdown ?? '';
        const bytes = new TextEncoder().encode(markdown);
        expect(byPage.get(page.id), page.id).toMatchObject({
          oid: gitBlobId(bytes),
          size: bytes.byteLength,
        });
        expect(batchedText.get(page.id), page.id).toBe(markdown);
      }
      const files = (revision.body as { files: { id: string; git?: { oid: string } }[] }).files;
      for (const file of files)
        expect(tree.files.find((entry) => entry.file === file.id)?.oid).toBe(file.git?.oid);
      const paths = tree.files.map((file) => file.path);
      expect(paths).toEqual([...paths].sort());
      expect(new Set(paths).size).toBe(paths.length);
    }

    for (const corpus of corpora.corpusSpaces) {
      it(`lists ${corpus} with the blob id of each page's markdown read and of each file`, async () => {
        const tree = readTreeFromDisk(join(coreDir, 'fixtures/corpora', corpus));
        const space = await spaceWith(tree);
        const listed = await listing(space.id);
        await expectListingMatchesReads(listed, `/v1/spaces/${space.id}/content`);
        // Files that come back byte for byte keep their blob ids (SUMMARY.md, vars, assets…).
        const sent = new Map(tree.map((file) => [file.path, file.oid]));
        const same = listed.files.filter((file) => sent.get(file.path) === file.oid);
        expect(same.length).toBeGreaterThan(listed.files.length / 2);
        expect(listed.files.some((file) => file.path === 'SUMMARY.md')).toBe(true);
        // A second read is the same listing (kept in memory).
        expect(await listing(space.id)).toEqual(listed);
      });
    }

    it('lists a new revision that changed one page, moved one, or added one like the reads', async () => {
      const space = await spaceWith(linkedBook(6));
      const base = `/v1/spaces/${space.id}/content`;
      await expectListingMatchesReads(await listing(space.id), base);
      const steps = [
        linkedBook(6, { changed: '# Page 2\n\nRewritten.\n' }),
        // Page 1 moves: page 0's link to it changes too.
        linkedBook(6, { changed: '# Page 2\n\nRewritten.\n', moved: 'part/moved.md' }),
        linkedBook(7, { changed: '# Page 2\n\nRewritten.\n', moved: 'part/moved.md' }),
      ];
      let previous = await listing(space.id);
      const misses = () => spaceRenderState(server.caches, space.id).cache.stats().renderMisses;
      const rendered: number[] = [];
      for (const step of steps) {
        const before = misses();
        const sent = await sendTree(server.http, space.id, step, {
          oid: commitOid(++commits),
          message: 'step',
        });
        expect(sent.status).toBe(204);
        const next = await listing(space.id);
        expect(next.revision).not.toBe(previous.revision);
        rendered.push(misses() - before);
        await expectListingMatchesReads(next, base);
        previous = next;
      }
      // One page changed: it alone is rendered again; one moved: it and the page linking to it
      // (and SUMMARY.md); one added: it and SUMMARY.md.
      expect(rendered).toEqual([1, 3, 2]);
      const linking = previous.files.find((file) => file.path === 'page-0.md');
      expect(linking?.oid).toBe(gitBlobId('# Page 0\n\nSee [the next page](part/moved.md).\n'));
    });

    it('lists a change request’s content, pages without a recorded path included', async () => {
      const space = await spaceWith(linkedBook(3));
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Edit' },
      });
      const cr = opened.body as ChangeRequest;
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const main = await listing(space.id);
      const pageOne = (
        flatten(((await server.http.get(`${content}/pages`)).body as RevisionPages).pages).find(
          (page) => page.title === 'Page 1',
        ) as Page
      ).id;
      const applied = await server.http.request('POST', content, {
        body: {
          changes: [
            { type: 'update_page', page: pageOne, document: { markdown: '# Page 1\n\nEdited.\n' } },
            {
              type: 'insert_page',
              ref: 'guide',
              title: 'Guide',
              document: { markdown: '# Guide\n\nHi.\n' },
            },
            {
              type: 'insert_page',
              into: 'guide',
              title: 'Setup',
              document: { markdown: 'Steps.\n' },
            },
            {
              type: 'insert_files',
              files: [
                {
                  name: 'a.txt',
                  contentType: 'text/plain',
                  base64: Buffer.from('a').toString('base64'),
                },
              ],
            },
          ],
        },
      });
      expect(applied.status).toBe(200);
      const byNumber = await listing(space.id, String(cr.number));
      await expectListingMatchesReads(byNumber, content, String(cr.number));
      expect(await listing(space.id, cr.id)).toEqual(byNumber);
      expect(main.revision).not.toBe(byNumber.revision);
      expect(byNumber.files.length).toBe(main.files.length + 3);
      // The main content's listing is kept, but the render cache now holds the change request's
      // Page 1: reading the main content's pages renders it again, as the main content has it.
      expect(await listing(space.id)).toEqual(main);
      await expectListingMatchesReads(main, `/v1/spaces/${space.id}/content`);
    });

    it('lists nothing for a new space and answers 404 for what the caller cannot see', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      expect((await listing(space.id)).files).toEqual([]);

      const missing = [
        `/v1/spaces/no-such-space/git/tree`,
        `/v1/spaces/${space.id}/git/tree?changeRequest=no-such-change-request`,
        `/v1/spaces/${space.id}/git/tree?changeRequest=999`,
      ];
      for (const path of missing) {
        const answer = await server.http.get(path);
        expect(answer.status, path).toBe(404);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
      }
      const batches = [
        { spaceId: 'no-such-space', body: { pages: ['p'] } },
        { spaceId: space.id, body: { pages: ['p'], changeRequest: 'no-such-change-request' } },
      ];
      for (const { spaceId, body } of batches) {
        const answer = await server.http.request('POST', `/v1/spaces/${spaceId}/git/tree/pages`, {
          body,
        });
        expect(answer.status, spaceId).toBe(404);
      }
      const empty = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/pages`, {
        body: { pages: [] },
      });
      expect(empty.status).toBe(400);
      const outsider = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
      ]);
      const hidden = await server.http.get(`/v1/spaces/${space.id}/git/tree`, {
        token: outsider.members[0]?.token ?? '',
      });
      expect(hidden.status).toBe(404);
      expect((hidden.body as ErrorBody).error.message).toBe('Space not found');
    });
  });
}
