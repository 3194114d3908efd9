import {
  ErrorBody,
  GitInfo,
  GitSyncPoint,
  GitSyncPoints,
  type ChangeRequest,
  type Space,
} from '@docsync/api';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillGitSyncPoints } from '../storage/migrations/011-git-sync-points.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A README, a SUMMARY and one page holding `text`. */
function tree(text = 'First.'): TreeBlob[] {
  return [
    textBlob('README.md', '# Home\n\nWelcome.\n'),
    textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Page](page.md)\n'),
    textBlob('page.md', `# Page\n\n${text}\n`),
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`git sync points over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 1000;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    const nextCommit = (message = 'commit') => ({
      oid: commitOid(++commits),
      message,
      ref: 'refs/heads/main',
    });
    async function createSpace(): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      return created.body as Space;
    }
    async function importInto(
      spaceId: string,
      files: readonly TreeBlob[],
      commit: { oid: string; message: string; ref?: string },
      changeRequest?: string,
    ): Promise<void> {
      server.clock.advance(1000);
      const sent = await sendTree(
        server.http,
        spaceId,
        files,
        commit,
        changeRequest === undefined ? {} : { changeRequest },
      );
      expect(sent.status).toBe(204);
    }
    const info = async (spaceId: string): Promise<GitInfo> => {
      const read = await server.http.get(`/v1/spaces/${spaceId}/git/info`);
      expect(read.status).toBe(200);
      expect(Value.Check(GitInfo, read.body)).toBe(true);
      return read.body as GitInfo;
    };
    const points = async (spaceId: string, query = ''): Promise<GitSyncPoint[]> => {
      const read = await server.http.get(`/v1/spaces/${spaceId}/git/sync-points${query}`);
      expect(read.status).toBe(200);
      expect(Value.Check(GitSyncPoints, read.body)).toBe(true);
      return (read.body as GitSyncPoints).items;
    };
    const record = (spaceId: string, body: unknown, token?: string) => {
      server.clock.advance(1000);
      return server.http.request('POST', `/v1/spaces/${spaceId}/git/sync-points`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
    };
    const openChangeRequest = async (spaceId: string): Promise<ChangeRequest> => {
      const opened = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
        body: { subject: 'Change' },
      });
      expect(opened.status).toBe(201);
      return opened.body as ChangeRequest;
    };
    const changeRequest = async (spaceId: string, id: string): Promise<ChangeRequest> =>
      (await server.http.get(`/v1/spaces/${spaceId}/change-requests/${id}`)).body as ChangeRequest;
    const merge = async (spaceId: string, id: string): Promise<string> => {
      server.clock.advance(1000);
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${spaceId}/change-requests/${id}/merge`,
      );
      expect(merged.status).toBe(200);
      expect(merged.body).toMatchObject({ result: 'merge' });
      return (merged.body as { revision: string }).revision;
    };

    it('records every import of a commit into the main content, once per commit', async () => {
      const space = await createSpace();
      expect(await points(space.id)).toEqual([]);
      expect((await info(space.id)).lastSync).toBeUndefined();

      const first = nextCommit('first');
      await importInto(space.id, tree(), first);
      const at = (await info(space.id)).revision;
      const [point] = await points(space.id);
      expect(point).toEqual({
        commit: first,
        revision: at,
        createdAt: server.clock.now().toISOString(),
      });
      expect((await info(space.id)).lastSync).toEqual({ revision: at, git: first });

      // The same commit again is ignored, as the import itself is.
      await importInto(space.id, tree(), first);
      expect(await points(space.id)).toHaveLength(1);

      const second = nextCommit('second');
      await importInto(space.id, tree('Second.'), second);
      const listed = await points(space.id);
      expect(listed.map((item) => item.commit.oid)).toEqual([second.oid, first.oid]);
      expect((await info(space.id)).lastSync).toEqual({
        revision: (await info(space.id)).revision,
        git: second,
      });
    });

    it('records a merged change request whose head was imported from a commit as that commit and that head', async () => {
      const space = await createSpace();
      const main = nextCommit('main');
      await importInto(space.id, tree(), main);
      const cr = await openChangeRequest(space.id);
      const branch = { oid: commitOid(++commits), message: 'branch', ref: 'refs/heads/fix' };
      await importInto(space.id, tree('Fixed.'), branch, cr.id);
      const head = (await changeRequest(space.id, cr.id)).revision;
      // An import into a change request is not a point of the space.
      expect(await points(space.id)).toHaveLength(1);

      const merged = await merge(space.id, cr.id);
      expect(merged).not.toBe(head);
      const [newest] = await points(space.id);
      expect(newest).toMatchObject({ commit: branch, revision: head });
      // git/info's lastSync advances to it: the head, not the merged revision.
      expect(await info(space.id)).toMatchObject({
        revision: merged,
        lastSync: { revision: head, git: branch },
      });
    });

    it('records nothing for a merged change request whose head holds edits made in the service', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit());
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, tree('Fixed.'), nextCommit('branch'), cr.id);
      const edited = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${cr.id}/content`,
        {
          body: { changes: [{ type: 'insert_page', title: 'Extra', document: { markdown: 'x' } }] },
        },
      );
      expect(edited.status).toBe(200);
      const before = await points(space.id);
      await merge(space.id, cr.id);
      expect(await points(space.id)).toEqual(before);
    });

    it('records a pull: 201 for a new pair, 200 with the same point again, and git/info follows', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit('imported'));
      const imported = (await info(space.id)).revision;
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, tree('Fixed.'), nextCommit('branch'), cr.id);
      const merged = await merge(space.id, cr.id);

      // The client pulled the merged revision and committed it.
      const pulled = { oid: commitOid(++commits), message: 'Pull from docsync' };
      const created = await record(space.id, { commit: pulled, revision: merged });
      expect(created.status).toBe(201);
      expect(Value.Check(GitSyncPoint, created.body)).toBe(true);
      expect(created.body).toEqual({
        commit: pulled,
        revision: merged,
        createdAt: server.clock.now().toISOString(),
      });
      expect((await info(space.id)).lastSync).toEqual({ revision: merged, git: pulled });

      const count = (await points(space.id)).length;
      const again = await record(space.id, { commit: pulled, revision: merged });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(created.body);
      expect(await points(space.id)).toHaveLength(count);

      // An earlier main revision may be recorded too (a pull of an older state), with a ref.
      const older = { oid: commitOid(++commits), message: 'Older', ref: 'refs/heads/docs' };
      const recorded = await record(space.id, { commit: older, revision: imported });
      expect(recorded.status).toBe(201);
      expect((await info(space.id)).lastSync).toEqual({ revision: imported, git: older });
      expect((await points(space.id, '?limit=2')).map((item) => item.commit.oid)).toEqual([
        older.oid,
        pulled.oid,
      ]);
    });

    it('records a pull of a new space’s empty content', async () => {
      const space = await createSpace();
      const empty = (await info(space.id)).revision;
      const recorded = await record(space.id, { commit: nextCommit(), revision: empty });
      expect(recorded.status).toBe(201);
      expect((await info(space.id)).lastSync?.revision).toBe(empty);
    });

    it('refuses a change request’s revision (409), another space’s or an unknown one (400), writing nothing', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit());
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, tree('Fixed.'), nextCommit('branch'), cr.id);
      const head = (await changeRequest(space.id, cr.id)).revision;
      const other = await createSpace();
      await importInto(other.id, tree(), nextCommit());
      const elsewhere = (await info(other.id)).revision;
      const before = await points(space.id);

      const unmerged = await record(space.id, { commit: nextCommit(), revision: head });
      expect(unmerged.status).toBe(409);
      expect(Value.Check(ErrorBody, unmerged.body)).toBe(true);
      expect((unmerged.body as ErrorBody).error.message).toContain('revision-not-main-line');
      for (const revision of [elsewhere, 'no-such-revision']) {
        const refused = await record(space.id, { commit: nextCommit(), revision });
        expect(refused.status, revision).toBe(400);
        expect((refused.body as ErrorBody).error.message).toMatch(
          /^body\/revision .* \(revision-not-found\)$/,
        );
      }
      for (const body of [
        { commit: { oid: 'not-a-commit', message: 'x' }, revision: head },
        { commit: { oid: commitOid(1) }, revision: head },
        { commit: { oid: commitOid(1), message: 'x' } },
        { commit: { oid: commitOid(1), message: 'x' }, revision: '' },
      ]) {
        const invalid = await record(space.id, body);
        expect(invalid.status, JSON.stringify(body)).toBe(400);
        expect(Value.Check(ErrorBody, invalid.body)).toBe(true);
      }
      expect(await points(space.id)).toEqual(before);
    });

    it('needs edit access to record, view access to list', async () => {
      const { organizationId, members } = await seedOrganizationWithMembers(
        server.db,
        server.clock,
        [{ role: 'admin' }, { role: 'read' }],
      );
      const [admin, reader] = members;
      if (admin === undefined || reader === undefined) throw new Error('seeded');
      const created = await server.http.request('POST', `/v1/orgs/${organizationId}/spaces`, {
        token: admin.token,
      });
      const space = created.body as Space;
      const revision = space.revision;
      const refused = await record(space.id, { commit: nextCommit(), revision }, reader.token);
      expect(refused.status).toBe(403);
      const listed = await server.http.get(`/v1/spaces/${space.id}/git/sync-points`, {
        token: reader.token,
      });
      expect(listed.status).toBe(200);
      const unknown = await server.http.get('/v1/spaces/no-such-space/git/sync-points');
      expect(unknown.status).toBe(404);
    });

    it('lists the newest first, 50 by default, at most 100', async () => {
      const space = await createSpace();
      const revision = (await info(space.id)).revision;
      const oids: string[] = [];
      for (let n = 0; n < 55; n++) {
        const commit = nextCommit(`pull ${n}`);
        oids.push(commit.oid);
        expect((await record(space.id, { commit, revision })).status).toBe(201);
      }
      const listed = await points(space.id);
      expect(listed.map((item) => item.commit.oid)).toEqual([...oids].reverse().slice(0, 50));
      expect(await points(space.id, '?limit=3')).toEqual(listed.slice(0, 3));
      expect(await points(space.id, '?limit=100')).toHaveLength(55);
      for (const limit of ['0', '101', 'x']) {
        const refused = await server.http.get(
          `/v1/spaces/${space.id}/git/sync-points?limit=${limit}`,
        );
        expect(refused.status, limit).toBe(400);
      }
      // Only the points of given commits, wherever they are in the list, newest first.
      const [oldest, third] = [oids[0] as string, oids[2] as string];
      const unknown = commitOid(999_999);
      const found = await points(space.id, `?commits=${oldest},${unknown},${third}`);
      expect(found.map((item) => item.commit.oid)).toEqual([third, oldest]);
      expect(await points(space.id, `?commits=${oldest},${third}&limit=1`)).toHaveLength(1);
      for (const commits of ['', 'xyz', `${oldest},`, Array(101).fill(oldest).join(',')]) {
        const refused = await server.http.get(
          `/v1/spaces/${space.id}/git/sync-points?commits=${commits}`,
        );
        expect(refused.status, commits.slice(0, 20)).toBe(400);
        expect(refused.body).toMatchObject({ error: { code: 400 } });
      }
    });

    it('still answers 409 to a tree sent as changes from a commit that was only pulled', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit());
      const revision = (await info(space.id)).revision;
      const pulled = nextCommit('pulled');
      expect((await record(space.id, { commit: pulled, revision })).status).toBe(201);
      expect((await info(space.id)).lastSync?.git.oid).toBe(pulled.oid);
      // The service has no tree stored for the pulled commit: the client must send the whole tree.
      const changed = textBlob('page.md', '# Page\n\nChanged.\n');
      const uploaded = await server.http.request('POST', `/v1/spaces/${space.id}/git/blobs`, {
        body: {
          blobs: [{ oid: changed.oid, base64: Buffer.from(changed.bytes).toString('base64') }],
        },
      });
      expect(uploaded.status).toBe(204);
      const delta = await server.http.request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: {
          base: pulled.oid,
          changes: [{ path: 'page.md', oid: changed.oid }],
          commit: nextCommit('next'),
        },
      });
      expect(delta.status).toBe(409);
      expect((await info(space.id)).revision).toBe(revision);
    });

    it('gives a duplicate the points of the space it copies', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit());
      const pulled = nextCommit('pulled');
      await record(space.id, { commit: pulled, revision: (await info(space.id)).revision });
      const copied = await server.http.request('POST', `/v1/spaces/${space.id}/duplicate`);
      expect(copied.status).toBe(201);
      const copy = copied.body as Space;
      expect(await points(copy.id)).toEqual(await points(space.id));
      expect((await info(copy.id)).lastSync).toEqual((await info(space.id)).lastSync);
      // They part from there.
      await importInto(copy.id, tree('Copy.'), nextCommit('copy'));
      expect((await points(copy.id)).length).toBe((await points(space.id)).length + 1);
    });

    it('back-fills from the revisions that record a commit what imports and merges record', async () => {
      const space = await createSpace();
      await importInto(space.id, tree(), nextCommit('one'));
      const cr = await openChangeRequest(space.id);
      await importInto(space.id, tree('Fixed.'), nextCommit('branch'), cr.id);
      await merge(space.id, cr.id);
      await importInto(space.id, tree('Three.'), nextCommit('three'));
      const copied = await server.http.request('POST', `/v1/spaces/${space.id}/duplicate`);
      const copy = copied.body as Space;
      await importInto(copy.id, tree('Copy.'), nextCommit('copy'));
      const live = [await points(space.id), await points(copy.id)];
      expect(live.map((items) => items.length)).toEqual([3, 4]);

      // As if the migration ran on this history.
      await server.db.deleteFrom('git_sync_points').execute();
      await backfillGitSyncPoints(server.db as unknown as Kysely<unknown>);
      const filled = [await points(space.id), await points(copy.id)];
      // The same pairs in the same order; an import's point is as old as its revision, a merge's
      // as the merge.
      expect(filled).toEqual(live);
    });
  });
}
