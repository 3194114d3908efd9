import {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
  ErrorBody,
  ListOf,
  RequestedReviewers,
  type ChangeRequest,
  type MergeRules,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`change request reviews and merge rules over HTTP (${dialect})`, () => {
    let server: TestServer;
    /** Members of the organization by role, each with their own token. */
    const people: Record<
      'reviewer' | 'second' | 'editor' | 'reader',
      { userId: string; token: string }
    > = {} as never;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      for (const [name, role] of [
        ['reviewer', 'review'],
        ['second', 'review'],
        ['editor', 'edit'],
        ['reader', 'read'],
      ] as const) {
        const user = await seedUser(server.db, server.clock, { name: `The ${name}` });
        await seedMember(server.db, server.clock, server.organizationId, user.userId, role);
        people[name] = user;
      }
    });
    afterAll(async () => {
      await server.close();
    });

    async function spaceWithRules(mergeRules?: MergeRules): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      const space = created.body as Space;
      if (mergeRules !== undefined) {
        const patched = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
          body: { mergeRules },
        });
        expect(patched.status).toBe(200);
      }
      return space;
    }

    const requireUsers = (...users: string[]): MergeRules => ({
      type: 'rules',
      rules: [{ rule: 'require_specific_reviewers', users }],
    });

    /** A change request on the space with one page added, opened by `token` (default: admin). */
    async function editedChangeRequest(spaceId: string, token?: string): Promise<ChangeRequest> {
      const created = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
        body: { subject: 'Edits' },
        ...(token === undefined ? {} : { token }),
      });
      expect(created.status).toBe(201);
      const cr = created.body as ChangeRequest;
      await addPage(spaceId, cr.id, 'First page');
      return cr;
    }

    async function addPage(spaceId: string, changeRequestId: string, title: string) {
      const edit = await server.http.request(
        'POST',
        `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`,
        {
          body: {
            changes: [{ type: 'insert_page', document: { markdown: `# ${title}\n\nText.\n` } }],
          },
        },
      );
      expect(edit.status).toBe(200);
    }

    const crPath = (spaceId: string, id: string) => `/v1/spaces/${spaceId}/change-requests/${id}`;
    const merge = (spaceId: string, id: string) =>
      server.http.request('POST', `${crPath(spaceId, id)}/merge`);
    const review = (spaceId: string, id: string, token: string, status = 'approved') =>
      server.http.request('POST', `${crPath(spaceId, id)}/reviews`, { body: { status }, token });
    const revisionOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}`)).body as Space).revision;

    it('refuses to merge until every required reviewer approved, then merges', async () => {
      const space = await spaceWithRules(
        requireUsers(people.reviewer.userId, people.second.userId),
      );
      const cr = await editedChangeRequest(space.id);
      const before = await revisionOf(space.id);

      const refused = await merge(space.id, cr.id);
      expect(refused.status).toBe(409);
      expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      const message = (refused.body as ErrorBody).error.message;
      expect(message).toContain(people.reviewer.userId);
      expect(message).toContain(people.second.userId);
      expect(message).toContain('The reviewer');
      expect(await revisionOf(space.id)).toBe(before);

      const approved = await review(space.id, cr.id, people.reviewer.token);
      expect(approved.status).toBe(201);
      expect(Value.Check(ChangeRequestReview, approved.body)).toBe(true);
      const head = ((await server.http.get(crPath(space.id, cr.id))).body as ChangeRequest)
        .revision;
      expect(approved.body).toMatchObject({
        object: 'change-request-review',
        status: 'approved',
        reviewer: { id: people.reviewer.userId },
        revision: head,
        outdated: false,
      });

      // One approval of two: still refused, naming only the one missing.
      const half = await merge(space.id, cr.id);
      expect(half.status).toBe(409);
      expect((half.body as ErrorBody).error.message).toContain(people.second.userId);
      expect((half.body as ErrorBody).error.message).not.toContain(people.reviewer.userId);
      const still = await server.http.get(crPath(space.id, cr.id));
      expect((still.body as ChangeRequest).status).toBe('draft');

      expect((await review(space.id, cr.id, people.second.token)).status).toBe(201);
      const merged = await merge(space.id, cr.id);
      expect(merged.status).toBe(200);
      expect(merged.body).toMatchObject({ result: 'merge' });
      expect(await revisionOf(space.id)).not.toBe(before);
    });

    it('does not count approvals by users the rules do not name', async () => {
      const space = await spaceWithRules(requireUsers(people.reviewer.userId));
      const cr = await editedChangeRequest(space.id);
      expect((await review(space.id, cr.id, people.second.token)).status).toBe(201);
      expect((await merge(space.id, cr.id)).status).toBe(409);
    });

    it('makes an approval stale when the change request changes afterwards', async () => {
      const space = await spaceWithRules(requireUsers(people.reviewer.userId));
      const cr = await editedChangeRequest(space.id);
      const first = await review(space.id, cr.id, people.reviewer.token);
      await addPage(space.id, cr.id, 'Second page');

      const listed = await server.http.get(`${crPath(space.id, cr.id)}/reviews`);
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(ChangeRequestReview), listed.body)).toBe(true);
      expect(listed.body).toMatchObject({
        count: 1,
        items: [{ id: (first.body as ChangeRequestReview).id, outdated: true }],
      });
      expect((await merge(space.id, cr.id)).status).toBe(409);

      const second = await review(space.id, cr.id, people.reviewer.token);
      expect(second.status).toBe(201);
      // Listed oldest first, a page at a time.
      const page = await server.http.get(`${crPath(space.id, cr.id)}/reviews?limit=1`);
      const firstPage = page.body as { items: ChangeRequestReview[]; next?: { page: string } };
      expect(firstPage.items.map((item) => item.id)).toEqual([
        (first.body as ChangeRequestReview).id,
      ]);
      const next = await server.http.get(
        `${crPath(space.id, cr.id)}/reviews?limit=1&page=${firstPage.next?.page}`,
      );
      expect(next.body).toMatchObject({
        items: [{ id: (second.body as ChangeRequestReview).id, outdated: false }],
      });
      expect((next.body as { next?: unknown }).next).toBeUndefined();
      // Each review is read at its location, as it was given.
      const { urls, id } = first.body as ChangeRequestReview;
      expect(urls.location).toBe(`${server.baseUrl}${crPath(space.id, cr.id)}/reviews/${id}`);
      const one = await server.http.get(`${crPath(space.id, cr.id)}/reviews/${id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        id,
        outdated: true,
        updatedAt: (first.body as ChangeRequestReview).createdAt,
      });
      expect((await merge(space.id, cr.id)).body).toMatchObject({ result: 'merge' });
    });

    it('makes an approval stale when the change request is updated from main', async () => {
      const space = await spaceWithRules(requireUsers(people.reviewer.userId));
      const cr = await editedChangeRequest(space.id);
      expect((await review(space.id, cr.id, people.reviewer.token)).status).toBe(201);
      // The main content moves on (an import straight into the space), then the change request
      // takes it in: its head changes, so what was approved is no longer what would merge.
      const moved = await sendTree(server.http, space.id, [textBlob('README.md', '# Home\n')], {
        oid: commitOid(1),
        message: 'main moves',
      });
      expect(moved.status).toBe(204);
      const updated = await server.http.request('POST', `${crPath(space.id, cr.id)}/update`);
      expect(updated.body).toMatchObject({ result: 'update' });
      const refused = await merge(space.id, cr.id);
      expect(refused.status).toBe(409);
      expect((refused.body as ErrorBody).error.message).toContain(people.reviewer.userId);
      expect((await review(space.id, cr.id, people.reviewer.token)).status).toBe(201);
      expect((await merge(space.id, cr.id)).body).toMatchObject({ result: 'merge' });
    });

    it('lets a later request for changes withdraw an approval', async () => {
      const space = await spaceWithRules(requireUsers(people.reviewer.userId));
      const cr = await editedChangeRequest(space.id);
      expect((await review(space.id, cr.id, people.reviewer.token)).status).toBe(201);
      const changes = await review(space.id, cr.id, people.reviewer.token, 'changes-requested');
      expect(changes.status).toBe(201);
      expect(changes.body).toMatchObject({ status: 'changes-requested' });
      expect((await merge(space.id, cr.id)).status).toBe(409);
    });

    it('inherits the organization’s rules, and `none` lifts them', async () => {
      const organization = `/v1/orgs/${server.organizationId}`;
      const setOrganizationRules = async (mergeRules: MergeRules) => {
        expect(
          (await server.http.request('PATCH', organization, { body: { mergeRules } })).status,
        ).toBe(200);
      };
      await setOrganizationRules(requireUsers(people.reviewer.userId));
      try {
        const inheriting = await spaceWithRules();
        expect(inheriting.mergeRules).toEqual({ type: 'inherit' });
        const cr = await editedChangeRequest(inheriting.id);
        const refused = await merge(inheriting.id, cr.id);
        expect(refused.status).toBe(409);
        expect((refused.body as ErrorBody).error.message).toContain(people.reviewer.userId);

        const free = await spaceWithRules({ type: 'none' });
        const other = await editedChangeRequest(free.id);
        expect((await merge(free.id, other.id)).body).toMatchObject({ result: 'merge' });
      } finally {
        await setOrganizationRules({ type: 'none' });
      }
    });

    it('does not let creators review their own change request, nor block them on themselves', async () => {
      const space = await spaceWithRules(requireUsers(people.reviewer.userId));
      const theirs = await editedChangeRequest(space.id);
      const own = await review(space.id, theirs.id, server.token);
      expect(own.status).toBe(403);
      expect(Value.Check(ErrorBody, own.body)).toBe(true);
      const reviews = await server.http.get(`${crPath(space.id, theirs.id)}/reviews`);
      expect(reviews.body).toMatchObject({ items: [], count: 0 });

      // A change request the required reviewer wrote needs no approval from them.
      const created = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'By the reviewer' },
        token: people.reviewer.token,
      });
      expect(created.status).toBe(201);
      const byReviewer = created.body as ChangeRequest;
      await addPage(space.id, byReviewer.id, 'Reviewer page');
      expect((await merge(space.id, byReviewer.id)).body).toMatchObject({ result: 'merge' });
    });

    it('needs the review role to review', async () => {
      const space = await spaceWithRules();
      const cr = await editedChangeRequest(space.id);
      for (const person of [people.editor, people.reader]) {
        const refused = await review(space.id, cr.id, person.token);
        expect(refused.status).toBe(403);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      }
      // Reading reviews needs only view access.
      const read = await server.http.get(`${crPath(space.id, cr.id)}/reviews`, {
        token: people.reader.token,
      });
      expect(read.status).toBe(200);
    });

    it('asks for reviews: the requestedReviewer filter finds them until they review', async () => {
      const space = await spaceWithRules();
      const cr = await editedChangeRequest(space.id);
      const path = `${crPath(space.id, cr.id)}/requested-reviewers`;
      const asked = await server.http.request('POST', path, {
        body: { users: [people.reviewer.userId, people.second.userId, people.reviewer.userId] },
      });
      expect(asked.status).toBe(200);
      expect(Value.Check(RequestedReviewers, asked.body)).toBe(true);
      // Each asked once, in the order given, at the change request's head, by the caller.
      const answered = (asked.body as RequestedReviewers).users;
      expect(answered.map((item) => item.user.id)).toEqual([
        people.reviewer.userId,
        people.second.userId,
      ]);
      const head = (await server.http.get(crPath(space.id, cr.id))).body as ChangeRequest;
      expect(answered[0]).toMatchObject({
        object: 'change-request-requested-reviewer',
        kind: 'user',
        revision: head.revision,
        requestedBy: { id: server.userId },
      });
      const listed = await server.http.get(path);
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(ChangeRequestRequestedReviewer), listed.body)).toBe(true);
      const idsOf = (items: readonly ChangeRequestRequestedReviewer[]) =>
        items.map((item) => item.user.id);
      const ids = idsOf((listed.body as { items: ChangeRequestRequestedReviewer[] }).items).sort();
      expect(ids).toEqual([people.reviewer.userId, people.second.userId].sort());
      type Listed = { items: ChangeRequestRequestedReviewer[]; next?: { page: string } };
      const first = await server.http.get(`${path}?limit=1`);
      const firstPage = first.body as Listed;
      expect(firstPage.items).toHaveLength(1);
      const second = await server.http.get(`${path}?limit=1&page=${firstPage.next?.page}`);
      const secondPage = second.body as Listed;
      expect(secondPage.next).toBeUndefined();
      expect(idsOf([...firstPage.items, ...secondPage.items]).sort()).toEqual(ids);

      const filtered = async (userId: string) =>
        (
          (
            await server.http.get(
              `/v1/spaces/${space.id}/change-requests?status=draft&requestedReviewer=${userId}`,
            )
          ).body as { items: ChangeRequest[] }
        ).items.map((item) => item.id);
      expect(await filtered(people.reviewer.userId)).toEqual([cr.id]);
      expect(await filtered(people.editor.userId)).toEqual([]);
      const inOrganization = await server.http.get(
        `/v1/orgs/${server.organizationId}/change-requests?status=draft&requestedReviewer=${people.second.userId}&limit=1000`,
      );
      expect(
        (inOrganization.body as { items: ChangeRequest[] }).items.map((item) => item.id),
      ).toEqual([cr.id]);

      expect((await review(space.id, cr.id, people.reviewer.token)).status).toBe(201);
      expect(await filtered(people.reviewer.userId)).toEqual([]);
      const remaining = await server.http.get(path);
      expect(remaining.status).toBe(200);
      expect(remaining.body).toMatchObject({
        count: 1,
        items: [{ user: { id: people.second.userId } }],
      });

      const removed = await server.http.request('DELETE', `${path}/${people.second.userId}`);
      expect(removed.status).toBe(204);
      expect(removed.text).toBe('');
      expect(await filtered(people.second.userId)).toEqual([]);
      const again = await server.http.request('DELETE', `${path}/${people.second.userId}`);
      expect(again.status).toBe(204);
    });

    it('answers 400 for bad input and asks nobody when one user is wrong', async () => {
      const space = await spaceWithRules();
      const cr = await editedChangeRequest(space.id);
      const path = `${crPath(space.id, cr.id)}/requested-reviewers`;
      const stranger = await seedUser(server.db, server.clock, { name: 'Stranger' });
      for (const body of [
        { users: [people.reviewer.userId, stranger.userId] },
        { users: [server.userId] },
        { users: [] },
        {},
        { users: 'everyone' },
      ]) {
        const refused = await server.http.request('POST', path, { body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      }
      expect((await server.http.get(path)).body).toMatchObject({ items: [], count: 0 });
      for (const body of [{ status: 'rejected' }, {}]) {
        const refused = await server.http.request('POST', `${crPath(space.id, cr.id)}/reviews`, {
          body,
          token: people.reviewer.token,
        });
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
      const badPage = await server.http.get(`${crPath(space.id, cr.id)}/reviews?page=nope`);
      expect(badPage.status).toBe(400);
      const refusedReader = await server.http.request('POST', path, {
        body: { users: [people.reviewer.userId] },
        token: people.reader.token,
      });
      expect(refusedReader.status).toBe(403);
    });

    it('answers 404 for unknown change requests and 409 once merged', async () => {
      const space = await spaceWithRules();
      const crs = `/v1/spaces/${space.id}/change-requests`;
      for (const [method, path, body] of [
        ['GET', `${crs}/unknown/reviews`, undefined],
        ['GET', `${crs}/unknown/reviews/some-review`, undefined],
        ['POST', `${crs}/unknown/reviews`, { status: 'approved' }],
        ['GET', `${crs}/unknown/requested-reviewers`, undefined],
        ['POST', `${crs}/unknown/requested-reviewers`, { users: [people.reviewer.userId] }],
        ['DELETE', `${crs}/unknown/requested-reviewers/${people.reviewer.userId}`, undefined],
        ['GET', `/v1/spaces/unknown/change-requests/1/reviews`, undefined],
      ] as const) {
        const answer = await server.http.request(method, path, {
          ...(body === undefined ? {} : { body }),
        });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
      }
      const cr = await editedChangeRequest(space.id);
      expect((await merge(space.id, cr.id)).body).toMatchObject({ result: 'merge' });
      expect((await review(space.id, cr.id, people.reviewer.token)).status).toBe(409);
      const late = await server.http.request('POST', `${crs}/${cr.id}/requested-reviewers`, {
        body: { users: [people.reviewer.userId] },
      });
      expect(late.status).toBe(409);
      // Reviews are addressed by number too.
      expect((await server.http.get(`${crs}/${cr.number}/reviews`)).status).toBe(200);
      const unknownReview = await server.http.get(`${crs}/${cr.number}/reviews/unknown`);
      expect(unknownReview.status).toBe(404);
      expect(Value.Check(ErrorBody, unknownReview.body)).toBe(true);
    });
  });
}
