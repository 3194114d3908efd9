import { ErrorBody, GitInfo, type ChangeRequest, type Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const tree = [
  textBlob('README.md', '# Home\n\nWelcome.\n'),
  textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
];

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`git/info of a change request over HTTP (${dialect})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    /** A space whose main content was imported from `main`'s first commit. */
    async function syncedSpace(): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      expect(created.status).toBe(201);
      const space = created.body as Space;
      const main = { oid: commitOid(1), message: 'Docs', ref: 'refs/heads/main' };
      expect((await sendTree(server.http, space.id, tree, main)).status).toBe(204);
      return space;
    }
    const openChangeRequest = async (spaceId: string) => {
      const opened = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
        body: { subject: 'Fix' },
      });
      expect(opened.status).toBe(201);
      return opened.body as ChangeRequest;
    };
    const headOf = async (spaceId: string, id: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}/change-requests/${id}`)).body as ChangeRequest)
        .revision;
    const infoOf = async (spaceId: string, changeRequest: string) => {
      const query = new URLSearchParams({ changeRequest }).toString();
      const info = await server.http.get(`/v1/spaces/${spaceId}/git/info?${query}`);
      expect(info.status).toBe(200);
      expect(Value.Check(GitInfo, info.body)).toBe(true);
      return info.body as GitInfo;
    };

    it('answers a change request’s head and the commit its content was imported from', async () => {
      const space = await syncedSpace();
      const spaceInfo = (await server.http.get(`/v1/spaces/${space.id}/git/info`)).body as GitInfo;
      const changeRequest = await openChangeRequest(space.id);

      // Not imported into yet: its history is the space's, so it reports what it was opened from.
      expect(await infoOf(space.id, changeRequest.id)).toEqual({
        space: space.id,
        changeRequest: changeRequest.id,
        revision: changeRequest.revision,
        lastSync: spaceInfo.lastSync,
      });

      const fix = { oid: commitOid(2), message: 'Fix', ref: 'refs/heads/fix' };
      const imported = await sendTree(
        server.http,
        space.id,
        [...tree, textBlob('fix.md', '# Fix\n')],
        fix,
        { changeRequest: changeRequest.id },
      );
      expect(imported.status).toBe(204);
      const head = await headOf(space.id, changeRequest.id);
      const expected = {
        space: space.id,
        changeRequest: changeRequest.id,
        revision: head,
        lastSync: { revision: head, git: fix },
      };
      expect(await infoOf(space.id, changeRequest.id)).toEqual(expected);
      // By number too; the space's own state is untouched.
      expect(await infoOf(space.id, String(changeRequest.number))).toEqual(expected);
      expect((await server.http.get(`/v1/spaces/${space.id}/git/info`)).body).toEqual(spaceInfo);
    });

    it('reports an edit made on the service after the import as a head that records no commit', async () => {
      const space = await syncedSpace();
      const changeRequest = await openChangeRequest(space.id);
      const fix = { oid: commitOid(3), message: 'Fix', ref: 'refs/heads/fix' };
      await sendTree(server.http, space.id, tree, fix, { changeRequest: changeRequest.id });
      const importedHead = await headOf(space.id, changeRequest.id);
      const edited = await server.http.request(
        'POST',
        `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`,
        {
          body: { changes: [{ type: 'insert_page', title: 'Extra', document: { markdown: 'x' } }] },
        },
      );
      expect(edited.status).toBeLessThan(300);

      const info = await infoOf(space.id, changeRequest.id);
      expect(info.revision).toBe(await headOf(space.id, changeRequest.id));
      expect(info.revision).not.toBe(importedHead);
      expect(info.lastSync).toEqual({ revision: importedHead, git: fix });
    });

    it('answers 404 for an unknown change request and 400 for an empty one', async () => {
      const space = await syncedSpace();
      for (const unknown of ['no-such-change-request', '999']) {
        const missing = await server.http.get(
          `/v1/spaces/${space.id}/git/info?changeRequest=${unknown}`,
        );
        expect(missing.status, unknown).toBe(404);
        expect(Value.Check(ErrorBody, missing.body)).toBe(true);
      }
      const empty = await server.http.get(`/v1/spaces/${space.id}/git/info?changeRequest=`);
      expect(empty.status).toBe(400);
    });
  });
}
