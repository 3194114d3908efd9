import {
  ChangeRequestContentChangesResult,
  ErrorBody,
  type ChangeRequest,
  type Page,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A README, a SUMMARY and two pages. */
const tree: TreeBlob[] = [
  textBlob('README.md', '# Home\n\nWelcome.\n'),
  textBlob(
    'SUMMARY.md',
    '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n* [Old](old.md)\n',
  ),
  textBlob('guide.md', '# Guide\n\nHow to start.\n'),
  textBlob('old.md', '# Old\n\nTo be removed.\n'),
];

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`change request content batch over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    /** A space holding `tree` and a change request on it, with the base of its content URLs. */
    async function changeRequestOnTree(): Promise<{
      space: Space;
      cr: ChangeRequest;
      content: string;
      pageId: (title: string) => Promise<string>;
    }> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'tree',
      });
      expect(sent.status).toBe(204);
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Batch' },
      });
      const cr = opened.body as ChangeRequest;
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const pageId = async (title: string) => {
        const listed = await server.http.get(`${content}/pages`);
        const walk = (pages: RevisionPages['pages']): string | undefined => {
          for (const page of pages) {
            if (page.title === title) return page.id;
            const found = 'pages' in page ? walk(page.pages) : undefined;
            if (found !== undefined) return found;
          }
          return undefined;
        };
        const id = walk((listed.body as RevisionPages).pages);
        if (id === undefined) throw new Error(`no page titled \`${title}\``);
        return id;
      };
      return { space, cr, content, pageId };
    }

    const revisions = async () =>
      Number(
        (
          await server.db
            .selectFrom('content_revisions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('applies inserts, updates, deletes and files in order as one new head revision', async () => {
      const { space, cr, content, pageId } = await changeRequestOnTree();
      const guide = await pageId('Guide');
      const old = await pageId('Old');
      const png = Buffer.from('not really a png').toString('base64');
      const applied = await server.http.request('POST', content, {
        body: {
          changes: [
            {
              type: 'insert_page',
              ref: 'setup',
              into: guide,
              document: {
                markdown: '---\ndescription: Getting ready\n---\n\n# Setup\n\nInstall it.\n',
              },
            },
            {
              type: 'insert_page',
              into: 'setup',
              title: 'Details',
              document: { markdown: 'More.\n' },
            },
            {
              type: 'update_page',
              page: guide,
              document: { markdown: '# Guide\n\nHow to begin.\n' },
            },
            { type: 'delete_page', page: old },
            {
              type: 'insert_files',
              files: [{ name: 'shot.png', contentType: 'image/png', base64: png }],
            },
          ],
        },
      });
      expect(applied.status).toBe(200);
      expect(Value.Check(ChangeRequestContentChangesResult, applied.body)).toBe(true);
      const result = applied.body as ChangeRequestContentChangesResult;
      expect(result.changes.map((change) => change.object)).toEqual([
        'created_page',
        'created_page',
        'updated_page',
        'deleted_page',
        'created_files',
      ]);
      expect(result.changes[0]).toMatchObject({ ref: 'setup', path: 'guide/setup' });
      expect(result.changes[1]).toMatchObject({ path: 'guide/setup/details' });
      expect(result.changeRequest.revision).not.toBe(cr.revision);

      const setup = await server.http.get(
        `${content}/page/${await pageId('Setup')}?format=markdown`,
      );
      expect(setup.body).toMatchObject({ title: 'Setup', description: 'Getting ready' });
      expect((setup.body as Page & { markdown: string }).markdown).toContain('Install it.');
      const updated = await server.http.get(`${content}/page/${guide}?format=markdown`);
      expect((updated.body as { markdown: string }).markdown).toContain('How to begin.');
      const deleted = await server.http.get(`${content}/page/${old}`);
      expect(deleted.status).toBe(404);
      const files = await server.http.get(`${content}/files`);
      expect(files.body).toMatchObject({ count: 1, items: [{ name: 'shot.png', size: 16 }] });
      const url = (files.body as { items: { downloadURL: string }[] }).items[0]?.downloadURL;
      const download = await fetch(url ?? '', {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(await download.text()).toBe('not really a png');

      // The main content is untouched until the change request is merged.
      const main = await server.http.get(`/v1/spaces/${space.id}/content/page/${old}`);
      expect(main.status).toBe(200);
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`,
      );
      expect(merged.body).toMatchObject({ result: 'merge' });
      expect((await server.http.get(`/v1/spaces/${space.id}/content/page/${old}`)).status).toBe(
        404,
      );
      const setupInMain = await server.http.get(
        `/v1/spaces/${space.id}/content/page/${await pageId('Setup')}`,
      );
      expect(setupInMain.status).toBe(200);
    });

    it('rejects the whole batch when one operation is invalid, naming it, and writes nothing', async () => {
      const { cr, content, pageId } = await changeRequestOnTree();
      const guide = await pageId('Guide');
      const before = await revisions();
      const cases = [
        { type: 'delete_page', page: 'no-such-page' },
        { type: 'insert_page', into: 'no-such-ref', document: { markdown: 'x' } },
        { type: 'insert_page', at: 99, document: { markdown: 'x' } },
        { type: 'update_page', page: guide, into: guide },
        { type: 'update_page', page: guide, slug: '' },
        { type: 'insert_page', slug: 'a/b', document: { markdown: 'x' } },
        { type: 'revert_page', page: guide, revision: 'no-such-revision' },
        {
          type: 'insert_files',
          files: [{ name: 'a', contentType: 'text/plain', url: 'https://example.com/a' }],
        },
        { type: 'insert_files', files: [{ name: 'a', contentType: 'text/plain', base64: '***' }] },
        { type: 'insert_files', files: [{ name: '../a', contentType: 'text/plain', base64: '' }] },
      ];
      for (const bad of cases) {
        const answer = await server.http.request('POST', content, {
          body: {
            changes: [
              { type: 'update_page', page: guide, title: 'Renamed' },
              { type: 'insert_page', title: 'New', document: { markdown: 'x' } },
              bad,
            ],
          },
        });
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
        expect((answer.body as ErrorBody).error.message).toContain('body/changes/2/');
      }
      const unknownType = await server.http.request('POST', content, {
        body: { changes: [{ type: 'rename_page', page: guide }] },
      });
      expect(unknownType.status).toBe(400);
      const empty = await server.http.request('POST', content, { body: { changes: [] } });
      expect(empty.status).toBe(400);
      expect(await revisions()).toBe(before);
      const after = await server.http.get(content);
      expect((after.body as { id: string }).id).toBe(cr.revision);
    });

    it('reverts a page to the change request’s base', async () => {
      const { content, pageId } = await changeRequestOnTree();
      const guide = await pageId('Guide');
      const edit = await server.http.request('POST', content, {
        body: {
          changes: [
            {
              type: 'update_page',
              page: guide,
              title: 'Changed',
              document: { markdown: 'Other.\n' },
            },
          ],
        },
      });
      expect(edit.status).toBe(200);
      const reverted = await server.http.request('POST', content, {
        body: { changes: [{ type: 'revert_page', page: guide }] },
      });
      expect(reverted.status).toBe(200);
      expect((reverted.body as ChangeRequestContentChangesResult).changes).toEqual([
        { object: 'updated_page', page: guide, path: 'guide' },
      ]);
      const page = await server.http.get(`${content}/page/${guide}?format=markdown`);
      expect(page.body).toMatchObject({ title: 'Guide', markdown: '# Guide\n\nHow to start.\n' });
    });

    it('keeps the landing page where it is when an update names no new place', async () => {
      // The landing page (path "", README.md) listed under a group, as GitBook writes it.
      const landing: TreeBlob[] = [
        textBlob('README.md', '# Welcome\n\nStart here.\n'),
        textBlob(
          'SUMMARY.md',
          '# Table of contents\n\n## Getting started\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
        ),
        textBlob('guide.md', '# Guide\n\nHow to start.\n'),
      ];
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      expect(
        (
          await sendTree(server.http, space.id, landing, {
            oid: commitOid(++commits),
            message: 't',
          })
        ).status,
      ).toBe(204);
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Landing' },
      });
      const cr = opened.body as ChangeRequest;
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const pages = (await server.http.get(`${content}/pages`)).body as RevisionPages;
      const welcome = pages.pages[0]?.pages?.[0];
      expect(welcome).toMatchObject({ title: 'Welcome', path: '' });

      const updated = await server.http.request('POST', content, {
        body: {
          changes: [
            {
              type: 'update_page',
              page: welcome?.id,
              title: 'Welcome!',
              document: { markdown: '# Welcome!\n\nStart here, now.\n' },
            },
          ],
        },
      });
      expect(updated.status).toBe(200);
      expect((updated.body as ChangeRequestContentChangesResult).changes).toEqual([
        { object: 'updated_page', page: welcome?.id, path: '' },
      ]);
      const after = (await server.http.get(`${content}/pages`)).body as RevisionPages;
      expect(after.pages[0]?.pages?.map((page) => [page.id, page.path])).toEqual([
        [welcome?.id, ''],
        [pages.pages[0]?.pages?.[1]?.id, 'getting-started/guide'],
      ]);
      // The change request's files: the landing page is still README.md, with its new text.
      const listed = await server.http.get(
        `/v1/spaces/${space.id}/git/tree?changeRequest=${cr.id}`,
      );
      const files = (listed.body as { files: { path: string; page?: string; oid: string }[] })
        .files;
      expect(files.find((file) => file.page === welcome?.id)).toMatchObject({
        path: 'README.md',
        oid: textBlob('README.md', '# Welcome!\n\nStart here, now.\n').oid,
      });
      expect(files.map((file) => file.path)).toEqual(['README.md', 'SUMMARY.md', 'guide.md']);
    });

    it('answers 409 when the batch names a revision the change request has moved past', async () => {
      const { cr, content } = await changeRequestOnTree();
      const first = await server.http.request('POST', content, {
        body: {
          revision: cr.revision,
          changes: [{ type: 'insert_page', title: 'One', document: { markdown: 'x' } }],
        },
      });
      expect(first.status).toBe(200);
      const stale = await server.http.request('POST', content, {
        body: {
          revision: cr.revision,
          changes: [{ type: 'insert_page', title: 'Two', document: { markdown: 'x' } }],
        },
      });
      expect(stale.status).toBe(409);
    });
  });
}
