import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, readBranchCommit } from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runDocsync } from '../testing/run-docsync.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`docsync pull --published (${dialect})`, () => {
    let server: TestServer;
    const repos: GitRepo[] = [];
    let spaceId = '';
    let siteId = '';
    let emptySiteId = '';

    async function request(path: string, body: unknown): Promise<string> {
      const made = await server.http.request('POST', path, { body });
      expect(made.status, made.text).toBe(201);
      return (made.body as { id: string }).id;
    }

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const orgs = `/v1/orgs/${server.organizationId}`;
      spaceId = await request(`${orgs}/spaces`, { title: 'Guides' });
      const source = await createGitRepo({
        files: {
          'docs/README.md': '# Guides\n\nWelcome.\n',
          'docs/SUMMARY.md': '# Table of contents\n\n* [Guides](README.md)\n',
        },
      });
      repos.push(source);
      const config = { url: server.baseUrl, space: spaceId, branch: 'main', dir: 'docs' };
      const client = createSyncClient({ baseUrl: server.baseUrl, token: server.token });
      await push({ fs, dir: source.dir, config, client }, { merge: true });
      siteId = await request(`${orgs}/sites`, { title: 'Handbook', spaces: [spaceId] });
      emptySiteId = await request(`${orgs}/sites`, { title: 'Nothing yet' });
    });
    afterAll(async () => {
      for (const repo of repos) await repo.remove();
      await server.close();
    });

    async function workspace(): Promise<GitRepo> {
      const repo = await createGitRepo({ files: { 'README.md': '# Project\n' } });
      repos.push(repo);
      return repo;
    }

    const env = () => ({ DOCSYNC_TOKEN: server.token });
    const args = (...more: string[]) => ['pull', '--published', '--url', server.baseUrl, ...more];

    it('commits a one-space site into --path on the checked-out branch, then finds it in sync', async () => {
      const repo = await workspace();
      const before = await repo.resolve();
      const run = await runDocsync(
        args('--site', siteId, '--path', 'handbook'),
        repo.dir,
        '',
        env(),
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(ExitCode.ok);
      expect(run.stdout).toContain('pull --published: pulled');
      const head = await repo.resolve();
      expect(head).not.toBe(before);
      expect(run.stdout).toContain(`committed ${head} on main`);
      expect(fs.readFileSync(`${repo.dir}/handbook/README.md`, 'utf8')).toContain('Welcome.');
      expect(fs.readFileSync(`${repo.dir}/README.md`, 'utf8')).toBe('# Project\n');

      const again = await runDocsync(
        args('--site', siteId, '--path', 'handbook', '--json'),
        repo.dir,
        '',
        env(),
      );
      expect(again.code).toBe(ExitCode.ok);
      expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'in-sync', commit: null });
      expect(await repo.resolve()).toBe(head);
    });

    it('writes the first commit of an empty repository (no parent) and its working tree', async () => {
      const repo = await createGitRepo();
      repos.push(repo);
      const run = await runDocsync(args('--space', spaceId), repo.dir, '', env());
      expect(run.stderr).toBe('');
      expect(run.code).toBe(ExitCode.ok);
      const head = await repo.resolve();
      expect(run.stdout).toContain(`committed ${head} on main`);
      // `git rev-list --parents` prints the commit and its parents: none.
      const listed = execFileSync('git', ['rev-list', '--parents', 'main'], {
        cwd: repo.dir,
        encoding: 'utf8',
      });
      expect(listed.trim()).toBe(head);
      expect(fs.readFileSync(`${repo.dir}/docs/README.md`, 'utf8')).toContain('Welcome.');
    });

    it('--dry-run with --space lists the changes and commits nothing', async () => {
      const repo = await workspace();
      const before = await repo.resolve();
      const run = await runDocsync(
        args('--space', spaceId, '--dry-run', '--json'),
        repo.dir,
        '',
        env(),
      );
      expect(run.code).toBe(ExitCode.ok);
      const report = JSON.parse(run.stdout) as { outcome: string; pages: { path: string }[] };
      expect(report.outcome).toBe('pulled');
      expect(report.pages.map((p) => p.path)).toEqual(['docs/README.md']);
      expect(await readBranchCommit({ fs, dir: repo.dir, branch: 'main' })).toBe(before);
      expect(fs.existsSync(`${repo.dir}/docs`)).toBe(false);
    });

    it('fails on an unpublished site and commits nothing', async () => {
      const repo = await workspace();
      const before = await repo.resolve();
      const run = await runDocsync(args('--site', emptySiteId), repo.dir, '', env());
      expect(run.code).toBe(ExitCode.failure);
      expect(run.stderr).toContain('is not published');
      expect(await repo.resolve()).toBe(before);
    });

    it('is a usage error without --site or --space, or with --site but no --published', async () => {
      const repo = await workspace();
      expect((await runDocsync(args(), repo.dir, '', env())).code).toBe(ExitCode.usage);
      const stray = await runDocsync(['pull', '--site', siteId], repo.dir, '', env());
      expect(stray.code).toBe(ExitCode.usage);
      expect(stray.stderr).toContain('--site goes with `pull --published`');
      const root = await runDocsync(args('--site', siteId, '--path', '.'), repo.dir, '', env());
      expect(root.code).toBe(ExitCode.usage);
    });
  });
}
