import {
  ContentLinkListing,
  type ContentLink,
  ErrorBody,
  FileBacklink,
  ListOf,
  type ChangeRequest,
  type File,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A tiny PNG's bytes stand-in: any bytes do for a file. */
const png = (name: string): TreeBlob => {
  const blob = textBlob(`.gitbook/assets/${name}`, `not really a png: ${name}`);
  return blob;
};

/** A guide linking everywhere, a setup page, a link page and two files (one unused). */
function tree(baseUrl: string, options: { setup?: boolean } = {}): TreeBlob[] {
  const setup = options.setup ?? true;
  return [
    textBlob('README.md', '# Home\n\nWelcome.\n'),
    textBlob(
      'SUMMARY.md',
      `# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n${setup ? '* [Setup](setup.md)\n' : ''}* [Example site](https://example.com)\n`,
    ),
    textBlob(
      'guide.md',
      [
        '# Guide',
        '',
        `See [setup](setup.md), its [requirements](setup.md#requirements), a [missing anchor](setup.md#nowhere), a [missing page](missing.md), [the web](https://example.com/docs), [the app](${baseUrl}/app/s/abc) and [the intro](#intro).`,
        '',
        '## Intro',
        '',
        '![Diagram](.gitbook/assets/diagram.png)',
        '',
      ].join('\n'),
    ),
    ...(setup
      ? [
          textBlob(
            'setup.md',
            '# Setup\n\n## Requirements\n\nThe diagram again: ![Diagram](.gitbook/assets/diagram.png)\n',
          ),
        ]
      : []),
    png('diagram.png'),
    png('unused.png'),
  ];
}

/** A link in brief: its status, the id (and anchor) or URL it points at, and the page it is on. */
function brief(link: ContentLink) {
  const target = link.targetReference;
  let to: string | undefined;
  if (target?.kind === 'url') to = target.url;
  else if (target?.kind === 'page')
    to = `page ${target.page.id}${target.internalLocation ? `#${target.internalLocation.anchor}` : ''}`;
  else if (target?.kind === 'file') to = `file ${target.file.id}`;
  else if (target !== undefined) to = target.kind;
  const on = link.locationReferences.map((location) =>
    location.kind === 'page' ? location.page.id : location.kind,
  );
  return { status: link.status, to, on };
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`links and backlinks over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function importedSpace(): Promise<{
      space: Space;
      pageId: (title: string, base?: string) => Promise<string>;
      fileId: (name: string) => Promise<string>;
    }> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(server.http, space.id, tree(server.baseUrl), {
        oid: commitOid(++commits),
        message: 'tree',
      });
      expect(sent.status).toBe(204);
      const pageId = async (title: string, base = `/v1/spaces/${space.id}/content`) => {
        const listed = await server.http.get(`${base}/pages`);
        const page = (listed.body as RevisionPages).pages.find((item) => item.title === title);
        if (page === undefined) throw new Error(`no page titled \`${title}\``);
        return page.id;
      };
      const fileId = async (name: string) => {
        const listed = await server.http.get(`/v1/spaces/${space.id}/content/files`);
        const file = (listed.body as { items: File[] }).items.find((item) => item.name === name);
        if (file === undefined) throw new Error(`no file named \`${name}\``);
        return file.id;
      };
      return { space, pageId, fileId };
    }

    async function listing(path: string): Promise<ContentLinkListing> {
      const answered = await server.http.get(path);
      expect(answered.status, path).toBe(200);
      expect(Value.Check(ContentLinkListing, answered.body)).toBe(true);
      return answered.body as ContentLinkListing;
    }

    it('lists a page’s links in order with their status: ok, broken, in-app', async () => {
      const { space, pageId, fileId } = await importedSpace();
      const guide = await pageId('Guide');
      const setup = await pageId('Setup');
      const diagram = await fileId('diagram.png');
      const links = await listing(`/v1/spaces/${space.id}/content/page/${guide}/links`);
      const here = [guide];
      expect(links.items.map(brief)).toEqual([
        { status: 'ok', to: `page ${setup}`, on: here },
        { status: 'ok', to: `page ${setup}#requirements`, on: here },
        { status: 'broken', to: `page ${setup}#nowhere`, on: here },
        { status: 'broken', to: 'missing.md', on: here },
        { status: 'ok', to: 'https://example.com/docs', on: here },
        { status: 'in-app', to: `${server.baseUrl}/app/s/abc`, on: here },
        { status: 'ok', to: '#intro', on: here },
        { status: 'ok', to: `file ${diagram}`, on: here },
      ]);
      // Where a link points and where it is embed the organization and space as the caller sees them.
      const [first] = links.items;
      expect(first?.targetReference).toMatchObject({
        kind: 'page',
        organization: { object: 'organization', id: server.organizationId },
        space: { object: 'space', id: space.id },
        page: { id: setup, title: 'Setup' },
      });
      expect(first?.locationReferences[0]).toMatchObject({
        kind: 'page',
        organization: { id: server.organizationId },
        space: { id: space.id },
        page: { id: guide, title: 'Guide' },
      });
      expect(links.count).toBe(8);
      expect(links.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 0 } });

      const broken = await listing(
        `/v1/spaces/${space.id}/content/page/${guide}/links?status=broken`,
      );
      expect(broken.items.map((link) => link.status)).toEqual(['broken', 'broken']);
      expect(broken.count).toBe(2);
      expect(broken.stats.total).toBe(8);

      const firstFive = await listing(`/v1/spaces/${space.id}/content/page/${guide}/links?limit=5`);
      expect(firstFive.items).toEqual(links.items.slice(0, 5));
      const second = await listing(
        `/v1/spaces/${space.id}/content/page/${guide}/links?limit=5&page=${firstFive.next?.page}`,
      );
      expect(second.items).toEqual(links.items.slice(5));
      expect(second.next).toBeUndefined();
    });

    it('lists the links of the whole space, and sees them break when their target goes', async () => {
      const { space } = await importedSpace();
      const all = await listing(`/v1/spaces/${space.id}/links`);
      // The guide's eight, the setup page's image, the link page's URL.
      expect(all.stats).toEqual({ total: 10, broken: { total: 2, changeRequest: 0 } });
      expect(all.count).toBe(10);
      const inApp = await listing(`/v1/spaces/${space.id}/links?status=in-app`);
      expect(inApp.count).toBe(1);

      const sent = await sendTree(server.http, space.id, tree(server.baseUrl, { setup: false }), {
        oid: commitOid(++commits),
        message: 'remove setup',
      });
      expect(sent.status).toBe(204);
      const after = await listing(`/v1/spaces/${space.id}/links?status=broken`);
      // The setup page went with its image: the guide's links to it, read again from the tree,
      // are paths nothing resolves any more.
      expect(after.stats).toEqual({ total: 9, broken: { total: 4, changeRequest: 0 } });
      expect(after.items.map((link) => brief(link).to)).toEqual([
        'setup.md',
        'setup.md#requirements',
        'setup.md#nowhere',
        'missing.md',
      ]);
    });

    it('lists the pages that refer to a file', async () => {
      const { space, fileId } = await importedSpace();
      const diagram = await fileId('diagram.png');
      const backlinks = await server.http.get(
        `/v1/spaces/${space.id}/content/files/${diagram}/backlinks`,
      );
      expect(backlinks.status).toBe(200);
      expect(Value.Check(ListOf(FileBacklink), backlinks.body)).toBe(true);
      const listed = backlinks.body as {
        items: FileBacklink[];
        count: number;
        next?: { page: string };
      };
      expect(listed.count).toBe(2);
      const revision = (await server.http.get(`/v1/spaces/${space.id}/content`)).body as {
        id: string;
      };
      expect(listed.items[0]).toMatchObject({
        kind: 'file',
        organization: { object: 'organization', id: server.organizationId },
        space: { object: 'space', id: space.id },
        versionContext: { type: 'revision', revision: { object: 'revision', id: revision.id } },
        file: { id: diagram, name: 'diagram.png' },
      });
      const paged = await server.http.get(
        `/v1/spaces/${space.id}/content/files/${diagram}/backlinks?limit=1`,
      );
      const one = paged.body as { items: FileBacklink[]; next?: { page: string } };
      expect(one.items).toHaveLength(1);
      const rest = await server.http.get(
        `/v1/spaces/${space.id}/content/files/${diagram}/backlinks?limit=1&page=${one.next?.page}`,
      );
      expect((rest.body as { items: FileBacklink[]; next?: unknown }).items).toHaveLength(1);
      expect((rest.body as { next?: unknown }).next).toBeUndefined();

      const unused = await server.http.get(
        `/v1/spaces/${space.id}/content/files/${await fileId('unused.png')}/backlinks`,
      );
      expect(unused.body).toEqual({ items: [], count: 0 });
    });

    it('reads a change request’s links on its head and counts the broken links it adds', async () => {
      const { space, pageId, fileId } = await importedSpace();
      const diagram = await fileId('diagram.png');
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Drop setup' },
      });
      const cr = opened.body as ChangeRequest;
      const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const deleted = await server.http.request('POST', base, {
        body: {
          changes: [
            { type: 'delete_page', page: await pageId('Setup') },
            {
              type: 'insert_page',
              document: { markdown: '# Fresh\n\nSee [nowhere](nowhere.md) and [home](#top).\n' },
            },
          ],
        },
      });
      expect(deleted.status).toBe(200);
      const fresh = await listing(`${base}/page/${await pageId('Fresh', base)}/links`);
      expect(fresh.stats).toEqual({ total: 2, broken: { total: 2, changeRequest: 2 } });

      const guide = await pageId('Guide', base);
      const links = await listing(`${base}/page/${guide}/links`);
      expect(links.stats).toEqual({ total: 8, broken: { total: 4, changeRequest: 2 } });
      // The space's own content is untouched.
      const main = await listing(`/v1/spaces/${space.id}/content/page/${guide}/links`);
      expect(main.stats.broken.total).toBe(2);

      const backlinks = await server.http.get(`${base}/files/${diagram}/backlinks`);
      expect(backlinks.status).toBe(200);
      expect(Value.Check(ListOf(FileBacklink), backlinks.body)).toBe(true);
      expect((backlinks.body as { count: number }).count).toBe(1);

      // Merged, the page refs stay refs and break in the space.
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`,
      );
      expect(merged.status).toBe(200);
      const after = await listing(`/v1/spaces/${space.id}/links?status=broken`);
      // The deleted page is gone, so the links to it point nowhere the listing can show.
      expect(after.items.map((link) => brief(link).to)).toEqual([
        undefined,
        undefined,
        undefined,
        'missing.md',
        'nowhere.md',
        '#top',
      ]);
    });

    it('answers unknown spaces, pages, files and change requests with 404 and bad input with 400', async () => {
      const { space, pageId, fileId } = await importedSpace();
      const guide = await pageId('Guide');
      const diagram = await fileId('diagram.png');
      const missing = [
        '/v1/spaces/nope/links',
        `/v1/spaces/nope/content/page/${guide}/links`,
        `/v1/spaces/${space.id}/content/page/nope/links`,
        `/v1/spaces/${space.id}/content/files/nope/backlinks`,
        `/v1/spaces/nope/content/files/${diagram}/backlinks`,
        `/v1/spaces/${space.id}/change-requests/nope/content/page/${guide}/links`,
        `/v1/spaces/${space.id}/change-requests/nope/content/files/${diagram}/backlinks`,
      ];
      for (const path of missing) {
        const answered = await server.http.get(path);
        expect(answered.status, path).toBe(404);
        expect(Value.Check(ErrorBody, answered.body)).toBe(true);
      }
      const bad = [
        `/v1/spaces/${space.id}/links?status=dead`,
        `/v1/spaces/${space.id}/links?limit=1001`,
        `/v1/spaces/${space.id}/links?page=nonsense`,
        `/v1/spaces/${space.id}/content/page/${guide}/links?limit=0`,
        `/v1/spaces/${space.id}/content/files/${diagram}/backlinks?page=nonsense`,
      ];
      for (const path of bad) {
        const answered = await server.http.get(path);
        expect(answered.status, path).toBe(400);
        expect(Value.Check(ErrorBody, answered.body)).toBe(true);
      }
    });
  });
}
