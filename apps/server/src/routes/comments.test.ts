import type { ChangeRequest, Space } from '@docsync/api';
import { Comment, CommentReply, ListOf, Member, type RevisionPages } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { seedMember, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

type List<Item> = { items: Item[]; count: number; next?: { page: string } };

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`comments and replies over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    /** A member with the `comment` role. */
    let commenter: { userId: string; token: string };
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      commenter = await seedUser(server.db, server.clock, { name: 'Commenter' });
      await seedMember(server.db, server.clock, server.organizationId, commenter.userId, 'comment');
    });
    afterAll(async () => {
      await server.close();
    });

    /** A space with two pages (`Home` and `Guide`), and the ids of those pages. */
    async function spaceWithPages(): Promise<{ space: Space; home: string; guide: string }> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const { id } = created.body as Space;
      const tree = [
        textBlob('README.md', '# Home\n\nWelcome.\n'),
        textBlob('guide.md', '# Guide\n\nRead me.\n'),
        textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n'),
      ];
      const oid = commitOid(++commits);
      expect((await sendTree(server.http, id, tree, { oid, message: 'c' })).status).toBe(204);
      const pages = (await server.http.get(`/v1/spaces/${id}/content/pages`)).body as RevisionPages;
      const idOf = (title: string) => pages.pages.find((page) => page.title === title)?.id ?? '';
      const space = (await server.http.get(`/v1/spaces/${id}`)).body as Space;
      return { space, home: idOf('Home'), guide: idOf('Guide') };
    }

    /** Posts a comment and checks it is a Comment. */
    async function post(base: string, body: object, token?: string): Promise<Comment> {
      const posted = await server.http.request('POST', `${base}/comments`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
      expect(posted.status, posted.text).toBe(200);
      expect(Value.Check(Comment, posted.body)).toBe(true);
      return posted.body as Comment;
    }

    const say = (markdown: string) => ({ body: { markdown } });

    it('posts a comment on a page, a node and a table cell, and reads it back', async () => {
      const { space, home, guide } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const onPage = await post(base, { ...say('Typo in the *intro*.'), page: home });
      expect(onPage).toMatchObject({
        object: 'comment',
        body: { markdown: 'Typo in the *intro*.' },
        postedBy: { id: server.userId },
        postedAt: server.clock.now().toISOString(),
        status: 'open',
        replies: 0,
        repliers: [],
        reactions: [],
        target: { space: space.id, revision: space.revision, page: { id: home } },
        urls: { location: `${server.baseUrl}${base}/comments/${onPage.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      expect(onPage.editedAt).toBeUndefined();
      expect(onPage.resolvedAt).toBeUndefined();

      const onNode = await post(base, { ...say('This block.'), page: guide, node: 'block-1' });
      expect(onNode.target).toMatchObject({ page: { id: guide }, node: { id: 'block-1' } });
      const cell = { record: 'row-1', definition: 'column-a' };
      const onCell = await post(base, { ...say('This cell.'), page: guide, tableCell: cell });
      expect(onCell.target.tableCell).toEqual(cell);
      const onSpace = await post(base, say('About the whole space.'));
      expect(onSpace.target).toEqual({ space: space.id, revision: space.revision });

      const read = await server.http.get(`${base}/comments/${onPage.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(onPage);
      const asDocument = await server.http.get(`${base}/comments/${onPage.id}?format=document`);
      expect(asDocument.status).toBe(200);
      expect(Value.Check(Comment, asDocument.body)).toBe(true);
      const { body } = asDocument.body as Comment;
      expect('document' in body && body.document.nodes).toMatchObject([
        { object: 'block', type: 'paragraph' },
      ]);
    });

    it('keeps the headings of a comment headings when read as a document', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      // As in a page, `##` is the first level under the title: `heading-1`.
      const posted = await post(base, say('## Why\n\nBecause.'));
      const read = await server.http.get(`${base}/comments/${posted.id}?format=document`);
      const { body } = read.body as Comment;
      expect('document' in body && body.document.nodes.map((node) => node.type)).toEqual([
        'heading-1',
        'paragraph',
      ]);
    });

    it('lists newest first by default and oldest first with order=asc, page after page', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const ids: string[] = [];
      for (let n = 0; n < 7; n++) {
        server.clock.advance(1000);
        ids.push((await post(base, say(`Comment ${n}`))).id);
      }
      const newest = await readAllPages<Comment>(server.http, `${base}/comments`, { limit: 3 });
      expect(newest.pages).toBe(3);
      expect(newest.count).toBe(7);
      expect(newest.items.map((comment) => comment.id)).toEqual([...ids].reverse());
      const oldest = await readAllPages<Comment>(server.http, `${base}/comments`, {
        limit: 2,
        query: { order: 'asc' },
      });
      expect(oldest.pages).toBe(4);
      expect(oldest.items.map((comment) => comment.id)).toEqual(ids);

      const first = await server.http.get(`${base}/comments?limit=3`);
      expect(Value.Check(ListOf(Comment), first.body)).toBe(true);
      const cursor = (first.body as List<Comment>).next?.page ?? '';
      const reused = await server.http.get(`${base}/comments?limit=3&order=asc&page=${cursor}`);
      expect(reused.status).toBe(400);
      const last = await server.http.get(`${base}/comments?limit=7`);
      expect((last.body as List<Comment>).next).toBeUndefined();
    });

    it('filters by status, target page and authors (the key repeated)', async () => {
      const { space, home, guide } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const mine = await post(base, { ...say('On home, by the admin'), page: home });
      server.clock.advance(1);
      const theirs = await post(base, { ...say('On guide'), page: guide }, commenter.token);
      server.clock.advance(1);
      const whole = await post(base, say('On the space'), commenter.token);
      const resolved = await server.http.request('PUT', `${base}/comments/${theirs.id}`, {
        body: { resolved: true },
      });
      expect(resolved.status).toBe(200);

      const ids = async (query: string) => {
        const listed = await server.http.get(`${base}/comments?order=asc&${query}`);
        expect(listed.status, listed.text).toBe(200);
        const body = listed.body as List<Comment>;
        expect(body.count).toBe(body.items.length);
        return body.items.map((comment) => comment.id);
      };
      expect(await ids('')).toEqual([mine.id, theirs.id, whole.id]);
      expect(await ids('status=all')).toEqual([mine.id, theirs.id, whole.id]);
      expect(await ids('status=open')).toEqual([mine.id, whole.id]);
      expect(await ids('status=resolved')).toEqual([theirs.id]);
      expect(await ids(`targetPage=${home}`)).toEqual([mine.id]);
      expect(await ids(`targetPage=${guide}&status=open`)).toEqual([]);
      expect(await ids(`authors=${commenter.userId}`)).toEqual([theirs.id, whole.id]);
      expect(await ids(`authors=${commenter.userId}&authors=${server.userId}`)).toEqual([
        mine.id,
        theirs.id,
        whole.id,
      ]);
      expect(await ids('authors=nobody')).toEqual([]);
    });

    it('resolves and reopens a comment, recording who resolved it and when', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Please fix.'));
      server.clock.advance(60_000);
      const resolvedAt = server.clock.now().toISOString();
      const resolved = await server.http.request('PUT', `${base}/comments/${comment.id}`, {
        body: { resolved: true },
        token: commenter.token,
      });
      expect(resolved.status).toBe(200);
      expect(Value.Check(Comment, resolved.body)).toBe(true);
      expect(resolved.body).toMatchObject({
        status: 'resolved',
        resolvedAt,
        resolvedBy: { id: commenter.userId },
        // The commenter did not write it: no editing, no deleting.
        permissions: { view: true, edit: false, reply: true, delete: false },
      });
      expect((resolved.body as Comment).editedAt).toBeUndefined();

      server.clock.advance(60_000);
      const again = await server.http.request('PUT', `${base}/comments/${comment.id}`, {
        body: { resolved: true },
      });
      expect(again.body).toMatchObject({ resolvedAt, resolvedBy: { id: commenter.userId } });

      const reopened = await server.http.request('PUT', `${base}/comments/${comment.id}`, {
        body: { resolved: false },
      });
      expect(reopened.status).toBe(200);
      const body = reopened.body as Comment;
      expect(body.status).toBe('open');
      expect(body.resolvedAt).toBeUndefined();
      expect(body.resolvedBy).toBeUndefined();
    });

    it('lets only the author edit the text, and sets editedAt', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Frist!'), commenter.token);
      const byOther = await server.http.request('PUT', `${base}/comments/${comment.id}`, {
        body: { body: { markdown: 'Hijacked' }, resolved: true },
      });
      expect(byOther.status).toBe(403);
      const unchanged = (await server.http.get(`${base}/comments/${comment.id}`)).body as Comment;
      expect(unchanged).toMatchObject({ body: { markdown: 'Frist!' }, status: 'open' });

      server.clock.advance(5000);
      const edited = await server.http.request('PUT', `${base}/comments/${comment.id}`, {
        body: { body: { markdown: 'First!' } },
        token: commenter.token,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        body: { markdown: 'First!' },
        editedAt: server.clock.now().toISOString(),
        postedAt: comment.postedAt,
      });
    });

    it('counts reactions per emoji, idempotently, and removes them', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Ship it?'));
      const put = (body: object, token?: string) =>
        server.http.request('PUT', `${base}/comments/${comment.id}`, {
          body,
          ...(token === undefined ? {} : { token }),
        });
      const reactedAt = server.clock.now().toISOString();
      expect((await put({ addedReactions: ['👍', '🎉'] })).status).toBe(200);
      server.clock.advance(1000);
      // Adding again changes nothing, not even the time.
      const twice = await put({ addedReactions: ['👍', '👍'] });
      // Emojis first used at the same time are in code point order.
      expect((twice.body as Comment).reactions).toMatchObject([
        {
          emoji: '🎉',
          count: 1,
          users: [{ user: { id: server.userId }, reactedAt }],
        },
        {
          emoji: '👍',
          count: 1,
          users: [{ user: { id: server.userId }, reactedAt }],
        },
      ]);
      const other = await put({ addedReactions: ['👍'] }, commenter.token);
      expect(Value.Check(Comment, other.body)).toBe(true);
      const thumbs = (other.body as Comment).reactions.find((reaction) => reaction.emoji === '👍');
      expect(thumbs?.count).toBe(2);
      expect(thumbs?.users.map((entry) => entry.user.id)).toEqual([
        server.userId,
        commenter.userId,
      ]);

      const removed = await put({ removedReactions: ['🎉', '🚀'] });
      expect(removed.status).toBe(200);
      expect((removed.body as Comment).reactions.map((reaction) => reaction.emoji)).toEqual(['👍']);
      const removedAgain = await put({ removedReactions: ['🎉'] });
      expect(removedAgain.body).toEqual(removed.body);
    });

    it('takes racing reactions once, and racing replies and a delete without a 500', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Popular'));
      const path = `${base}/comments/${comment.id}`;
      const reactions = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.http.request('PUT', path, { body: { addedReactions: ['👍'] } }),
        ),
      );
      expect(reactions.map((response) => response.status)).toEqual(Array(6).fill(200));
      const read = (await server.http.get(path)).body as Comment;
      expect(read.reactions).toMatchObject([{ emoji: '👍', count: 1 }]);

      const racing = await Promise.all([
        ...Array.from({ length: 6 }, (_, n) =>
          server.http.request('POST', `${path}/replies`, { body: say(`Reply ${n}`) }),
        ),
        server.http.request('DELETE', path),
        ...Array.from({ length: 6 }, () =>
          server.http.request('PUT', path, { body: { addedReactions: ['🎉'] } }),
        ),
      ]);
      for (const response of racing) expect([200, 204, 404]).toContain(response.status);
      expect((await server.http.get(path)).status).toBe(404);
      const left = await server.db
        .selectFrom('comment_reactions')
        .select('post_id')
        .where('comment_id', '=', comment.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('posts, lists, reads, edits and deletes replies, and counts them on the comment', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Thread'));
      const replies = `${base}/comments/${comment.id}/replies`;
      const posted: CommentReply[] = [];
      for (let n = 0; n < 5; n++) {
        server.clock.advance(1000);
        const token = n % 2 === 0 ? commenter.token : server.token;
        const reply = await server.http.request('POST', replies, {
          body: say(`Reply ${n}`),
          token,
        });
        expect(reply.status, reply.text).toBe(200);
        expect(Value.Check(CommentReply, reply.body)).toBe(true);
        posted.push(reply.body as CommentReply);
      }
      expect(posted[0]).toMatchObject({
        object: 'comment-reply',
        body: { markdown: 'Reply 0' },
        postedBy: { id: commenter.userId },
        reactions: [],
        urls: { location: `${server.baseUrl}${replies}/${posted[0]?.id}` },
      });

      const all = await readAllPages<CommentReply>(server.http, replies, { limit: 2 });
      expect(all.pages).toBe(3);
      expect(all.count).toBe(5);
      expect(all.items.map((reply) => reply.id)).toEqual(posted.map((reply) => reply.id));
      const page = await server.http.get(`${replies}?limit=2&format=document`);
      expect(Value.Check(ListOf(CommentReply), page.body)).toBe(true);
      expect((page.body as List<CommentReply>).items[0]?.body).toHaveProperty('document');

      const withReplies = (await server.http.get(`${base}/comments/${comment.id}`)).body as Comment;
      expect(withReplies.replies).toBe(5);
      expect(withReplies.repliers).toMatchObject([
        {
          user: { id: commenter.userId },
          count: 3,
          updatedAt: posted[4]?.postedAt,
        },
        {
          user: { id: server.userId },
          count: 2,
          updatedAt: posted[3]?.postedAt,
        },
      ]);

      const target = posted[0];
      const one = await server.http.get(`${replies}/${target?.id}`, { token: commenter.token });
      expect(one.status).toBe(200);
      expect(one.body).toEqual(target);
      const notTheirs = await server.http.request('PUT', `${replies}/${target?.id}`, {
        body: { body: { markdown: 'Edited by someone else' } },
      });
      expect(notTheirs.status).toBe(403);
      const edited = await server.http.request('PUT', `${replies}/${target?.id}`, {
        body: { body: { markdown: 'Reply 0, edited' }, addedReactions: ['👀'] },
        token: commenter.token,
      });
      expect(edited.status).toBe(200);
      expect(Value.Check(CommentReply, edited.body)).toBe(true);
      expect(edited.body).toMatchObject({
        body: { markdown: 'Reply 0, edited' },
        editedAt: server.clock.now().toISOString(),
        reactions: [{ emoji: '👀', count: 1 }],
      });

      // An admin may delete anyone's reply; deleting it again still answers 204.
      expect((await server.http.request('DELETE', `${replies}/${target?.id}`)).status).toBe(204);
      expect((await server.http.request('DELETE', `${replies}/${target?.id}`)).status).toBe(204);
      expect((await server.http.get(`${replies}/${target?.id}`)).status).toBe(404);
      const after = (await server.http.get(`${base}/comments/${comment.id}`)).body as Comment;
      expect(after.replies).toBe(4);
      expect(after.repliers.map((replier) => replier.count)).toEqual([2, 2]);
    });

    it('deletes a comment with its replies, for its author, and 204 when absent', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const comment = await post(base, say('Delete me'), commenter.token);
      const replies = `${base}/comments/${comment.id}/replies`;
      const reply = await server.http.request('POST', replies, { body: say('A reply') });
      const replyId = (reply.body as CommentReply).id;
      const deleted = await server.http.request('DELETE', `${base}/comments/${comment.id}`, {
        token: commenter.token,
      });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await server.http.get(`${base}/comments/${comment.id}`)).status).toBe(404);
      expect((await server.http.get(replies)).status).toBe(404);
      expect((await server.http.get(`${replies}/${replyId}`)).status).toBe(404);
      // Gone already, and never there: both 204.
      expect((await server.http.request('DELETE', `${base}/comments/${comment.id}`)).status).toBe(
        204,
      );
      expect((await server.http.request('DELETE', `${replies}/${replyId}`)).status).toBe(204);
      expect((await server.http.request('DELETE', `${base}/comments/nothing-here`)).status).toBe(
        204,
      );
      expect((await server.http.get(`${base}/comments`)).body as List<Comment>).toMatchObject({
        items: [],
        count: 0,
      });
    });

    it('lists the members who commented or replied, in the order they first did', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const late = await seedUser(server.db, server.clock, { name: 'Late' });
      await seedMember(server.db, server.clock, server.organizationId, late.userId, 'edit');
      server.clock.advance(1000);
      const comment = await post(base, say('One'), commenter.token);
      server.clock.advance(1000);
      await post(base, say('Two'), commenter.token);
      server.clock.advance(1000);
      const reply = await server.http.request('POST', `${base}/comments/${comment.id}/replies`, {
        body: say('Three'),
      });
      expect(reply.status).toBe(200);
      server.clock.advance(1000);
      await post(base, say('Four'), late.token);

      const all = await readAllPages<Member>(server.http, `${base}/commenters`, { limit: 2 });
      expect(all.pages).toBe(2);
      expect(all.count).toBe(3);
      expect(all.items.map((member) => member.id)).toEqual([
        commenter.userId,
        server.userId,
        late.userId,
      ]);
      const first = await server.http.get(`${base}/commenters?limit=2`);
      expect(Value.Check(ListOf(Member), first.body)).toBe(true);
      expect((first.body as List<Member>).items[0]).toMatchObject({
        object: 'member',
        role: 'comment',
        user: { displayName: 'Commenter' },
      });
    });

    it('counts open comments on the space and on each change request', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const changeRequest = (
        await server.http.request('POST', `${base}/change-requests`, { body: { subject: 'CR' } })
      ).body as ChangeRequest;
      const crBase = `${base}/change-requests/${changeRequest.id}`;
      const spaceComments = async () => ((await server.http.get(base)).body as Space).comments;
      const crComments = async () =>
        ((await server.http.get(crBase)).body as ChangeRequest).comments;

      expect(await spaceComments()).toBe(0);
      const a = await post(base, say('A'));
      await post(base, say('B'));
      await post(crBase, say('C'));
      expect(await spaceComments()).toBe(2);
      expect(await crComments()).toBe(1);

      await server.http.request('PUT', `${base}/comments/${a.id}`, { body: { resolved: true } });
      expect(await spaceComments()).toBe(1);
      // Replies are not comments.
      await server.http.request('POST', `${base}/comments/${a.id}/replies`, { body: say('R') });
      expect(await spaceComments()).toBe(1);

      const listed = await server.http.get(`/v1/orgs/${server.organizationId}/spaces?limit=1000`);
      const inList = (listed.body as List<Space>).items.find((item) => item.id === space.id);
      expect(inList?.comments).toBe(1);
      const drafts = await server.http.get(`${base}/change-requests?status=draft`);
      expect((drafts.body as List<ChangeRequest>).items[0]?.comments).toBe(1);
    });

    it('keeps change request discussions apart from the space, by id or number', async () => {
      const { space, guide } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      const changeRequest = (
        await server.http.request('POST', `${base}/change-requests`, { body: { subject: 'CR' } })
      ).body as ChangeRequest;
      // A page that exists only in the change request takes comments there, not in the space.
      const tree = [
        textBlob('README.md', '# Home\n\nWelcome.\n'),
        textBlob('guide.md', '# Guide\n\nRead me.\n'),
        textBlob('new.md', '# New\n\nFresh.\n'),
        textBlob(
          'SUMMARY.md',
          '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n* [New](new.md)\n',
        ),
      ];
      const oid = commitOid(++commits);
      const sent = await sendTree(
        server.http,
        space.id,
        tree,
        { oid, message: 'cr' },
        {
          changeRequest: changeRequest.id,
        },
      );
      expect(sent.status).toBe(204);
      const crBase = `${base}/change-requests/${changeRequest.id}`;
      const pages = (await server.http.get(`${crBase}/content/pages`)).body as RevisionPages;
      const fresh = pages.pages.find((page) => page.title === 'New')?.id ?? '';
      const head = ((await server.http.get(crBase)).body as ChangeRequest).revision;

      const inSpace = await server.http.request('POST', `${base}/comments`, {
        body: { ...say('Here?'), page: fresh },
      });
      expect(inSpace.status).toBe(404);
      const onNew = await post(crBase, { ...say('Nice page'), page: fresh });
      expect(onNew.target).toEqual({
        space: space.id,
        changeRequest: changeRequest.id,
        revision: head,
        page: { id: fresh },
      });
      expect(onNew.urls.location).toBe(`${server.baseUrl}${crBase}/comments/${onNew.id}`);
      server.clock.advance(1);
      const onGuide = await post(`${base}/change-requests/1`, { ...say('Also'), page: guide });

      expect((await server.http.get(`${base}/comments/${onNew.id}`)).status).toBe(404);
      const listed = await server.http.get(`${base}/change-requests/1/comments?order=asc`);
      expect((listed.body as List<Comment>).items.map((comment) => comment.id)).toEqual([
        onNew.id,
        onGuide.id,
      ]);
      expect(((await server.http.get(`${base}/comments`)).body as List<Comment>).count).toBe(0);
      const commenters = await server.http.get(`${crBase}/commenters`);
      expect((commenters.body as List<Member>).items.map((member) => member.id)).toEqual([
        server.userId,
      ]);
    });

    it('resolves a change request thread through a reply', async () => {
      const { space } = await spaceWithPages();
      const base = `/v1/spaces/${space.id}`;
      await server.http.request('POST', `${base}/change-requests`, { body: { subject: 'CR' } });
      const crBase = `${base}/change-requests/1`;
      const comment = await post(crBase, say('Is this right?'));
      const reply = await server.http.request('POST', `${crBase}/comments/${comment.id}/replies`, {
        body: say('Fixed.'),
        token: commenter.token,
      });
      const replyId = (reply.body as CommentReply).id;
      const resolving = await server.http.request(
        'PUT',
        `${crBase}/comments/${comment.id}/replies/${replyId}`,
        { body: { resolved: true }, token: commenter.token },
      );
      expect(resolving.status).toBe(200);
      expect(Value.Check(CommentReply, resolving.body)).toBe(true);
      const thread = (await server.http.get(`${crBase}/comments/${comment.id}`)).body as Comment;
      expect(thread).toMatchObject({ status: 'resolved', resolvedBy: { id: commenter.userId } });
      expect(((await server.http.get(crBase)).body as ChangeRequest).comments).toBe(0);
    });
  });
}
