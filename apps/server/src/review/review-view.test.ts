import { fileURLToPath } from 'node:url';
import type { ChangeRequest } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../testing/seed.js';
import { commitOid, readTreeFromDisk, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const fixtureDir = fileURLToPath(
  new URL('../../../../packages/core/fixtures/site-blocks/', import.meta.url),
);

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`the review view at urls.app (${dialect})`, () => {
    let server: TestServer;
    let spaceId: string;
    let changeRequest: ChangeRequest;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
    const asAdmin = () => ({ authorization: `Bearer ${server.token}` });

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const space = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title: 'Handbook' },
      });
      spaceId = (space.body as { id: string }).id;
      const tree = readTreeFromDisk(fixtureDir);
      expect(
        (await sendTree(server.http, spaceId, tree, { oid: commitOid(1), message: 'Docs' })).status,
      ).toBe(204);
      changeRequest = (
        await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
          body: { subject: 'Reword the install guide' },
        })
      ).body as ChangeRequest;
      const edited = tree.map((file) =>
        file.path === 'guides/install.md'
          ? textBlob(
              file.path,
              '# Install\n\nInstall it with one command.\n\nThen restart <b>it</b>.\n',
            )
          : file,
      );
      const sent = await sendTree(
        server.http,
        spaceId,
        edited,
        { oid: commitOid(2), message: 'Reword' },
        { changeRequest: changeRequest.id },
      );
      expect(sent.status, sent.text).toBe(204);
      const comment = await server.http.request(
        'POST',
        `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/comments`,
        {
          body: { body: { markdown: 'Should we say *why* to restart?' } },
        },
      );
      expect(comment.status, comment.text).toBe(200);
    });
    afterAll(async () => {
      await server.close();
    });

    it('sends a reader without a login to the sign-in form, and signs in with a token', async () => {
      const app = (changeRequest.urls as { app: string }).app;
      const path = new URL(app).pathname;
      const away = await get(path);
      expect(away.status).toBe(303);
      expect(away.headers.get('location')).toBe(`/app/login?next=${encodeURIComponent(path)}`);
      const form = (next: string, token: string) =>
        fetch(`${server.baseUrl}/app/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ next, token }).toString(),
        });
      expect((await form(path, 'not-a-token')).status).toBe(401);
      const signedIn = await form(path, server.token);
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe(path);
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(signedIn.headers.get('set-cookie')).toContain('HttpOnly; SameSite=Strict');
      expect((await get(path, { cookie })).status).toBe(200);
      // Sign-in sends nowhere but the review view.
      expect((await form('https://evil.example/', server.token)).headers.get('location')).toBe(
        '/app/login',
      );
    });

    it('shows a space: its page tree and each page rendered', async () => {
      const home = await get(`/app/s/${spaceId}`, asAdmin());
      const text = await home.text();
      expect(home.status).toBe(200);
      expect(text).toContain('<h1>Welcome</h1>');
      expect(text).toContain('>All blocks</a>');
      const page = await (await get(`/app/s/${spaceId}/guides/install`, asAdmin())).text();
      expect(page).toContain('Install it with one command.');
      expect(page).not.toContain('restart');
      const blocks = await (await get(`/app/s/${spaceId}/all-blocks`, asAdmin())).text();
      expect(blocks).toContain('This paragraph comes from a reusable content block.');
      const image = /<img src="([^"]*)"/.exec(blocks)?.[1] ?? '';
      const loaded = await get(
        new URL(image, `${server.baseUrl}/app/s/${spaceId}/all-blocks`).pathname,
        asAdmin(),
      );
      expect(loaded.status).toBe(200);
      expect(loaded.headers.get('content-type')).toBe('image/png');
    });

    it('shows a change request: status, changed pages as rendered diffs, comments', async () => {
      const overview = await (
        await get(`/app/s/${spaceId}/~/changes/${changeRequest.number}`, asAdmin())
      ).text();
      expect(overview).toContain('<h1>Reword the install guide</h1>');
      expect(overview).toContain(
        '<span class="ds-status">draft</span> Change request #1 in Handbook',
      );
      expect(overview).toContain('1 page changed.');
      expect(overview).toMatch(/<ins class="ds-diff-added"><p>Then restart .*it.*\.<\/p><\/ins>/);
      expect(overview).toMatch(/<del class="ds-diff-removed"><figure class="ds-code">/);
      expect(overview).toContain('<a href="1/~first">Welcome</a>');
      expect(
        (await get(`/app/s/${spaceId}/~/changes/${changeRequest.number}/~first`, asAdmin())).status,
      ).toBe(200);
      expect(overview).toContain('Should we say *why* to restart?');
      const page = await (
        await get(`/app/s/${spaceId}/~/changes/${changeRequest.number}/guides/install`, asAdmin())
      ).text();
      expect(page).toContain('class="ds-diff-added"');
      expect(page).toContain('<p>Install it with one command.</p>');
    });

    it('is not there for someone who is not a member, nor for unknown spaces and pages', async () => {
      const outsider = await seedUser(server.db, server.clock);
      const headers = { authorization: `Bearer ${outsider.token}` };
      expect((await get(`/app/s/${spaceId}`, headers)).status).toBe(404);
      expect((await get(`/app/s/nosuch`, asAdmin())).status).toBe(404);
      expect((await get(`/app/s/${spaceId}/nosuch`, asAdmin())).status).toBe(404);
      expect((await get(`/app/s/${spaceId}/~/changes/999`, asAdmin())).status).toBe(404);
    });
  });
}
