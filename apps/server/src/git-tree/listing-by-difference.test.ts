import type { ChangeRequest, GitTree, Page, Space } from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { seededRandom } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCaches } from '../caches/server-caches.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';
import { listRevision } from './git-tree-listing.js';
import { listingSince } from './listing-since.js';

/** Fixed in CI; `PROPERTY_SEED=random` (or a number) locally. */
const seed =
  process.env['PROPERTY_SEED'] === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env['PROPERTY_SEED'] ?? 3101);
const STEPS = Number(process.env['PROPERTY_RUNS'] ?? 24);

/** A README, a SUMMARY, pages linking to the next one, a nested page and an image. */
function book(): TreeBlob[] {
  const pages = Array.from({ length: 8 }, (_, n) =>
    textBlob(
      n === 3 ? 'guide/README.md' : n === 4 ? 'guide/setup.md' : `page-${String(n)}.md`,
      `# Page ${String(n)}\n\nSee [the next page](${n === 2 ? 'guide/README.md' : `page-${String(n + 1)}.md`}).\n`,
    ),
  );
  const summary = [
    '# Table of contents\n',
    '* [Home](README.md)',
    '* [Page 0](page-0.md)',
    '* [Page 1](page-1.md)',
    '* [Page 2](page-2.md)',
    '* [Page 3](guide/README.md)',
    '  * [Page 4](guide/setup.md)',
    '* [Page 5](page-5.md)',
    '* [Page 6](page-6.md)',
    '* [Page 7](page-7.md)',
  ].join('\n');
  return [
    textBlob('README.md', '# Home\n\n![Logo](.gitbook/assets/logo.png)\n'),
    textBlob('SUMMARY.md', `${summary}\n`),
    { path: '.gitbook/assets/logo.png', oid: gitBlobId(logo), bytes: logo },
    ...pages,
  ];
}

const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function flatten(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatten((page.pages ?? []) as Page[])]);
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`listing a revision from the space's last listing (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    it(`lists every revision as a listing from scratch would, whatever was edited (seed ${String(seed)})`, async () => {
      const random = seededRandom(seed);
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      expect(
        (
          await sendTree(server.http, space.id, book(), {
            oid: commitOid(1),
            message: 'first',
          })
        ).status,
      ).toBe(204);

      const listing = async (changeRequest?: string): Promise<GitTree> => {
        const query = changeRequest === undefined ? '' : `?changeRequest=${changeRequest}`;
        const read = await server.http.get(`/v1/spaces/${space.id}/git/tree${query}`);
        expect(read.status).toBe(200);
        return read.body as GitTree;
      };
      /** The listing of the revision made with nothing kept: the whole revision laid out. */
      const fromScratch = async (revisionId: string): Promise<GitTree> => {
        const listed = await listRevision(
          { db: server.db, caches: createServerCaches() },
          { spaceId: space.id, revisionId },
        );
        return listed?.tree as GitTree;
      };
      const documentPages = async (base: string): Promise<Page[]> =>
        flatten(((await server.http.get(`${base}/pages`)).body as { pages: Page[] }).pages).filter(
          (page) => page.type === 'document',
        );
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

      let previous = await listing();
      expect(previous).toEqual(await fromScratch(previous.revision));
      const log: string[] = [];
      let fromLast = 0;
      let inherited = 0;
      for (let step = 0; step < STEPS; step++) {
        const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
          body: { subject: `Step ${String(step)}` },
        });
        const cr = opened.body as ChangeRequest;
        const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
        const pages = await documentPages(content);
        const target = pick(pages);
        const linked = pick(pages);
        const roll = random();
        // Mostly content edits (one page or two), sometimes what moves paths or titles.
        const changes =
          roll < 0.45
            ? [
                {
                  type: 'update_page',
                  page: target.id,
                  document: {
                    markdown: `# ${target.title}\n\nStep ${String(step)}, see [${linked.title}](${linked.id}).\n`,
                  },
                },
              ]
            : roll < 0.6
              ? [target, linked].map((page) => ({
                  type: 'update_page',
                  page: page.id,
                  document: { markdown: `Step ${String(step)} of ${page.title}.\n` },
                }))
              : roll < 0.7
                ? [{ type: 'update_page', page: target.id, title: `Renamed ${String(step)}` }]
                : roll < 0.8
                  ? [
                      {
                        type: 'insert_page',
                        title: `New ${String(step)}`,
                        document: { markdown: 'New.\n' },
                      },
                    ]
                  : roll < 0.87
                    ? [
                        {
                          type: 'update_page',
                          page: target.id,
                          description: `About step ${String(step)}`,
                        },
                      ]
                    : roll < 0.93 && pages.length > 4
                      ? [{ type: 'delete_page', page: target.id }]
                      : [
                          {
                            type: 'insert_files',
                            files: [
                              {
                                name: `f${String(step)}.txt`,
                                contentType: 'text/plain',
                                base64: Buffer.from(String(step)).toString('base64'),
                              },
                            ],
                          },
                        ];
        log.push(`${String(step)}: ${JSON.stringify(changes)}`);
        const applied = await server.http.request('POST', content, { body: { changes } });
        expect(applied.status, log.join('\n')).toBe(200);
        // Now and then the change request's content is listed first: the space's last listing
        // is then the change request's.
        if (random() < 0.4) {
          const head = await listing(cr.id);
          expect(head, log.join('\n')).toEqual(await fromScratch(head.revision));
        }
        const merged = await server.http.request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`,
        );
        expect(merged.status, log.join('\n')).toBe(200);
        const layouts = server.caches.layouts;
        // Now and then pages are read as markdown before the merged revision is listed: the
        // read takes an ancestor's layout when laid out alike (`inheritLayout`), and must give
        // each page's file as a listing from scratch has it.
        if (random() < 0.5) {
          const revision = ((await server.http.get(`/v1/spaces/${space.id}`)).body as Space)
            .revision;
          const scratch = await fromScratch(revision);
          for (const page of (await documentPages(`/v1/spaces/${space.id}/content`)).slice(0, 3)) {
            const read = await server.http.get(
              `/v1/spaces/${space.id}/content/page/${page.id}?format=markdown`,
            );
            const file = scratch.files.find((candidate) => candidate.page === page.id);
            const markdown = (read.body as Page).markdown ?? '';
            expect(gitBlobId(new TextEncoder().encode(markdown)), log.join('\n')).toBe(file?.oid);
          }
          if (layouts.peek(revision) === layouts.peek(previous.revision)) inherited++;
        }
        const next = await listing();
        if (
          layouts.peek(next.revision) !== undefined &&
          layouts.peek(next.revision) === layouts.peek(previous.revision)
        )
          fromLast++;
        expect(next, `seed ${String(seed)}\n${log.join('\n')}`).toEqual(
          await fromScratch(next.revision),
        );
        const since = await server.http.get(
          `/v1/spaces/${space.id}/git/tree?since=${previous.revision}`,
        );
        expect(since.body).toEqual(listingSince(next, previous));
        previous = next;
      }
      // Content edits were listed from the last listing (they share its layout).
      expect(fromLast).toBeGreaterThan(STEPS / 4);
      // And some markdown reads took the last layout before any listing did.
      expect(inherited).toBeGreaterThan(0);
    }, 120_000);
  });
}
