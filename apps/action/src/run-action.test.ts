import * as fs from 'node:fs';
import { parseDocsConfig } from '@docsync/core';
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, type SyncConfig } from '@docsync/sync';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authConfig,
  cloneWorkspace,
  git,
  runActionEntry,
  startGitHubStandIn,
  type GitHubStandIn,
} from './testing/action-harness.js';
import { startGitHttpRemote, type GitHttpRemote } from './testing/git-http-remote.js';

const GITHUB_TOKEN = 'ghs_test-token-for-pushes';
const REPOSITORY = 'acme/handbook';
/** What the workspace's repository holds before the action runs: never touched by it. */
const REPO_FILES = {
  'README.md': '# Handbook\n',
  '.github/workflows/docs.yml': 'on: workflow_dispatch\n',
  'docs-notes.txt': 'outside the exported directory\n',
};

const page = (title: string, text: string) => `# ${title}\n\n${text}\n`;

for (const { dialect, skip } of testDialects) {
  // Each run starts a Node process and talks to two servers: seconds, more on a loaded machine.
  describe.skipIf(skip)(
    `the action's entry point against a real server (${dialect})`,
    { timeout: 60_000 },
    () => {
      let server: TestServer;
      const cleanup: { remove?: () => Promise<void>; close?: () => Promise<void> }[] = [];
      const spaces: Record<string, { id: string; repo: GitRepo }> = {};
      let siteId = '';
      let unpublishedSiteId = '';

      async function pushSpace(spaceId: string, repo: GitRepo): Promise<void> {
        const config: SyncConfig = {
          url: server.baseUrl,
          space: spaceId,
          branch: 'main',
          dir: 'docs',
        };
        const client = createSyncClient({ baseUrl: server.baseUrl, token: server.token });
        const result = await push({ fs, dir: repo.dir, config, client }, { merge: true });
        expect(result.outcome).toBe('pushed');
      }

      async function newSpace(title: string, files: Record<string, string>) {
        const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
          body: { title },
        });
        expect(made.status).toBe(201);
        const id = (made.body as { id: string }).id;
        const repo = await createGitRepo({
          files: Object.fromEntries(Object.entries(files).map(([p, t]) => [`docs/${p}`, t])),
        });
        cleanup.push(repo);
        await pushSpace(id, repo);
        return { id, repo };
      }

      async function newSite(title: string, spaceIds: string[]): Promise<string> {
        const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/sites`, {
          body: { title, spaces: spaceIds },
        });
        expect(made.status, made.text).toBe(201);
        return (made.body as { id: string }).id;
      }

      beforeAll(async () => {
        server = await startTestServer({ dialect });
        spaces['guides'] = await newSpace('Guides', {
          'README.md': page('Guides', 'Welcome to the guides.'),
          'SUMMARY.md': '# Table of contents\n\n* [Guides](README.md)\n* [Setup](setup.md)\n',
          'setup.md': page('Setup', 'Install it.'),
        });
        spaces['api'] = await newSpace('API', {
          'README.md': page('API', 'The reference.'),
          'SUMMARY.md': '# Table of contents\n\n* [API](README.md)\n',
        });
        siteId = await newSite('Handbook', [spaces['guides'].id, spaces['api'].id]);
        unpublishedSiteId = await newSite('Draft site', []);
      });
      afterAll(async () => {
        for (const item of cleanup.reverse()) await (item.remove ?? item.close)?.();
        await server.close();
      });

      async function workspaceWithRemote(): Promise<{ remote: GitHttpRemote; workspace: TempDir }> {
        const remote = await startGitHttpRemote({
          username: 'x-access-token',
          password: GITHUB_TOKEN,
        });
        cleanup.push(remote);
        const workspace = await cloneWorkspace(remote, GITHUB_TOKEN, REPO_FILES);
        cleanup.push(workspace);
        return { remote, workspace };
      }

      function env(workspace: TempDir, inputs: Record<string, string>): Record<string, string> {
        return {
          GITHUB_WORKSPACE: workspace.path,
          GITHUB_REPOSITORY: REPOSITORY,
          INPUT_URL: server.baseUrl,
          INPUT_TOKEN: server.token,
          'INPUT_GITHUB-TOKEN': GITHUB_TOKEN,
          INPUT_MODE: 'commit',
          ...Object.fromEntries(
            Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
          ),
        };
      }

      /** Publishes a new text of a page of a space, as an editor on the service would. */
      async function publishEdit(space: string, path: string, text: string): Promise<void> {
        const entry = spaces[space];
        if (entry === undefined) throw new Error(`no space ${space}`);
        await entry.repo.writeFiles({ [`docs/${path}`]: text });
        await entry.repo.commit(`Edit ${path}`);
        await pushSpace(entry.id, entry.repo);
      }

      describe('commit mode', () => {
        let remote: GitHttpRemote;
        let workspace: TempDir;
        let initial = '';

        beforeAll(async () => {
          ({ remote, workspace } = await workspaceWithRemote());
          initial = await remote.git('rev-parse', 'main');
        });

        it('first run commits the published site, one directory per site space, and pushes it', async () => {
          const run = await runActionEntry(env(workspace, { site: siteId, path: 'docs' }));
          expect(run.stdout).not.toContain('::error::');
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          const head = await remote.git('rev-parse', 'main');
          expect(run.outputs['commit-sha']).toBe(head);
          expect(await remote.git('rev-parse', 'main~1')).toBe(initial);

          const files = (await remote.git('ls-tree', '-r', '--name-only', 'main')).split('\n');
          expect(files).toEqual(
            expect.arrayContaining([
              'docs/guides/README.md',
              'docs/guides/SUMMARY.md',
              'docs/guides/setup.md',
              'docs/api/README.md',
              'docs/api/SUMMARY.md',
              ...Object.keys(REPO_FILES),
            ]),
          );
          expect(await remote.git('show', 'main:docs/guides/setup.md')).toContain('Install it.');
          // docs.yaml maps the directories to the site's structure, as site-wide Git Sync reads it.
          const docsYaml = parseDocsConfig(`${await remote.git('show', 'main:docs/docs.yaml')}\n`);
          expect(docsYaml.diagnostics).toEqual([]);
          expect(
            docsYaml.config.spaces.map((space) => `${space.title}:${space.directory ?? ''}`),
          ).toEqual(['Guides:guides', 'API:api']);
          for (const [path, text] of Object.entries(REPO_FILES))
            expect(`${await remote.git('show', `main:${path}`)}\n`).toBe(text);

          const pages = JSON.parse(run.outputs['pages'] ?? '') as {
            path: string;
            change: string;
          }[];
          expect(pages.map((p) => `${p.change} ${p.path}`).sort()).toEqual([
            'added docs/api/README.md',
            'added docs/guides/README.md',
            'added docs/guides/setup.md',
          ]);
          expect(run.outputs['pages-changed']).toBe('3');
          // The job summary says the same, page by page.
          expect(run.summary).toContain('<h3>docsync: published content</h3>');
          expect(run.summary).toContain(`Pushed ${head} to \`main\`: 3 pages, `);
          expect(run.summary).toContain('<td>docs/guides/setup.md</td><td>added</td>');
          // Honest identity: the service's content by docsync, committed by the workflow's bot.
          expect(await remote.git('log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main')).toBe(
            'docsync <docsync@users.noreply.docsync.dev>|github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
          );
          const message = await remote.git('log', '-1', '--format=%B', 'main');
          expect(message.split('\n')[0]).toBe('docsync: publish Handbook (3 pages changed)');
          expect(message).toContain(`space ${spaces['guides']?.id ?? ''}`);

          // The checked-out branch and its working tree follow; nothing is left uncommitted.
          expect(await git(workspace.path, 'rev-parse', 'HEAD')).toBe(head);
          expect(await git(workspace.path, 'status', '--porcelain')).toBe('');
          expect(await workspace.read('docs/api/README.md')).toContain('The reference.');
          // The token never reaches the log unmasked.
          expect(run.stdout.split(`::add-mask::${server.token}`).join('')).not.toContain(
            server.token,
          );
        });

        it('second run with nothing new outputs changed=false and makes no commit', async () => {
          const before = await remote.git('rev-parse', 'main');
          const run = await runActionEntry(env(workspace, { site: siteId, path: 'docs' }));
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('false');
          expect(run.outputs['pages-changed']).toBe('0');
          expect(run.summary).toContain('`main` already holds it: nothing pushed.');
          expect(run.outputs['pages']).toBe('[]');
          expect(run.outputs['commit-sha']).toBe('');
          expect(await remote.git('rev-parse', 'main')).toBe(before);
          expect(await git(workspace.path, 'rev-parse', 'HEAD')).toBe(before);
        });

        it('a change published in the service comes back as one commit', async () => {
          const before = await remote.git('rev-parse', 'main');
          await publishEdit('guides', 'setup.md', page('Setup', 'Install it, then configure it.'));
          const run = await runActionEntry(env(workspace, { site: siteId, path: 'docs' }));
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          expect(JSON.parse(run.outputs['pages'] ?? '')).toEqual([
            { path: 'docs/guides/setup.md', change: 'modified' },
          ]);
          // Both spaces were read as what changed since the revisions the last commit names.
          const revisions = [
            ...(await remote.git('log', '-1', '--format=%B', 'main~1')).matchAll(/revision (\S+)/g),
          ].map((match) => match[1]);
          expect(revisions).toHaveLength(2);
          for (const revision of revisions)
            expect(run.stdout).toContain(`(changes since ${revision ?? ''})`);
          expect(await remote.git('rev-parse', 'main~1')).toBe(before);
          expect(await remote.git('diff', '--name-only', 'main~1', 'main')).toBe(
            'docs/guides/setup.md',
          );
          expect(await workspace.read('docs/guides/setup.md')).toContain('then configure it');
          expect(await git(workspace.path, 'status', '--porcelain')).toBe('');
        });

        it('writes one space straight into the path', async () => {
          const run = await runActionEntry(
            env(workspace, { space: spaces['api']?.id ?? '', path: 'reference' }),
          );
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          const files = await remote.git('ls-tree', '-r', '--name-only', 'main', 'reference');
          expect(files.split('\n').sort()).toEqual(['reference/README.md', 'reference/SUMMARY.md']);
          expect(
            (await remote.git('log', '-1', '--format=%s', 'main')).startsWith(
              'docsync: publish API',
            ),
          ).toBe(true);
        });

        it.each([
          ['a missing token', { token: '' }, 'the input `token` is required'],
          ['an unknown site', { site: 'no-such-site' }, 'no site `no-such-site`'],
          ['an unpublished site', { site: '<unpublished>' }, 'is not published'],
          ['a path outside the workspace', { path: '../elsewhere' }, 'outside the workspace'],
          ['the repository root as path', { path: '.' }, 'the repository root'],
          ['a wrong service token', { token: 'not-a-token' }, 'refused the token'],
          ['both site and space', { space: 'x' }, 'not both'],
        ])(
          'fails the step on %s, with a clear message and no commit',
          async (_, inputs, message) => {
            const before = await remote.git('rev-parse', 'main');
            const local = await git(workspace.path, 'rev-parse', 'HEAD');
            const given = {
              site: siteId,
              path: 'docs',
              ...inputs,
              ...('site' in inputs && inputs.site === '<unpublished>'
                ? { site: unpublishedSiteId }
                : {}),
            };
            const run = await runActionEntry(env(workspace, given));
            expect(run.code).toBe(1);
            const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'));
            expect(errors).toHaveLength(1);
            expect(errors[0]).toContain(message);
            expect(run.outputs).toEqual({});
            expect(await remote.git('rev-parse', 'main')).toBe(before);
            expect(await git(workspace.path, 'rev-parse', 'HEAD')).toBe(local);
            expect(await git(workspace.path, 'status', '--porcelain')).toBe('');
          },
        );

        it('refuses to overwrite uncommitted edits under the path, and changes nothing', async () => {
          await publishEdit('api', 'README.md', page('API', 'The reference, revised.'));
          await workspace.write('docs/api/README.md', 'my local edit\n');
          const before = await remote.git('rev-parse', 'main');
          const run = await runActionEntry(env(workspace, { site: siteId, path: 'docs' }));
          expect(run.code).toBe(1);
          expect(run.stdout).toContain('uncommitted changes under `docs`');
          expect(await remote.git('rev-parse', 'main')).toBe(before);
          expect(await workspace.read('docs/api/README.md')).toBe('my local edit\n');
          await git(workspace.path, 'checkout', '--', 'docs/api/README.md');
        });
      });

      describe('a shallow, detached checkout (as on a pull_request event)', () => {
        it('commits to the `branch` input from its remote-tracking ref, moving no local branch', async () => {
          const { remote, workspace: full } = await workspaceWithRemote();
          await full.write('CHANGELOG.md', '# Changes\n');
          await git(full.path, 'add', '.');
          await git(
            full.path,
            '-c',
            'user.name=Dev',
            '-c',
            'user.email=dev@example.test',
            'commit',
            '-qm',
            'Changelog',
          );
          await git(full.path, ...authConfig(GITHUB_TOKEN), 'push', '-q', 'origin', 'main');
          const tip = await remote.git('rev-parse', 'main');

          const shallow = await makeTempDir('action-shallow');
          cleanup.push(shallow);
          await git(
            shallow.path,
            ...authConfig(GITHUB_TOKEN),
            'clone',
            '-q',
            '--depth',
            '1',
            remote.url,
            '.',
          );
          expect(await git(shallow.path, 'rev-parse', '--is-shallow-repository')).toBe('true');
          await git(shallow.path, 'checkout', '-q', '--detach');
          await git(shallow.path, 'branch', '-q', '-D', 'main');

          const run = await runActionEntry(
            env(shallow, { site: siteId, path: 'docs', branch: 'main' }),
          );
          expect(run.stdout).not.toContain('::error::');
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          expect(await remote.git('rev-parse', 'main~1')).toBe(tip);
          expect(await remote.git('rev-parse', 'main')).toBe(run.outputs['commit-sha']);
          expect(await git(shallow.path, 'rev-parse', 'HEAD')).toBe(tip);
          expect(await git(shallow.path, 'rev-parse', 'origin/main')).toBe(
            run.outputs['commit-sha'],
          );
          expect(await git(shallow.path, 'status', '--porcelain')).toBe('');
          // git itself reads what the action pushed into the shallow repository's neighbour.
          expect(await remote.git('fsck', '--no-progress')).toBe('');
        });
      });

      describe('pull-request mode', () => {
        let remote: GitHttpRemote;
        let workspace: TempDir;
        let github: GitHubStandIn;

        beforeAll(async () => {
          ({ remote, workspace } = await workspaceWithRemote());
          github = await startGitHubStandIn(REPOSITORY);
          cleanup.push(github);
        });

        const prEnv = () => ({
          ...env(workspace, { site: siteId, path: 'docs', mode: 'pull-request' }),
          GITHUB_API_URL: github.url,
        });
        const branch = () => `docsync/publish-${siteId}`;

        it('pushes a branch on top of the base and opens a pull request through the REST API', async () => {
          const main = await remote.git('rev-parse', 'main');
          const run = await runActionEntry(prEnv());
          expect(run.stdout).not.toContain('::error::');
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          expect(run.outputs['branch']).toBe(branch());
          expect(await remote.git('rev-parse', 'main')).toBe(main);
          const tip = await remote.git('rev-parse', branch());
          expect(run.outputs['commit-sha']).toBe(tip);
          expect(await remote.git('rev-parse', `${branch()}~1`)).toBe(main);
          expect(run.outputs['pull-request-url']).toBe(`https://github.test/${REPOSITORY}/pull/1`);
          expect(run.outputs['pull-request-number']).toBe('1');

          expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
            `GET /repos/${REPOSITORY}/pulls?head=acme%3A${encodeURIComponent(branch())}&state=open`,
            `POST /repos/${REPOSITORY}/pulls`,
          ]);
          expect(github.requests.every((r) => r.authorization === `Bearer ${GITHUB_TOKEN}`)).toBe(
            true,
          );
          expect(github.requests[1]?.body).toMatchObject({
            head: branch(),
            base: 'main',
            title: 'docsync: publish Handbook (3 pages changed)',
          });
          expect((github.requests[1]?.body as { body: string }).body).toContain(
            'docs/guides/setup.md',
          );
          // The workspace is not touched in this mode.
          expect(await git(workspace.path, 'rev-parse', 'HEAD')).toBe(main);
          expect(await git(workspace.path, 'status', '--porcelain')).toBe('');
        });

        it('a re-run with nothing new pushes nothing and updates the same pull request', async () => {
          const tip = await remote.git('rev-parse', branch());
          github.requests.length = 0;
          const run = await runActionEntry(prEnv());
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('false');
          expect(run.outputs['pull-request-url']).toBe(`https://github.test/${REPOSITORY}/pull/1`);
          expect(await remote.git('rev-parse', branch())).toBe(tip);
          expect(github.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
          expect(github.pulls).toHaveLength(1);
        });

        it('a new change replaces the branch with one commit on the base, in the same pull request', async () => {
          const main = await remote.git('rev-parse', 'main');
          const before = await remote.git('rev-parse', branch());
          await publishEdit('guides', 'README.md', page('Guides', 'Welcome back to the guides.'));
          github.requests.length = 0;
          const run = await runActionEntry(prEnv());
          expect(run.code).toBe(0);
          expect(run.outputs['changed']).toBe('true');
          const tip = await remote.git('rev-parse', branch());
          expect(tip).not.toBe(before);
          expect(await remote.git('rev-parse', `${branch()}~1`)).toBe(main);
          expect(await remote.git('show', `${branch()}:docs/guides/README.md`)).toContain(
            'Welcome back',
          );
          expect(github.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
          expect(github.pulls).toHaveLength(1);
        });

        it('fails the step with GitHub’s message when the REST API refuses', async () => {
          const run = await runActionEntry({ ...prEnv(), GITHUB_REPOSITORY: 'acme/other' });
          expect(run.code).toBe(1);
          expect(run.stdout).toContain('GitHub answered GET /repos/acme/other/pulls');
          expect(run.stdout).toContain('HTTP 404');
        });
      });
    },
  );
}
