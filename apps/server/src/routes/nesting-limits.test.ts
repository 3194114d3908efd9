import type { ChangeRequest, Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NESTING_LIMITS } from '../content/nesting-limits.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const quotes = (depth: number) => `${'>'.repeat(depth)} deep\n`;
const lists = (depth: number) =>
  `${Array.from({ length: depth }, (_, n) => `${'  '.repeat(n)}* item ${String(n)}`).join('\n')}\n`;
const hints = (depth: number) =>
  `${'{% hint style="info" %}\n'.repeat(depth)}deep\n${'{% endhint %}\n'.repeat(depth)}`;
/** A SUMMARY.md nesting `depth` pages, and the pages. */
const nestedSummary = (depth: number): TreeBlob[] => [
  textBlob('README.md', '# Home\n'),
  textBlob(
    'SUMMARY.md',
    `# Table of contents\n\n* [Home](README.md)\n${Array.from(
      { length: depth },
      (_, n) => `${'  '.repeat(n)}* [Page ${String(n)}](p${String(n)}.md)`,
    ).join('\n')}\n`,
  ),
  ...Array.from({ length: depth }, (_, n) => textBlob(`p${String(n)}.md`, `# Page ${String(n)}\n`)),
];
/**
 * A JSON document whose blocks nest `depth` quotes deep, as JSON text (`JSON.stringify` of the
 * object would overflow the test's own stack).
 */
const deepDocument = (depth: number) =>
  `{"object":"document","data":{},"nodes":[${'{"object":"block","type":"blockquote","nodes":['.repeat(depth)}` +
  `{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","text":"x","marks":[]}]}]}` +
  `${']}'.repeat(depth)}]}`;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`content nests only as deep as it can be read back (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    }, 30_000);

    async function importInto(tree: readonly TreeBlob[]) {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'deep',
      });
      return { space, sent };
    }

    /** Every page's document and markdown, and the git tree's files, all 200. */
    async function readsBack(space: Space): Promise<void> {
      const listed = await server.http.get(`/v1/spaces/${space.id}/content/pages`);
      expect(listed.status).toBe(200);
      const ids: string[] = [];
      const walk = (pages: { id: string; pages?: unknown[] }[]) => {
        for (const page of pages) {
          ids.push(page.id);
          walk((page.pages ?? []) as { id: string; pages?: unknown[] }[]);
        }
      };
      walk((listed.body as { pages: { id: string }[] }).pages);
      for (const id of ids.slice(0, 3).concat(ids.slice(-2))) {
        for (const query of ['', '?format=markdown']) {
          const read = await server.http.get(`/v1/spaces/${space.id}/content/page/${id}${query}`);
          expect(read.status, `${id}${query}: ${read.text}`).toBe(200);
        }
      }
      const tree = await server.http.get(`/v1/spaces/${space.id}/git/tree`);
      expect(tree.status, tree.text).toBe(200);
      const paths = (tree.body as { files: { path: string }[] }).files.map((file) => file.path);
      const files = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
        body: { paths: paths.slice(0, 1000) },
      });
      expect(files.status, files.text).toBe(200);
    }

    it.each([
      [
        '50,000 nested quotes',
        () => [textBlob('README.md', quotes(50_000))],
        'line 1 nests more than',
      ],
      [
        '5,000 nested quotes',
        () => [textBlob('README.md', quotes(5_000))],
        'line 1 nests more than',
      ],
      // 2 MB of indentation: past the size budget before the nesting is looked at.
      ['1,400 list levels', () => [textBlob('README.md', lists(1_400))], 'converted up to'],
      ['500 list levels', () => [textBlob('README.md', lists(500))], 'nests more than 100'],
      ['5,000 nested hints', () => [textBlob('README.md', hints(5_000))], 'block tags'],
      ['SUMMARY.md 1,400 deep', () => nestedSummary(1_400), 'SUMMARY.md'],
      ['SUMMARY.md 51 deep', () => nestedSummary(NESTING_LIMITS.pages + 1), 'levels deep'],
    ])(
      'refuses %s with a 400 that names the limit',
      async (_, tree, message) => {
        const started = Date.now();
        const { sent } = await importInto(tree());
        expect(sent.status, sent.text).toBe(400);
        expect(sent.text).toContain(message);
        // Refused before parsing: the 50,000 quotes took 23 s to parse on a shared 2-core machine.
        expect(Date.now() - started).toBeLessThan(10_000);
      },
      60_000,
    );

    it.each([
      ['quotes', () => [textBlob('README.md', quotes(NESTING_LIMITS.markdownLine))]],
      ['lists', () => [textBlob('README.md', lists(NESTING_LIMITS.markdownLine / 2))]],
      ['hints', () => [textBlob('README.md', hints(NESTING_LIMITS.markdownTags))]],
      ['pages', () => nestedSummary(NESTING_LIMITS.pages)],
      [
        'a SUMMARY.md that lists itself',
        () => [
          textBlob('README.md', '# Home\n'),
          textBlob('SUMMARY.md', '# Contents\n\n* [Home](README.md)\n* [Contents](SUMMARY.md)\n'),
        ],
      ],
    ])(
      'imports %s at the limit, and reads them back after a restart',
      async (_, tree) => {
        const { space, sent } = await importInto(tree());
        expect(sent.status, sent.text).toBe(204);
        await readsBack(space);
        await server.restart();
        await readsBack(space);
      },
      60_000,
    );

    it('refuses documents and markdown past the limits in a content batch, and such comments', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Deep' },
      });
      const changeRequest = opened.body as ChangeRequest;
      const batch = (document: string) =>
        server.http.request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`,
          {
            rawBody: `{"changes":[{"type":"insert_page","title":"Deep","document":${document}}]}`,
            contentType: 'application/json',
          },
        );
      for (const [document, message] of [
        [`{"document":${deepDocument(3_000)}}`, 'nests arrays and objects more than'],
        [
          `{"document":${deepDocument(NESTING_LIMITS.document)}}`,
          'body/changes/0/document/document',
        ],
        [JSON.stringify({ markdown: quotes(5_000) }), 'body/changes/0/document/markdown line 1'],
        [JSON.stringify({ markdown: hints(5_000) }), 'block tags'],
      ] as const) {
        const sent = await batch(document);
        expect(sent.status, sent.text).toBe(400);
        expect(sent.text).toContain(message);
      }
      const fine = await batch(`{"document":${deepDocument(NESTING_LIMITS.document - 4)}}`);
      expect(fine.status, fine.text).toBe(200);

      const comment = await server.http.request('POST', `/v1/spaces/${space.id}/comments`, {
        body: { body: { markdown: quotes(5_000) } },
      });
      expect(comment.status, comment.text).toBe(400);
      expect(comment.text).toContain('nests more than');
    }, 30_000);
  });
}
