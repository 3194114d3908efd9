import type { Comment } from '@docsync/api';
import { ErrorBody, type CommentReply, type Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const BODY_LIMIT = 64 * 1024;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`comments: access and bad input (${dialect})`, () => {
    let server: TestServer;
    let reader: { userId: string; token: string };
    let commenter: { userId: string; token: string };
    let other: { userId: string; token: string };
    let space: Space;
    let base: string;
    beforeAll(async () => {
      server = await startTestServer({ dialect, bodyLimit: BODY_LIMIT });
      const people = [];
      for (const role of ['read', 'comment', 'comment']) {
        const user = await seedUser(server.db, server.clock, { name: `A ${role} member` });
        await seedMember(server.db, server.clock, server.organizationId, user.userId, role);
        people.push(user);
      }
      [reader, commenter, other] = people as [typeof reader, typeof reader, typeof reader];
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      space = created.body as Space;
      base = `/v1/spaces/${space.id}`;
    });
    afterAll(async () => {
      await server.close();
    });

    const say = (markdown: string) => ({ body: { markdown } });

    async function post(body: object, token?: string): Promise<Comment> {
      const posted = await server.http.request('POST', `${base}/comments`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
      expect(posted.status, posted.text).toBe(200);
      return posted.body as Comment;
    }

    it('keeps readers out of discussions (403) and lets commenters in', async () => {
      const comment = await post(say('Visible to commenters'));
      const asReader = { token: reader.token };
      const spaceSeen = (await server.http.get(base, asReader)).body as Space;
      expect(spaceSeen.permissions.comment).toBe(false);
      const refused = [
        await server.http.get(`${base}/comments`, asReader),
        await server.http.get(`${base}/comments/${comment.id}`, asReader),
        await server.http.get(`${base}/comments/${comment.id}/replies`, asReader),
        await server.http.get(`${base}/commenters`, asReader),
        await server.http.request('POST', `${base}/comments`, { ...asReader, body: say('Hi') }),
        await server.http.request('POST', `${base}/comments/${comment.id}/replies`, {
          ...asReader,
          body: say('Hi'),
        }),
        await server.http.request('PUT', `${base}/comments/${comment.id}`, {
          ...asReader,
          body: { resolved: true },
        }),
        await server.http.request('DELETE', `${base}/comments/${comment.id}`, asReader),
      ];
      for (const response of refused) {
        expect(response.status).toBe(403);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
      }
      expect(response(refused[4]).error.message).toContain('`comment` role');

      const asCommenter = { token: commenter.token };
      expect(((await server.http.get(base, asCommenter)).body as Space).permissions.comment).toBe(
        true,
      );
      expect((await server.http.get(`${base}/comments`, asCommenter)).status).toBe(200);
      const own = await post(say('Mine'), commenter.token);
      expect(own.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    });

    it('lets the author or an admin delete, and nobody else', async () => {
      const byCommenter = await post(say('By the commenter'), commenter.token);
      const seenByOther = await server.http.get(`${base}/comments/${byCommenter.id}`, {
        token: other.token,
      });
      expect((seenByOther.body as Comment).permissions).toEqual({
        view: true,
        edit: false,
        reply: true,
        delete: false,
      });
      const refused = await server.http.request('DELETE', `${base}/comments/${byCommenter.id}`, {
        token: other.token,
      });
      expect(refused.status).toBe(403);
      const reply = await server.http.request(
        'POST',
        `${base}/comments/${byCommenter.id}/replies`,
        { body: say('By the other'), token: other.token },
      );
      const replyPath = `${base}/comments/${byCommenter.id}/replies/${(reply.body as CommentReply).id}`;
      expect(
        (await server.http.request('DELETE', replyPath, { token: commenter.token })).status,
      ).toBe(403);
      expect((await server.http.request('DELETE', replyPath, { token: other.token })).status).toBe(
        204,
      );
      const seenByAdmin = await server.http.get(`${base}/comments/${byCommenter.id}`);
      expect((seenByAdmin.body as Comment).permissions.delete).toBe(true);
      expect((seenByAdmin.body as Comment).replies).toBe(0);
      expect(
        (await server.http.request('DELETE', `${base}/comments/${byCommenter.id}`)).status,
      ).toBe(204);
    });

    it('answers 404 for other organizations and unknown ids, 401 without a token', async () => {
      const organizationId = await seedOrganization(server.db, server.clock);
      const outsider = await seedUser(server.db, server.clock);
      await seedMember(server.db, server.clock, organizationId, outsider.userId, 'admin');
      const theirs = await server.http.request('POST', `/v1/orgs/${organizationId}/spaces`, {
        token: outsider.token,
      });
      const theirBase = `/v1/spaces/${(theirs.body as Space).id}`;
      const theirComment = (
        await server.http.request('POST', `${theirBase}/comments`, {
          body: say('Private'),
          token: outsider.token,
        })
      ).body as Comment;
      const mine = await post(say('Here'));

      const notFound = [
        await server.http.get(`${theirBase}/comments`),
        await server.http.request('POST', `${theirBase}/comments`, { body: say('Let me in') }),
        await server.http.get(`${theirBase}/comments/${theirComment.id}`),
        await server.http.request('DELETE', `${theirBase}/comments/${theirComment.id}`),
        await server.http.get(`${theirBase}/commenters`),
        // Their comment through my space, and my space's unknown ids.
        await server.http.get(`${base}/comments/${theirComment.id}`),
        await server.http.request('PUT', `${base}/comments/unknown`, { body: { resolved: true } }),
        await server.http.get(`${base}/comments/unknown/replies`),
        await server.http.request('POST', `${base}/comments/unknown/replies`, { body: say('?') }),
        await server.http.get(`${base}/comments/${mine.id}/replies/unknown`),
        await server.http.request('PUT', `${base}/comments/${mine.id}/replies/unknown`, {
          body: { addedReactions: ['👍'] },
        }),
        await server.http.get(`${base}/change-requests/99/comments`),
        await server.http.get(`${base}/change-requests/99/commenters`),
        await server.http.get('/v1/spaces/unknown/comments'),
        await server.http.request('POST', `${base}/comments`, {
          body: { ...say('On no page'), page: 'no-such-page' },
        }),
      ];
      for (const found of notFound) {
        expect(found.status, found.text).toBe(404);
        expect(Value.Check(ErrorBody, found.body)).toBe(true);
      }
      expect(response(notFound[0]).error.message).toBe('Space not found');
      expect(response(notFound[6]).error.message).toBe('Comment not found');
      expect(response(notFound[9]).error.message).toBe('Comment reply not found');
      expect(response(notFound[11]).error.message).toBe('Change request not found');
      expect(
        (await server.http.request('DELETE', `${base}/comments/${mine.id}/replies/x`)).status,
      ).toBe(204);
      expect((await server.http.get(`${base}/comments`, { token: null })).status).toBe(401);
    });

    it('answers bad input with a 4xx naming the problem, never a 500', async () => {
      const comment = await post(say('Target'));
      const countComments = async () =>
        ((await server.http.get(`${base}/comments?limit=1`)).body as { count: number }).count;
      const before = await countComments();
      const reply = (
        await server.http.request('POST', `${base}/comments/${comment.id}/replies`, {
          body: say('Reply'),
        })
      ).body as CommentReply;
      const commentPath = `${base}/comments/${comment.id}`;
      const replyPath = `${commentPath}/replies/${reply.id}`;
      const writes: [string, string][] = [
        ['POST', `${base}/comments`],
        ['PUT', commentPath],
        ['POST', `${commentPath}/replies`],
        ['PUT', replyPath],
      ];
      const sent = (method: string, path: string, body: unknown) =>
        server.http.request(method, path, { body });

      for (const [method, path] of writes) {
        const malformed = await server.http.request(method, path, {
          rawBody: '{"body": {"markdown": "unterminated',
          contentType: 'application/json',
        });
        expect(malformed.status, `${method} ${path}`).toBe(400);
        const huge = await server.http.request(method, path, {
          rawBody: JSON.stringify(say('x'.repeat(BODY_LIMIT))),
          contentType: 'application/json',
        });
        expect(huge.status, `${method} ${path}`).toBe(413);
        expect(Value.Check(ErrorBody, huge.body)).toBe(true);
        for (const body of [
          { body: 'just text' },
          { body: { markdown: 42 } },
          say(''),
          say('  \n\t '),
          say('x'.repeat(20_001)),
        ]) {
          const response = await sent(method, path, body);
          expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(
            400,
          );
          expect(response.body).toMatchObject({ error: { code: 400 } });
        }
      }
      const longest = await sent('POST', `${commentPath}/replies`, say('y'.repeat(20_000)));
      expect(longest.status).toBe(200);

      const bad = [
        await sent('POST', `${base}/comments`, {}),
        await sent('POST', `${base}/comments`, { ...say('Node'), node: 'block' }),
        await sent('POST', `${base}/comments`, { ...say('Cell'), tableCell: { record: 'r' } }),
        await sent('POST', `${base}/comments`, { ...say('Page'), page: 7 }),
        await sent('PUT', commentPath, { resolved: 'yes' }),
        await sent('PUT', commentPath, { addedReactions: '👍' }),
        await sent('PUT', commentPath, { addedReactions: [''] }),
        await sent('PUT', commentPath, { addedReactions: ['thumbs up'] }),
        await sent('PUT', commentPath, { addedReactions: ['x'.repeat(33)] }),
        await sent('PUT', commentPath, { addedReactions: ['👍'], removedReactions: ['👍'] }),
        await sent('PUT', commentPath, {
          addedReactions: Array.from({ length: 21 }, (_, n) => `e${n}`),
        }),
        await server.http.get(`${base}/comments?limit=0`),
        await server.http.get(`${base}/comments?limit=1001`),
        await server.http.get(`${base}/comments?order=sideways`),
        await server.http.get(`${base}/comments?status=closed`),
        await server.http.get(`${base}/comments?format=html`),
        await server.http.get(`${base}/comments?page=not-a-cursor`),
        await server.http.get(
          `${base}/comments?${Array.from({ length: 101 }, (_, n) => `authors=u${n}`).join('&')}`,
        ),
        await server.http.get(`${commentPath}/replies?limit=abc`),
        await server.http.get(`${base}/commenters?page=%7B%7D`),
      ];
      for (const response of bad) {
        expect(response.status, response.text).toBe(400);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
      }
      // Nothing of it was written: no comment (and one reply, the longest allowed).
      expect(await countComments()).toBe(before);
      const thread = (await server.http.get(commentPath)).body as Comment;
      expect(thread).toMatchObject({ replies: 2, reactions: [], status: 'open' });
      expect(response(bad[1]).error.message).toContain('body/node');
      expect(response(bad[7]).error.message).toContain('body/addedReactions/0');
    });

    it('writes nothing of a PUT that fails', async () => {
      const comment = await post(say('Unchanged'));
      const path = `${base}/comments/${comment.id}`;
      const failing = [
        { resolved: true, addedReactions: ['👍'], body: { markdown: ' ' } },
        { resolved: true, addedReactions: ['👍', 'not an emoji'] },
      ];
      for (const body of failing) {
        expect((await server.http.request('PUT', path, { body })).status).toBe(400);
      }
      // The author only may edit: another member's resolve and reaction go with the refusal.
      const byOther = await server.http.request('PUT', path, {
        body: { resolved: true, addedReactions: ['👍'], body: { markdown: 'Mine now' } },
        token: commenter.token,
      });
      expect(byOther.status).toBe(403);
      const after = (await server.http.get(path)).body as Comment;
      expect(after).toEqual(comment);
    });

    it('ignores `resolved` on a space reply, where the contract has no such member', async () => {
      const comment = await post(say('Thread'));
      const reply = (
        await server.http.request('POST', `${base}/comments/${comment.id}/replies`, {
          body: say('Reply'),
        })
      ).body as CommentReply;
      const put = await server.http.request(
        'PUT',
        `${base}/comments/${comment.id}/replies/${reply.id}`,
        { body: { resolved: true } },
      );
      expect(put.status).toBe(200);
      expect(
        ((await server.http.get(`${base}/comments/${comment.id}`)).body as Comment).status,
      ).toBe('open');
    });
  });
}

/** The error body of a response. */
function response(result: { body: unknown } | undefined): ErrorBody {
  return result?.body as ErrorBody;
}
