import {
  ChangeRequest,
  ChangeRequestMergeResult,
  ChangeRequestUpdateResult,
  ErrorBody,
  ListOf,
  Page,
  Revision,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** The text of a page with three paragraphs, any of them replaced. */
function pageText(title: string, paragraphs: Partial<Record<0 | 1 | 2, string>> = {}): string {
  const texts = [0, 1, 2].map(
    (n) => paragraphs[n as 0 | 1 | 2] ?? `Paragraph ${n} of ${title.toLowerCase()}.`,
  );
  return `# ${title}\n\n${texts.join('\n\n')}\n`;
}

/** A space of `count` pages (each of three paragraphs), with some page texts replaced. */
function bookTree(count: number, changed: Record<number, string> = {}): TreeBlob[] {
  const summary = ['# Table of contents\n', '* [Home](README.md)']
    .concat(Array.from({ length: count }, (_, n) => `* [Page ${n}](page-${n}.md)`))
    .join('\n');
  return [
    textBlob('README.md', '# Home\n\nWelcome.\n'),
    textBlob('SUMMARY.md', `${summary}\n`),
    ...Array.from({ length: count }, (_, n) =>
      textBlob(`page-${n}.md`, changed[n] ?? pageText(`Page ${n}`)),
    ),
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`change requests over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const nextCommit = () => ({ oid: commitOid(++commits), message: `commit ${commits}` });

    async function spaceWith(tree: readonly TreeBlob[]): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      const space = created.body as Space;
      if (tree.length > 0)
        expect((await sendTree(server.http, space.id, tree, nextCommit())).status).toBe(204);
      return space;
    }

    async function openChangeRequest(spaceId: string, subject = 'Edits'): Promise<ChangeRequest> {
      const created = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
        body: { subject },
      });
      expect(created.status).toBe(201);
      return created.body as ChangeRequest;
    }

    async function importInto(spaceId: string, changeRequest: string, tree: readonly TreeBlob[]) {
      const sent = await sendTree(server.http, spaceId, tree, nextCommit(), { changeRequest });
      expect(sent.status).toBe(204);
    }

    const merge = (spaceId: string, changeRequest: string) =>
      server.http.request('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequest}/merge`);

    async function pageMarkdownIn(base: string, title: string): Promise<string> {
      const listed = await server.http.get(`${base}/pages`);
      const page = (listed.body as RevisionPages).pages.find((p) => p.title === title);
      expect(page).toBeDefined();
      const read = await server.http.get(`${base}/page/${page?.id}?format=markdown`);
      expect(read.status).toBe(200);
      return (read.body as { markdown: string }).markdown;
    }

    const spaceRevisionOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}`)).body as Space).revision;

    it('creates a draft change request on the current revision, numbered from 1', async () => {
      const space = await spaceWith(bookTree(1));
      const first = await openChangeRequest(space.id, 'First');
      expect(Value.Check(ChangeRequest, first)).toBe(true);
      expect(first).toMatchObject({
        object: 'change-request',
        number: 1,
        status: 'draft',
        subject: 'First',
        space: space.id,
        outdated: false,
        comments: 0,
      });
      expect(first.revisionInitial).toBe(await spaceRevisionOf(space.id));
      expect(first.revision).toBe(first.revisionInitial);
      expect(first.createdBy.id).toBe(server.userId);
      const second = await openChangeRequest(space.id, 'Second');
      expect(second.number).toBe(2);
    });

    it('gets a change request by id and by its number in the space', async () => {
      const space = await spaceWith([]);
      const created = await openChangeRequest(space.id);
      const byId = await server.http.get(`/v1/spaces/${space.id}/change-requests/${created.id}`);
      const byNumber = await server.http.get(`/v1/spaces/${space.id}/change-requests/1`);
      expect(byId.status).toBe(200);
      expect(Value.Check(ChangeRequest, byId.body)).toBe(true);
      expect(byNumber.body).toEqual(byId.body);
    });

    it('patches subject, description and status, and lists open ones by default', async () => {
      const space = await spaceWith([]);
      const draft = await openChangeRequest(space.id, 'Stays a draft');
      const other = await openChangeRequest(space.id, 'Becomes open');
      const description = { object: 'document', data: {}, nodes: [] };
      const patched = await server.http.request(
        'PATCH',
        `/v1/spaces/${space.id}/change-requests/${other.id}`,
        { body: { subject: 'Now open', description, status: 'open' } },
      );
      expect(patched.status).toBe(200);
      expect(Value.Check(ChangeRequest, patched.body)).toBe(true);
      expect(patched.body).toMatchObject({ subject: 'Now open', status: 'open', description });

      const open = await server.http.get(`/v1/spaces/${space.id}/change-requests`);
      expect(open.status).toBe(200);
      expect(Value.Check(ListOf(ChangeRequest), open.body)).toBe(true);
      expect((open.body as { items: ChangeRequest[] }).items.map((cr) => cr.id)).toEqual([
        other.id,
      ]);
      const drafts = await server.http.get(`/v1/spaces/${space.id}/change-requests?status=draft`);
      expect(drafts.body).toMatchObject({ count: 1, items: [{ id: draft.id }] });
    });

    it('filters by creator and by contributor', async () => {
      const space = await spaceWith(bookTree(1));
      const mine = await openChangeRequest(space.id);
      const someone = await seedUser(server.db, server.clock, { name: 'Writer' });
      await seedMember(server.db, server.clock, server.organizationId, someone.userId, 'edit');
      const theirs = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Theirs' },
        token: someone.token,
      });
      expect(theirs.status).toBe(201);
      const theirId = (theirs.body as ChangeRequest).id;
      // The admin contributes to the other person's change request by importing into it.
      await importInto(space.id, theirId, bookTree(1, { 0: pageText('Page 0', { 0: 'Edited.' }) }));
      for (const id of [mine.id, theirId])
        await server.http.request('PATCH', `/v1/spaces/${space.id}/change-requests/${id}`, {
          body: { status: 'open' },
        });
      const list = async (query: string) =>
        (
          (await server.http.get(`/v1/spaces/${space.id}/change-requests?${query}`)).body as {
            items: ChangeRequest[];
          }
        ).items
          .map((cr) => cr.id)
          .sort();
      expect(await list(`creator=${someone.userId}`)).toEqual([theirId]);
      expect(await list(`contributor=${server.userId}`)).toEqual([mine.id, theirId].sort());
      expect(await list(`contributor=${someone.userId}`)).toEqual([theirId]);
      expect(await list(`requestedReviewer=${someone.userId}`)).toEqual([]);
    });

    it('lists the change requests of every space of the organization', async () => {
      const [one, two] = [await spaceWith([]), await spaceWith([])];
      const ids: string[] = [];
      for (const space of [one, two]) {
        const cr = await openChangeRequest(space.id);
        await server.http.request('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, {
          body: { status: 'open' },
        });
        ids.push(cr.id);
      }
      const listed = await server.http.get(
        `/v1/orgs/${server.organizationId}/change-requests?limit=1000`,
      );
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(ChangeRequest), listed.body)).toBe(true);
      const found = (listed.body as { items: ChangeRequest[] }).items.map((cr) => cr.id);
      expect(found).toEqual(expect.arrayContaining(ids));
      const unknown = await server.http.get('/v1/orgs/unknown-org/change-requests');
      expect(unknown.status).toBe(404);
    });

    it('imports a tree into a change request without touching the main content', async () => {
      const space = await spaceWith(bookTree(2));
      const before = await spaceRevisionOf(space.id);
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, cr.id, bookTree(2, { 1: pageText('Page 1', { 1: 'Changed.' }) }));
      expect(await spaceRevisionOf(space.id)).toBe(before);
      const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const revision = await server.http.get(base);
      expect(revision.status).toBe(200);
      expect(Value.Check(Revision, revision.body)).toBe(true);
      expect((revision.body as Revision).parents).toEqual([before]);
      expect(await pageMarkdownIn(base, 'Page 1')).toContain('Changed.');
      expect(await pageMarkdownIn(`/v1/spaces/${space.id}/content`, 'Page 1')).not.toContain(
        'Changed.',
      );
      const page = await server.http.get(
        `${base}/page/${(revision.body as Revision).pages[1]?.id}`,
      );
      expect(Value.Check(Page, page.body)).toBe(true);
      const files = await server.http.get(`${base}/files`);
      expect(files.body).toEqual({ items: [], count: 0 });
    });

    it('merges two change requests that edit different blocks of the same page: both land', async () => {
      const space = await spaceWith(bookTree(1));
      const first = await openChangeRequest(space.id);
      const second = await openChangeRequest(space.id);
      await importInto(space.id, first.id, bookTree(1, { 0: pageText('Page 0', { 0: 'First.' }) }));
      await importInto(
        space.id,
        second.id,
        bookTree(1, { 0: pageText('Page 0', { 2: 'Second.' }) }),
      );

      const merged = await merge(space.id, first.id);
      expect(merged.status).toBe(200);
      expect(Value.Check(ChangeRequestMergeResult, merged.body)).toBe(true);
      expect(merged.body).toMatchObject({ result: 'merge' });
      const afterFirst = (merged.body as ChangeRequestMergeResult).revision;
      expect(await spaceRevisionOf(space.id)).toBe(afterFirst);

      const stale = await server.http.get(`/v1/spaces/${space.id}/change-requests/${second.id}`);
      expect((stale.body as ChangeRequest).outdated).toBe(true);
      const mergedAgain = await merge(space.id, second.id);
      expect(mergedAgain.body).toMatchObject({ result: 'merge' });

      const markdown = await pageMarkdownIn(`/v1/spaces/${space.id}/content`, 'Page 0');
      expect(markdown).toBe(pageText('Page 0', { 0: 'First.', 2: 'Second.' }));
      const done = await server.http.get(`/v1/spaces/${space.id}/change-requests/${first.id}`);
      expect(done.body).toMatchObject({
        status: 'merged',
        revisionMerged: afterFirst,
        outdated: false,
      });
      const revision = await server.http.get(`/v1/spaces/${space.id}/content`);
      expect((revision.body as Revision).type).toBe('merge');
    });

    it('reports conflicts when two change requests edit the same block, and writes nothing', async () => {
      const space = await spaceWith(bookTree(1));
      const first = await openChangeRequest(space.id);
      const second = await openChangeRequest(space.id);
      await importInto(space.id, first.id, bookTree(1, { 0: pageText('Page 0', { 1: 'Mine.' }) }));
      await importInto(
        space.id,
        second.id,
        bookTree(1, { 0: pageText('Page 0', { 1: 'Theirs.' }) }),
      );
      expect((await merge(space.id, first.id)).body).toMatchObject({ result: 'merge' });
      const before = await spaceRevisionOf(space.id);

      const conflicted = await merge(space.id, second.id);
      expect(conflicted.status).toBe(200);
      expect(conflicted.body).toEqual({ revision: before, result: 'conflicts' });
      expect(await spaceRevisionOf(space.id)).toBe(before);
      expect(await pageMarkdownIn(`/v1/spaces/${space.id}/content`, 'Page 0')).toBe(
        pageText('Page 0', { 1: 'Mine.' }),
      );
      const still = await server.http.get(`/v1/spaces/${space.id}/change-requests/${second.id}`);
      expect((still.body as ChangeRequest).status).toBe('draft');

      // Updating from main reports the same conflict and leaves the change request as it was.
      const update = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${second.id}/update`,
      );
      expect(update.status).toBe(200);
      expect(update.body).toEqual({
        revision: (still.body as ChangeRequest).revision,
        result: 'conflicts',
      });
    });

    it('updates a change request from main: its base moves and it is no longer outdated', async () => {
      const space = await spaceWith(bookTree(2));
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, cr.id, bookTree(2, { 0: pageText('Page 0', { 0: 'In CR.' }) }));
      expect(
        (
          await sendTree(
            server.http,
            space.id,
            bookTree(2, { 1: pageText('Page 1', { 0: 'Main.' }) }),
            nextCommit(),
          )
        ).status,
      ).toBe(204);
      const main = await spaceRevisionOf(space.id);

      const updated = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/update`,
      );
      expect(updated.status).toBe(200);
      expect(Value.Check(ChangeRequestUpdateResult, updated.body)).toBe(true);
      expect(updated.body).toMatchObject({ result: 'update' });
      const after = await server.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`);
      expect(after.body).toMatchObject({
        revision: (updated.body as ChangeRequestUpdateResult).revision,
        revisionMergedAncestor: main,
        outdated: false,
      });
      const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      expect(await pageMarkdownIn(base, 'Page 0')).toContain('In CR.');
      expect(await pageMarkdownIn(base, 'Page 1')).toContain('Main.');
      const revision = await server.http.get(base);
      expect((revision.body as Revision).type).toBe('update');
    });

    it('is outdated while main has moved on, and up to date again after an update from main', async () => {
      const space = await spaceWith(bookTree(2));
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, cr.id, bookTree(2, { 0: pageText('Page 0', { 2: 'In CR.' }) }));
      const outdated = async () =>
        (
          (await server.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`))
            .body as ChangeRequest
        ).outdated;
      const listedOutdated = async () =>
        (
          (await server.http.get(`/v1/spaces/${space.id}/change-requests?status=draft`)).body as {
            items: ChangeRequest[];
          }
        ).items.find((item) => item.id === cr.id)?.outdated;
      expect(await outdated()).toBe(false);

      const moved = await sendTree(
        server.http,
        space.id,
        bookTree(2, { 1: pageText('Page 1', { 2: 'On main.' }) }),
        nextCommit(),
      );
      expect(moved.status).toBe(204);
      expect(await outdated()).toBe(true);
      expect(await listedOutdated()).toBe(true);

      const updated = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/update`,
      );
      expect(updated.body).toMatchObject({ result: 'update' });
      expect(await outdated()).toBe(false);
      expect(await listedOutdated()).toBe(false);
    });

    it(
      'lands 20 concurrent merges of change requests editing different pages, losing none',
      async () => {
        const count = 20;
        const space = await spaceWith(bookTree(count));
        const listed = await server.http.get(`/v1/spaces/${space.id}/content/pages`);
        const idOf = new Map(
          (listed.body as RevisionPages).pages.map((page) => [page.title, page.id]),
        );
        const edited = (n: number) => pageText(`Page ${n}`, { 1: `Edited by ${n}.` });
        // Each change request edits its page through the content batch, all at once.
        const crs = await Promise.all(
          Array.from({ length: count }, async (_, n) => {
            const cr = await openChangeRequest(space.id, `Page ${n}`);
            const edit = await server.http.request(
              'POST',
              `/v1/spaces/${space.id}/change-requests/${cr.id}/content`,
              {
                body: {
                  changes: [
                    {
                      type: 'update_page',
                      page: idOf.get(`Page ${n}`),
                      document: { markdown: edited(n) },
                    },
                  ],
                },
              },
            );
            expect(edit.status).toBe(200);
            return cr;
          }),
        );

        const results = await Promise.all(crs.map((cr) => merge(space.id, cr.id)));
        for (const result of results) expect(result.body).toMatchObject({ result: 'merge' });
        const revisions = new Set(
          results.map((result) => (result.body as ChangeRequestMergeResult).revision),
        );
        expect(revisions.size).toBe(count);
        const revision = await server.http.get(`/v1/spaces/${space.id}/content`);
        expect(revisions.has((revision.body as Revision).id)).toBe(true);
        const pages = await Promise.all(
          Array.from({ length: count }, (_, n) =>
            server.http.get(
              `/v1/spaces/${space.id}/content/page/${idOf.get(`Page ${n}`)}?format=markdown`,
            ),
          ),
        );
        pages.forEach((page, n) => {
          expect((page.body as { markdown: string }).markdown).toBe(edited(n));
        });
      },
      // 20 change requests, 20 edits and 20 merges, each against a real database; the merges
      // are serialised by the space's compare-and-swap, so this is seconds, not milliseconds.
      30_000,
    );

    it('counts a space’s change requests in all, open and draft', async () => {
      const space = await spaceWith([]);
      const [open, archived] = [
        await openChangeRequest(space.id),
        await openChangeRequest(space.id),
      ];
      await openChangeRequest(space.id);
      for (const [cr, status] of [
        [open, 'open'],
        [archived, 'archived'],
      ] as const)
        await server.http.request('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, {
          body: { status },
        });
      const got = await server.http.get(`/v1/spaces/${space.id}`);
      expect(got.body).toMatchObject({
        changeRequests: 3,
        changeRequestsOpen: 1,
        changeRequestsDraft: 1,
      });
      const listed = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?limit=1000`);
      const inList = (listed.body as { items: Space[] }).items.find((item) => item.id === space.id);
      expect(inList).toMatchObject({ changeRequests: 3, changeRequestsOpen: 1 });
    });

    it('gives concurrent creates distinct numbers 1..n', async () => {
      const space = await spaceWith([]);
      const created = await Promise.all(
        Array.from({ length: 20 }, () => openChangeRequest(space.id)),
      );
      expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, n) => n + 1),
      );
    });

    it('answers 404 for unknown change requests, 400 for bad input, 409 for merged ones', async () => {
      const space = await spaceWith(bookTree(1));
      const crs = `/v1/spaces/${space.id}/change-requests`;
      for (const [method, path] of [
        ['GET', `${crs}/unknown-id`],
        ['GET', `${crs}/999`],
        ['PATCH', `${crs}/unknown-id`],
        ['POST', `${crs}/unknown-id/merge`],
        ['POST', `${crs}/unknown-id/update`],
        ['GET', `${crs}/unknown-id/content`],
        ['GET', `${crs}/unknown-id/content/pages`],
        ['GET', '/v1/spaces/unknown-space/change-requests'],
      ] as const) {
        const answer = await server.http.request(
          method,
          path,
          method === 'PATCH' ? { body: {} } : {},
        );
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
      }
      const imported = await sendTree(server.http, space.id, bookTree(1), nextCommit(), {
        changeRequest: 'unknown-id',
      });
      expect(imported.status).toBe(404);

      const cr = await openChangeRequest(space.id);
      const unknownPage = await server.http.get(`${crs}/${cr.id}/content/page/nope`);
      expect(unknownPage.status).toBe(404);
      for (const body of [
        { status: 'merged' },
        { status: 'closed' },
        { subject: 'x'.repeat(101) },
      ]) {
        const patched = await server.http.request('PATCH', `${crs}/${cr.id}`, { body });
        expect(patched.status, JSON.stringify(body)).toBe(400);
        expect(Value.Check(ErrorBody, patched.body)).toBe(true);
      }
      const list = await server.http.get(`${crs}?status=closed`);
      expect(list.status).toBe(400);

      expect((await merge(space.id, cr.id)).body).toMatchObject({ result: 'merge' });
      expect((await merge(space.id, cr.id)).status).toBe(409);
      const reopened = await server.http.request('PATCH', `${crs}/${cr.id}`, {
        body: { status: 'open' },
      });
      expect(reopened.status).toBe(409);
      const late = await sendTree(server.http, space.id, bookTree(1), nextCommit(), {
        changeRequest: cr.id,
      });
      expect(late.status).toBe(409);
    });

    it('refuses readers: opening a change request needs edit access', async () => {
      const space = await spaceWith([]);
      const reader = await seedUser(server.db, server.clock, { name: 'Reader' });
      await seedMember(server.db, server.clock, server.organizationId, reader.userId, 'read');
      const refused = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: {},
        token: reader.token,
      });
      expect(refused.status).toBe(403);
    });
  });
}
