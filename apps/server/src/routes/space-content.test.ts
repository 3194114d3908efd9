import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ErrorBody,
  File,
  GitInfo,
  ListOf,
  Page,
  Revision,
  RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, readTreeFromDisk, sendTree } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const coreDir = fileURLToPath(new URL('../../../../packages/core/', import.meta.url));
// Core's own list of the corpus pages its converter normalizes, each with why; loaded at run time
// because it lives outside this package's sources.
const corpora = (await import(pathToFileURL(join(coreDir, 'src/testing/corpora.ts')).href)) as {
  corpusSpaces: readonly string[];
  expectedPageDifferences: Readonly<Record<string, string>>;
};

/** Every page of a page tree, parents first. */
function flatten(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatten((page.pages ?? []) as Page[])]);
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`space content over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function createSpace(): Promise<Space> {
      const created = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        { body: { title: 'Docs' } },
      );
      expect(created.status).toBe(201);
      return created.body as Space;
    }

    for (const corpus of corpora.corpusSpaces) {
      it(`serves every page of ${corpus} as the markdown that was imported (but the pages core normalizes)`, async () => {
        const space = await createSpace();
        const tree = readTreeFromDisk(join(coreDir, 'fixtures/corpora', corpus));
        const imported = await sendTree(server.http, space.id, tree, {
          oid: commitOid(1),
          message: `Import ${corpus}`,
        });
        expect(imported.status).toBe(204);
        expect(imported.text).toBe('');

        const listed = await server.http.get(`/v1/spaces/${space.id}/content/pages`);
        expect(listed.status).toBe(200);
        expect(Value.Check(RevisionPages, listed.body)).toBe(true);
        const pages = flatten((listed.body as RevisionPages).pages).filter(
          (page) => page.type === 'document',
        );
        expect(pages.length).toBeGreaterThan(0);

        const byPath = new Map(tree.map((file) => [file.path, file]));
        const differing: string[] = [];
        for (const page of pages) {
          const got = await server.http.get(
            `/v1/spaces/${space.id}/content/page/${page.id}?format=markdown`,
          );
          expect(got.status).toBe(200);
          expect(Value.Check(Page, got.body)).toBe(true);
          const path = page.git?.path ?? '';
          const original = byPath.get(path);
          expect(original, `page file \`${path}\``).toBeDefined();
          const markdown = (got.body as Page).markdown;
          if (markdown !== new TextDecoder().decode(original?.bytes))
            differing.push(`${corpus}/${path}`);
        }
        const expected = Object.keys(corpora.expectedPageDifferences).filter(
          (page) =>
            page.startsWith(`${corpus}/`) && pages.some((p) => `${corpus}/${p.git?.path}` === page),
        );
        expect(differing.sort()).toEqual(expected.sort());
      });
    }

    it('serves the revision, a page as a document, the files and their bytes in the contract’s shapes', async () => {
      const space = await createSpace();
      const tree = readTreeFromDisk(join(coreDir, 'fixtures/corpora/git-sync-normalization'));
      expect(
        (await sendTree(server.http, space.id, tree, { oid: commitOid(2), message: 'Blocks' }))
          .status,
      ).toBe(204);

      const revision = await server.http.get(`/v1/spaces/${space.id}/content`);
      expect(revision.status).toBe(200);
      expect(Value.Check(Revision, revision.body)).toBe(true);
      const body = revision.body as Revision;
      expect(body).toMatchObject({ object: 'revision', type: 'edits', git: { oid: commitOid(2) } });
      expect(body.files.length).toBeGreaterThan(0);
      const withoutMetadata = await server.http.get(
        `/v1/spaces/${space.id}/content?metadata=false`,
      );
      expect((withoutMetadata.body as Revision).git).toBeUndefined();

      const first = flatten(body.pages).find((page) => page.type === 'document');
      const page = await server.http.get(`/v1/spaces/${space.id}/content/page/${first?.id}`);
      expect(page.status).toBe(200);
      expect(Value.Check(Page, page.body)).toBe(true);
      expect((page.body as Page).document?.nodes.length).toBeGreaterThan(0);
      expect((page.body as Page).markdown).toBeUndefined();

      const files = await server.http.get(`/v1/spaces/${space.id}/content/files?limit=2`);
      expect(files.status).toBe(200);
      expect(Value.Check(ListOf(File), files.body)).toBe(true);
      const listed = files.body as { items: File[]; count: number; next?: { page: string } };
      expect(listed.count).toBe(body.files.length);
      expect(listed.items).toEqual(body.files.slice(0, 2));
      if (listed.next !== undefined) {
        const second = await server.http.get(
          `/v1/spaces/${space.id}/content/files?limit=2&page=${listed.next.page}`,
        );
        expect((second.body as { items: File[] }).items).toEqual(body.files.slice(2, 4));
      }

      const file = body.files[0] as File;
      const one = await server.http.get(`/v1/spaces/${space.id}/content/files/${file.id}`);
      expect(one.status).toBe(200);
      expect(Value.Check(File, one.body)).toBe(true);
      expect(one.body).toEqual(file);
      const download = await fetch(file.downloadURL, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(file.contentType);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes).toEqual(tree.find((entry) => entry.path === file.git?.path)?.bytes);
      expect((await fetch(file.downloadURL)).status).toBe(401);

      const info = await server.http.get(`/v1/spaces/${space.id}/git/info`);
      expect(info.status).toBe(200);
      expect(Value.Check(GitInfo, info.body)).toBe(true);
      expect(info.body).toEqual({
        space: space.id,
        revision: body.id,
        lastSync: { revision: body.id, git: { oid: commitOid(2), message: 'Blocks' } },
      });
    });

    it('answers 404 for an unknown page, file or blob, and serves an empty revision before any import', async () => {
      const space = await createSpace();
      const empty = await server.http.get(`/v1/spaces/${space.id}/content`);
      expect(empty.status).toBe(200);
      expect(Value.Check(Revision, empty.body)).toBe(true);
      expect(empty.body).toMatchObject({ id: space.revision, pages: [], files: [], parents: [] });
      expect((await server.http.get(`/v1/spaces/${space.id}/git/info`)).body).toEqual({
        space: space.id,
        revision: space.revision,
      });
      for (const path of [
        `/v1/spaces/${space.id}/content/page/nope`,
        `/v1/spaces/${space.id}/content/files/nope`,
        `/v1/spaces/${space.id}/git/blobs/${commitOid(9)}`,
        `/v1/spaces/unknown/content/pages`,
      ]) {
        const missing = await server.http.get(path);
        expect(missing.status, path).toBe(404);
        expect(Value.Check(ErrorBody, missing.body)).toBe(true);
      }
    });
  });
}
