import type { Revision, SearchPageResult, Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.js';
import { loadRevision } from '../content/load-revision.js';
import { revisionPages } from '../content/revision-page-rows.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** What a book tree holds: page texts by number, their order in SUMMARY.md, and an asset. */
interface Book {
  texts: Map<number, string>;
  order: number[];
  asset: string;
}

const PAGES = 40;

function firstBook(): Book {
  return {
    texts: new Map(
      Array.from({ length: PAGES }, (_, n) => [n, `# Page ${n}\n\nText of page ${n}.\n`]),
    ),
    order: Array.from({ length: PAGES }, (_, n) => n),
    asset: 'first asset bytes',
  };
}

/**
 * The tree of a book: README, SUMMARY.md (every fifth page is a parent of the next four, which
 * live in its folder), the pages in `order`, and one asset.
 */
function bookTree(book: Book): TreeBlob[] {
  const lines = ['# Table of contents', '', '* [Home](README.md)'];
  const files: TreeBlob[] = [textBlob('README.md', '# Home\n\nWelcome.\n')];
  let parent: number | undefined;
  for (const n of book.order) {
    const nested = parent !== undefined && n > parent && n < parent + 5;
    if (n % 5 === 0) parent = n;
    const path = nested ? `part-${String(parent)}/page-${n}.md` : `page-${n}.md`;
    lines.push(`${nested ? '  ' : ''}* [Page ${n}](${path})`);
    files.push(textBlob(path, book.texts.get(n) ?? ''));
  }
  files.push(textBlob('SUMMARY.md', `${lines.join('\n')}\n`));
  files.push(textBlob('.gitbook/assets/picture.png', book.asset));
  return files;
}

/** Counts the blob reads of the server, by blob id. */
function countingBlobs(reads: Map<string, number>): (store: BlobStore) => BlobStore {
  return (store) => ({
    has: (id) => store.has(id),
    put: (bytes) => store.put(bytes),
    size: (id) => store.size(id),
    get: (id) => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return store.get(id);
    },
  });
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`revisions sharing rows and trees (${dialect})`, () => {
    let server: TestServer;
    const reads = new Map<string, number>();
    beforeAll(async () => {
      server = await startTestServer({ dialect, blobs: countingBlobs(reads) });
    });
    afterAll(async () => {
      await server.close();
    });

    async function createSpace(): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      return created.body as Space;
    }
    let commits = 0;
    /** Imports a book as the next commit; returns the space's revision afterwards. */
    async function importBook(spaceId: string, book: Book): Promise<string> {
      commits += 1;
      const sent = await sendTree(server.http, spaceId, bookTree(book), {
        oid: commitOid(commits),
        message: `Commit ${String(commits)}`,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(204);
      const revision = await server.http.get(`/v1/spaces/${spaceId}/content`);
      return (revision.body as Revision).id;
    }
    const revisionRow = (id: string) =>
      server.db
        .selectFrom('content_revisions')
        .select(['pages_base', 'files_from'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const ownRows = async (id: string) =>
      Number(
        (
          await server.db
            .selectFrom('content_pages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('revision_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const search = async (spaceId: string, query: string) =>
      (
        (await server.http.get(`/v1/spaces/${spaceId}/search?query=${query}`)).body as {
          items: SearchPageResult[];
        }
      ).items.map((item) => item.title);

    it('reads every revision of a chain of imports back as written, after a restart too', async () => {
      const space = await createSpace();
      const book = firstBook();
      const steps: { name: string; change: () => void }[] = [
        { name: 'first import', change: () => undefined },
        {
          name: 'one page edited',
          change: () => book.texts.set(7, '# Page 7\n\nRewritten once.\n'),
        },
        {
          name: 'a parent retitled',
          change: () => book.texts.set(10, '# Part ten\n\nText of page 10.\n'),
        },
        { name: 'a page removed', change: () => book.order.splice(book.order.indexOf(13), 1) },
        {
          name: 'a page added',
          change: () => {
            book.texts.set(PAGES, `# Page ${String(PAGES)}\n\nNew.\n`);
            book.order.push(PAGES);
          },
        },
        {
          name: 'two pages swapped',
          change: () => {
            const at = book.order.indexOf(21);
            book.order.splice(at, 2, 22, 21);
          },
        },
        { name: 'the asset changed', change: () => (book.asset = 'second asset bytes') },
        {
          name: 'most pages edited',
          change: () => {
            for (let n = 0; n < 30; n++) book.texts.set(n, `# Page ${n}\n\nEdited in bulk.\n`);
          },
        },
        {
          name: 'one page after the bulk edit',
          change: () => book.texts.set(33, '# Page 33\n\nAfter.\n'),
        },
      ];
      const written: { name: string; id: string; content: unknown }[] = [];
      for (const step of steps) {
        step.change();
        const id = await importBook(space.id, book);
        const revision = await loadRevision({ db: server.db, caches: server.caches }, id, {
          documents: 'all',
        });
        written.push({ name: step.name, id, content: revision?.content });
      }

      // Small changes overlay the base; the bulk edit stores every row and becomes the base.
      const [first, edited, , removed, , , assetChanged, bulk, after] = written;
      expect(await revisionRow(first?.id ?? '')).toEqual({ pages_base: null, files_from: null });
      expect(await revisionRow(edited?.id ?? '')).toEqual({
        pages_base: first?.id,
        files_from: first?.id,
      });
      expect(await ownRows(edited?.id ?? '')).toBe(1);
      // The tombstone of page 13 and the overlay's earlier rows.
      expect((await revisionRow(removed?.id ?? '')).pages_base).toBe(first?.id);
      expect((await revisionRow(assetChanged?.id ?? '')).files_from).toBeNull();
      expect(await revisionRow(bulk?.id ?? '')).toMatchObject({ pages_base: null });
      expect(await revisionRow(after?.id ?? '')).toEqual({
        pages_base: bulk?.id,
        files_from: assetChanged?.id,
      });
      expect(await ownRows(after?.id ?? '')).toBe(1);

      await server.restart();
      for (const step of written) {
        const read = await loadRevision({ db: server.db, caches: server.caches }, step.id, {
          documents: 'all',
        });
        expect(read?.content, step.name).toStrictEqual(step.content);
        const rows = await server.db
          .selectFrom(revisionPages(server.db, step.id))
          .select('page_id')
          .execute();
        const ids: string[] = [];
        const walk = (pages: readonly { id: string; pages?: unknown }[]) => {
          for (const page of pages) {
            ids.push(page.id);
            walk((page.pages ?? []) as { id: string }[]);
          }
        };
        walk((step.content as Revision).pages);
        expect(rows.map((row) => row.page_id).sort(), step.name).toEqual(ids.sort());
      }

      // Reads through the API see the shared rows: a removed page is gone, the asset downloads.
      const current = (await server.http.get(`/v1/spaces/${space.id}/content`)).body as Revision;
      // The top level as the removal left it, and the page added after it.
      const topLevel = (removed?.content as Revision).pages.length;
      expect(current.pages).toHaveLength(topLevel + 1);
      const pageOf13 = (first?.content as Revision).pages
        .flatMap((page) => [page, ...((page.pages ?? []) as typeof current.pages)])
        .find((page) => page.title === 'Page 13');
      expect(pageOf13).toBeDefined();
      expect(
        (await server.http.get(`/v1/spaces/${space.id}/content/page/${pageOf13?.id ?? ''}`)).status,
      ).toBe(404);
      const [file] = current.files;
      const download = await fetch(file?.downloadURL ?? '', {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(await download.text()).toBe('second asset bytes');
    });

    it('imports a one-page change after a restart reading no other page’s blob', async () => {
      const space = await createSpace();
      const book = firstBook();
      book.texts.set(3, '# Page 3\n\nThe word zebra lives here.\n');
      await importBook(space.id, book);
      expect(await search(space.id, 'zebra')).toEqual(['Page 3']);

      await server.restart();
      reads.clear();
      book.texts.set(3, '# Page 3\n\nThe word giraffe lives here now.\n');
      const changed = textBlob('page-3.md', book.texts.get(3) ?? '');
      const id = await importBook(space.id, book);
      // SUMMARY.md (always read) and nothing else: the changed page's text came with its upload
      // (see `ParsesAhead`), no other page is read.
      const summary = bookTree(book).find((file) => file.path === 'SUMMARY.md');
      expect([...reads.keys()]).toEqual([summary?.oid]);
      expect(reads.has(changed.oid)).toBe(false);
      expect(await ownRows(id)).toBe(1);

      const pages = (await server.http.get(`/v1/spaces/${space.id}/content`)).body as Revision;
      const page3 = pages.pages
        .flatMap((page) => [page, ...((page.pages ?? []) as typeof pages.pages)])
        .find((page) => page.title === 'Page 3');
      const markdown = await server.http.get(
        `/v1/spaces/${space.id}/content/page/${page3?.id ?? ''}?format=markdown`,
      );
      expect((markdown.body as { markdown: string }).markdown).toBe(book.texts.get(3));
      expect(await search(space.id, 'giraffe')).toEqual(['Page 3']);
      expect(await search(space.id, 'zebra')).toEqual([]);
    });

    it('follows a retitled parent into its children’s search entries', async () => {
      const space = await createSpace();
      const book = firstBook();
      book.texts.set(11, '# Page 11\n\nA page about otters.\n');
      await importBook(space.id, book);
      book.texts.set(10, '# Rivers\n\nText of page 10.\n');
      await importBook(space.id, book);
      const found = (await server.http.get(`/v1/spaces/${space.id}/search?query=otters`)).body as {
        items: (SearchPageResult & { ancestors?: { title: string }[] })[];
      };
      expect(found.items.map((item) => item.title)).toEqual(['Page 11']);
      expect(JSON.stringify(found.items[0])).toContain('Rivers');
    });
  });
}
