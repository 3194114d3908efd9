import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { listCommits } from './list-commits.js';
import { gitCli } from './testing/git-cli.js';

describe('listCommits', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  const history = async () => {
    const repo = await createGitRepo({ files: { 'docs/a.md': 'a\n', 'src/x.ts': 'x\n' } });
    repos.push(repo);
    const synced = await repo.resolve();
    await repo.writeFiles({ 'src/x.ts': 'x2\n' });
    await repo.commit('code only');
    await repo.writeFiles({ 'docs/a.md': 'a2\n' });
    await repo.commit('docs edit');
    await repo.removeFiles(['docs/a.md']);
    await repo.commit('docs delete');
    await repo.writeFiles({ 'src/y.ts': 'y\n' });
    const head = await repo.commit('code again');
    return { repo, dir: repo.dir, synced, head };
  };

  it('lists the commits since the synced one, oldest first, excluding it', async () => {
    const { dir, synced, head } = await history();
    const commits = await listCommits({ fs, dir, from: synced, to: head });
    expect(commits.map((commit) => commit.message.trim())).toEqual([
      'code only',
      'docs edit',
      'docs delete',
      'code again',
    ]);
    expect(commits.map((commit) => commit.oid).join('\n')).toBe(
      gitCli(dir, 'log', '--first-parent', '--reverse', '--format=%H', `${synced}..${head}`),
    );
  });

  it('keeps only commits that touch the path, as git log -- path does', async () => {
    const { dir, synced, head } = await history();
    const commits = await listCommits({ fs, dir, from: synced, to: head, path: 'docs' });
    expect(commits.map((commit) => commit.message.trim())).toEqual(['docs edit', 'docs delete']);
    expect(commits.map((commit) => commit.oid).join('\n')).toBe(
      gitCli(
        dir,
        'log',
        '--first-parent',
        '--reverse',
        '--format=%H',
        `${synced}..${head}`,
        '--',
        'docs',
      ),
    );
    const all = await listCommits({ fs, dir, from: null, to: head, path: 'docs/a.md' });
    expect(all.map((commit) => commit.message.trim())).toEqual([
      'Initial commit',
      'docs edit',
      'docs delete',
    ]);
  });

  it('lists nothing when the synced commit is the tip', async () => {
    const { dir, head } = await history();
    expect(await listCommits({ fs, dir, from: head, to: head })).toEqual([]);
  });
});
