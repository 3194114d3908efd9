/**
 * People end to end (issue 23): an admin invites a writer by email, the writer accepts without
 * an account (getting one and its first token), keeps the token with `docsync login`, and pushes
 * with the CLI to a space their role lets them edit, and not to one everyone may only read.
 */
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
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
        const code = (invited.body as { invites: { code: string }[] }).invites[0]?.code ?? '';

        // The invitee has no account: accepting makes one and hands out its first token.
        const accepted = await server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/invites/${code}`,
          { body: { name: 'Wendy Writer' }, token: null },
        );
        expect(accepted.status).toBe(200);
        const { user, token } = accepted.body as { user: string; token: string };

        const env = { XDG_CONFIG_HOME: config.path };
        const login = await runDocsync(['login', '--url', server.baseUrl], config.path, token, env);
        expect(login.code, login.stderr).toBe(0);
        expect(login.stdout).toContain('as Wendy Writer <writer@example.com>');

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
