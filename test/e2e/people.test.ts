/**
 * People end to end (issue 23): an admin invites a writer by email, the writer accepts without
 * an account with `docsync login --invite` (getting one, and its first token kept), and pushes
 * with the CLI to a space their role lets them edit, and not to one everyone may only read.
 */
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`people (${dialect})`, () => {
    let server: TestServer;
    let config: TempDir;
    const repos: GitRepo[] = [];

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      config = await makeTempDir('people-config');
    });
    afterAll(async () => {
      for (const repo of repos) await repo.remove();
      await config.remove();
      await server.close();
    });

    async function newSpace(title: string, defaultLevel?: string): Promise<string> {
      const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title },
      });
      expect(made.status).toBe(201);
      const id = (made.body as { id: string }).id;
      if (defaultLevel !== undefined) {
        const patched = await server.http.request('PATCH', `/v1/spaces/${id}`, {
          body: { defaultLevel },
        });
        expect(patched.status).toBe(200);
      }
      return id;
    }

    /** A docs repository synced with `spaceId`, as `docsync init` sets one up. */
    async function docsRepo(spaceId: string): Promise<GitRepo> {
      const repo = await createGitRepo({
        files: {
          'docs/README.md': '# Welcome\n\nWritten by the new writer.\n',
          'docs/SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n',
        },
      });
      repos.push(repo);
      const init = await runDocsync(
        ['init', '--url', server.baseUrl, '--space', spaceId, '--dir', 'docs'],
        repo.dir,
      );
      expect(init.code, init.stderr).toBe(0);
      return repo;
    }

    describe('an invited writer', () => {
      it('accepts, logs in, and pushes where their role allows and nowhere else', async () => {
        const invited = await server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/invites`,
          {
            body: { emails: ['writer@example.com'], role: 'edit' },
          },
        );
        expect(invited.status).toBe(200);
        const joinUrl =
          (invited.body as { invites: { urls: { join: string } }[] }).invites[0]?.urls.join ?? '';

        // The invitee has no account: `docsync login --invite` accepts, which makes one, and
        // keeps its first token for the service.
        const env = { XDG_CONFIG_HOME: config.path };
        const login = await runDocsync(
          ['login', '--invite', joinUrl, '--name', 'Wendy Writer'],
          config.path,
          '',
          env,
        );
        expect(login.code, login.stderr).toBe(0);
        expect(login.stdout).toContain(
          `Logged in to ${server.baseUrl} as Wendy Writer <writer@example.com>`,
        );
        const kept = JSON.parse(
          await readFile(join(config.path, 'docsync', 'credentials.json'), 'utf8'),
        ) as { servers: Record<string, { user: string }> };
        const user = kept.servers[server.baseUrl]?.user;
        const members = await server.http.get(
          `/v1/orgs/${server.organizationId}/members/${user ?? ''}`,
        );
        expect(members.body).toMatchObject({ role: 'edit' });

        // An invite by email is used once.
        const again = await runDocsync(['login', '--invite', joinUrl], config.path, '', env);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('Invite not found');

        const open = await newSpace('Guides');
        const readOnly = await newSpace('Policies', 'read');

        // Pushed with the token `docsync login` kept: no DOCSYNC_TOKEN.
        const allowed = await docsRepo(open);
        const pushed = await runDocsync(['push'], allowed.dir, '', env);
        expect(pushed.code, pushed.stderr).toBe(0);
        expect(pushed.stdout).toContain('change request #1');
        const request = await server.http.get(`/v1/spaces/${open}/change-requests/1`);
        expect(request.status).toBe(200);
        expect(request.body).toMatchObject({
          number: 1,
          createdBy: { id: user },
        });

        const refused = await docsRepo(readOnly);
        const denied = await runDocsync(['push'], refused.dir, '', env);
        expect(denied.code).toBe(1);
        expect(denied.stderr).toMatch(/`edit` role/);
        expect((await server.http.get(`/v1/spaces/${readOnly}/change-requests/1`)).status).toBe(
          404,
        );

        // DOCSYNC_TOKEN still wins over the kept token.
        const overridden = await runDocsync(['push'], allowed.dir, '', {
          ...env,
          DOCSYNC_TOKEN: 'dsk_not-a-token',
        });
        expect(overridden.code).toBe(1);
        expect(overridden.stderr).toMatch(/401|token/i);
      }, 60_000);
    });
  });
}
