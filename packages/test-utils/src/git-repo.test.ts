import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitRepo, type GitRepo } from './git-repo.js';

/** Asks the real git binary, so the test proves the repository is one git itself can read. */
function gitCli(repo: GitRepo, ...args: string[]): string {
  return execFileSync('git', ['-C', repo.dir, ...args], { encoding: 'utf8' }).trim();
}

describe('createGitRepo', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('builds a repository that the git binary reads, with authors and messages', async () => {
    const repo = await createGitRepo({ files: { 'README.md': '# Hello\n' } });
    repos.push(repo);
    await repo.writeFiles({ 'docs/page.md': '# Page\n' });
    const second = await repo.commit('Add a page', {
      author: { name: 'Ada Writer', email: 'ada@example.test' },
      committer: { name: 'docsync', email: 'bot@example.test' },
    });

    expect(gitCli(repo, 'rev-parse', 'HEAD')).toBe(second);
    expect(gitCli(repo, 'log', '--format=%an|%cn|%s')).toBe(
      'Ada Writer|docsync|Add a page\nTest Author|Test Author|Initial commit',
    );
    expect(gitCli(repo, 'ls-tree', '-r', '--name-only', 'HEAD')).toBe('README.md\ndocs/page.md');
    expect(gitCli(repo, 'fsck', '--strict')).toBe('');
  });

  it('gives the same commit ids for the same steps', async () => {
    const build = async () => {
      const repo = await createGitRepo({ files: { 'a.md': 'a\n' } });
      repos.push(repo);
      await repo.writeFiles({ 'b.md': 'b\n' });
      return repo.commit('second');
    };
    expect(await build()).toBe(await build());
  });

  it('removes files and switches branches', async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'a\n', 'b.md': 'b\n' } });
    repos.push(repo);
    await repo.branch('feature', { checkout: true });
    await repo.removeFiles(['b.md']);
    const onFeature = await repo.commit('Remove b');
    expect(await repo.resolve('feature')).toBe(onFeature);
    expect(gitCli(repo, 'ls-tree', '-r', '--name-only', 'feature')).toBe('a.md');
    await repo.checkout('main');
    expect(gitCli(repo, 'ls-tree', '-r', '--name-only', 'main')).toBe('a.md\nb.md');
    expect(gitCli(repo, 'status', '--porcelain')).toBe('');
  });
});
