import {
  ErrorBody,
  ListOf,
  SearchPageResult,
  SearchSpaceResult,
  type ChangeRequest,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { createHttpClient } from '@docsync/test-utils';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type Listed<Item> = { items: Item[]; count?: number; next?: { page: string } };

/** A handbook: a home page, an install page with sections, and a page under it. */
function handbook(install = 'Fetch the zebra package from the mirror.'): TreeBlob[] {
  return [
    textBlob('README.md', '# Home\n\nWelcome to the handbook.\n'),
    textBlob(
      'SUMMARY.md',
      '# Table of contents\n\n* [Home](README.md)\n* [Install](install.md)\n  * [Linux](install/linux.md)\n',
    ),
    textBlob(
      'install.md',
      `# Install\n\nBefore anything, read this.\n\n## Download the archive\n\n${install}\n\n## Configure\n\nEdit the quokka settings.\n`,
    ),
    textBlob('install/linux.md', '# Linux\n\n## Requirements\n\nA kernel with wombat support.\n'),
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`search over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    async function spaceWith(
      tree: TreeBlob[],
      options: { organizationId?: string; token?: string } = {},
    ): Promise<Space> {
      const http =
        options.token === undefined ? server.http : createHttpClient(server.baseUrl, options.token);
      const created = await http.request(
        'POST',
        `/v1/orgs/${options.organizationId ?? server.organizationId}/spaces`,
        { body: { title: 'Handbook' } },
      );
      expect(created.status).toBe(201);
      const space = created.body as Space;
      const sent = await sendTree(http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'tree',
      });
      expect(sent.status).toBe(204);
      return space;
    }

    async function search(
      spaceId: string,
      query: string,
      more = '',
    ): Promise<Listed<SearchPageResult>> {
      const found = await server.http.get(
        `/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}${more}`,
      );
      expect(found.status).toBe(200);
      expect(Value.Check(ListOf(SearchPageResult), found.body)).toBe(true);
      return found.body as Listed<SearchPageResult>;
    }

    it('finds a word in a page’s text, with the section it is under and its anchor', async () => {
      const space = await spaceWith(handbook());
      const found = await search(space.id, 'zebra');
      expect(found.count).toBe(1);
      const [page] = found.items;
      expect(page).toMatchObject({ title: 'Install', path: 'install', ancestors: [] });
      expect(page?.urls.app).toBe(`${server.baseUrl}/app/s/${space.id}/install`);
      expect(page?.sections).toEqual([
        {
          id: `${page?.id}#download-the-archive`,
          title: 'Download the archive',
          path: 'install#download-the-archive',
          body: 'Fetch the zebra package from the mirror.',
          urls: { app: `${server.baseUrl}/app/s/${space.id}/install#download-the-archive` },
        },
      ]);
    });

    it('finds words in headings and page titles, as prefixes, in any case and accent', async () => {
      const space = await spaceWith(handbook('Un café pour Zoë.'));
      const heading = await search(space.id, 'CONFIG');
      expect(heading.items.map((page) => page.title)).toEqual(['Install']);
      expect(heading.items[0]?.sections.map((section) => section.title)).toEqual(['Configure']);

      const accents = await search(space.id, 'cafe zoe');
      expect(accents.items[0]?.sections[0]?.body).toBe('Un café pour Zoë.');

      // "Install" is the page's title, "quokka" in one of its sections.
      const across = await search(space.id, 'install quokka');
      expect(across.items.map((page) => page.title)).toEqual(['Install']);

      const nested = await search(space.id, 'wombat');
      expect(nested.items[0]).toMatchObject({
        title: 'Linux',
        path: 'install/linux',
        ancestors: [{ title: 'Install' }],
      });
      expect(nested.items[0]?.sections[0]).toMatchObject({
        title: 'Requirements',
        path: 'install/linux#requirements',
      });

      expect((await search(space.id, 'zebra quokka')).items).toEqual([]);
      expect((await search(space.id, 'nothing-like-this')).count).toBe(0);
    });

    it('follows new revisions, re-indexing only the pages that changed', async () => {
      const space = await spaceWith(handbook());
      const linuxSections = () =>
        server.db
          .selectFrom('search_sections')
          .innerJoin('search_pages', (join) =>
            join
              .onRef('search_pages.space_id', '=', 'search_sections.space_id')
              .onRef('search_pages.page_id', '=', 'search_sections.page_id'),
          )
          .select('search_sections.id')
          .where('search_sections.space_id', '=', space.id)
          .where('search_pages.title', '=', 'Linux')
          .orderBy('search_sections.id')
          .execute();
      const before = await linuxSections();

      const sent = await sendTree(server.http, space.id, handbook('Fetch the giraffe package.'), {
        oid: commitOid(++commits),
        message: 'giraffe',
      });
      expect(sent.status).toBe(204);
      expect((await search(space.id, 'zebra')).count).toBe(0);
      expect((await search(space.id, 'giraffe')).items[0]?.sections[0]?.title).toBe(
        'Download the archive',
      );
      expect((await search(space.id, 'wombat')).count).toBe(1);
      // The Linux page did not change: its sections were left as they were.
      expect(await linuxSections()).toEqual(before);

      const removed = handbook().filter((file) => file.path !== 'install/linux.md');
      removed[1] = textBlob('SUMMARY.md', '* [Home](README.md)\n* [Install](install.md)\n');
      await sendTree(server.http, space.id, removed, { oid: commitOid(++commits), message: 'rm' });
      expect((await search(space.id, 'wombat')).count).toBe(0);
    });

    it('follows merged change requests and indexes duplicated spaces on their first search', async () => {
      const space = await spaceWith(handbook());
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Rename' },
      });
      const cr = opened.body as ChangeRequest;
      const pages = await server.http.get(`/v1/spaces/${space.id}/content/pages`);
      const install = (pages.body as RevisionPages).pages.find((page) => page.title === 'Install');
      const changed = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/content`,
        {
          body: {
            changes: [
              {
                type: 'update_page',
                page: install?.id,
                document: { markdown: '# Install\n\n## Download\n\nFetch the okapi package.\n' },
              },
            ],
          },
        },
      );
      expect(changed.status).toBe(200);
      expect((await search(space.id, 'okapi')).count).toBe(0);
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`,
      );
      expect(merged.status).toBe(200);
      expect((await search(space.id, 'okapi')).items[0]?.sections[0]?.title).toBe('Download');

      const copy = await server.http.request('POST', `/v1/spaces/${space.id}/duplicate`);
      expect(copy.status).toBe(201);
      const duplicate = copy.body as Space;
      expect((await search(duplicate.id, 'okapi')).items.map((page) => page.title)).toEqual([
        'Install',
      ]);
    });

    it('pages through results best first with the cursor', async () => {
      const pages = Array.from({ length: 5 }, (_, n) =>
        textBlob(`p${n}.md`, `# Page ${n}\n\n${'lemur '.repeat(n + 1)}here.\n`),
      );
      const tree = [
        textBlob('README.md', '# Home\n\nNo animals.\n'),
        textBlob(
          'SUMMARY.md',
          `* [Home](README.md)\n${pages.map((_, n) => `* [Page ${n}](p${n}.md)\n`).join('')}`,
        ),
        ...pages,
      ];
      const space = await spaceWith(tree);
      const seen: string[] = [];
      let cursor = '';
      for (let round = 0; round < 5; round++) {
        const found = await search(space.id, 'lemur', `&limit=2${cursor}`);
        expect(found.count).toBe(5);
        seen.push(...found.items.map((page) => page.title));
        if (found.next === undefined) break;
        cursor = `&page=${found.next.page}`;
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      expect(seen[0]).toBe('Page 4');
    });

    it('answers bad input with 400 and unknown spaces and organizations with 404', async () => {
      const space = await spaceWith(handbook());
      const bad = [
        `/v1/spaces/${space.id}/search`,
        `/v1/spaces/${space.id}/search?query=`,
        `/v1/spaces/${space.id}/search?query=${'a'.repeat(513)}`,
        `/v1/spaces/${space.id}/search?query=${encodeURIComponent(' ?! ')}`,
        `/v1/spaces/${space.id}/search?query=zebra&limit=0`,
        `/v1/spaces/${space.id}/search?query=zebra&page=nonsense`,
        `/v1/orgs/${server.organizationId}/search?query=`,
        `/v1/orgs/${server.organizationId}/search?query=${'a'.repeat(513)}`,
      ];
      for (const path of bad) {
        const answered = await server.http.get(path);
        expect(answered.status, path).toBe(400);
        expect(Value.Check(ErrorBody, answered.body)).toBe(true);
      }
      expect(
        (await server.http.get(`/v1/spaces/${space.id}/search?query=${'a'.repeat(512)}`)).status,
      ).toBe(200);
      for (const path of [
        '/v1/spaces/nope/search?query=zebra',
        '/v1/orgs/nope/search?query=zebra',
      ]) {
        const answered = await server.http.get(path);
        expect(answered.status).toBe(404);
        expect(Value.Check(ErrorBody, answered.body)).toBe(true);
      }
    });

    it('searches an organization’s spaces the caller can read, and nothing else', async () => {
      const org = await seedOrganizationWithMembers(server.db, server.clock, [
        { role: 'admin' },
        { role: 'read' },
        { role: null },
      ]);
      const [admin, reader, guest] = org.members;
      const as = { organizationId: org.organizationId, token: admin?.token ?? '' };
      const first = await spaceWith(handbook(), as);
      const second = await spaceWith(handbook('The zebra crossing.'), as);
      const gone = await spaceWith(handbook('A deleted zebra.'), as);
      expect(
        (
          await server.http.request('DELETE', `/v1/spaces/${gone.id}`, {
            token: admin?.token ?? '',
          })
        ).status,
      ).toBe(204);
      // The same words in a space of another organization.
      await spaceWith(handbook());

      const path = `/v1/orgs/${org.organizationId}/search?query=zebra`;
      const found = await server.http.get(path, { token: reader?.token ?? '' });
      expect(found.status).toBe(200);
      expect(Value.Check(ListOf(SearchSpaceResult), found.body)).toBe(true);
      const listed = found.body as Listed<SearchSpaceResult>;
      expect(listed.count).toBe(2);
      expect(listed.items.map((space) => space.id).sort()).toEqual([first.id, second.id].sort());
      for (const space of listed.items) {
        expect(space.title).toBe('Handbook');
        expect(space.pages.map((page) => page.title)).toEqual(['Install']);
      }

      const paged = await server.http.get(`${path}&limit=1`, { token: reader?.token ?? '' });
      const one = paged.body as Listed<SearchSpaceResult>;
      expect(one.items).toHaveLength(1);
      const rest = await server.http.get(`${path}&limit=1&page=${one.next?.page}`, {
        token: reader?.token ?? '',
      });
      expect((rest.body as Listed<SearchSpaceResult>).items.map((space) => space.id)).not.toEqual(
        one.items.map((space) => space.id),
      );

      const asGuest = await server.http.get(path, { token: guest?.token ?? '' });
      expect(asGuest.status).toBe(200);
      expect(asGuest.body).toEqual({ items: [], count: 0 });
      const outsider = await server.http.get(path);
      expect(outsider.status).toBe(404);
      expect((await server.http.get(`/v1/spaces/${first.id}/search?query=zebra`)).status).toBe(404);
    });
  });
}
