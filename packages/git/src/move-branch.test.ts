import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BranchMovedError,
  CommitNotFoundError,
  InvalidRefNameError,
  RefLockedError,
} from './errors.js';
import { moveBranch } from './move-branch.js';
import { gitCli } from './testing/git-cli.js';

describe('moveBranch', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  const twoCommits = async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'a\n' } });
    repos.push(repo);
    const first = await repo.resolve();
    await repo.writeFiles({ 'b.md': 'b\n' });
    const second = await repo.commit('second');
    return { repo, dir: repo.dir, first, second };
  };

  it('moves a branch that still points where the caller expects', async () => {
    const { dir, first, second } = await twoCommits();
    await moveBranch({ fs, dir, ref: 'main', from: second, to: first });
    expect(gitCli(dir, 'rev-parse', 'main')).toBe(first);
    expect(fs.existsSync(`${dir}/.git/refs/heads/main.lock`)).toBe(false);
  });

  it('refuses to move a branch that moved, leaving it where it is', async () => {
    const { dir, first, second } = await twoCommits();
    const moving = moveBranch({ fs, dir, ref: 'main', from: first, to: first });
    await expect(moving).rejects.toBeInstanceOf(BranchMovedError);
    await expect(moving).rejects.toMatchObject({
      code: 'branch-moved',
      data: { ref: 'refs/heads/main', expected: first, actual: second },
    });
    expect(gitCli(dir, 'rev-parse', 'main')).toBe(second);
    expect(fs.existsSync(`${dir}/.git/refs/heads/main.lock`)).toBe(false);
  });

  it('creates a branch expected not to exist, and refuses when it does', async () => {
    const { dir, first, second } = await twoCommits();
    await moveBranch({ fs, dir, ref: 'docsync/pull', from: null, to: first });
    expect(gitCli(dir, 'rev-parse', 'refs/heads/docsync/pull')).toBe(first);
    await expect(
      moveBranch({ fs, dir, ref: 'docsync/pull', from: null, to: second }),
    ).rejects.toMatchObject({
      code: 'branch-moved',
      data: { actual: first },
    });
  });

  it('reads a branch that only exists in packed-refs, as after a clone or git gc', async () => {
    const { dir, first, second } = await twoCommits();
    gitCli(dir, 'pack-refs', '--all');
    expect(fs.existsSync(`${dir}/.git/refs/heads/main`)).toBe(false);
    await expect(
      moveBranch({ fs, dir, ref: 'refs/heads/main', from: first, to: first }),
    ).rejects.toBeInstanceOf(BranchMovedError);
    await moveBranch({ fs, dir, ref: 'refs/heads/main', from: second, to: first });
    expect(gitCli(dir, 'rev-parse', 'main')).toBe(first);
    expect(gitCli(dir, 'fsck', '--strict', '--no-dangling')).toBe('');
  });

  it('leaves a branch alone while another process holds its lock', async () => {
    const { dir, first, second } = await twoCommits();
    fs.writeFileSync(`${dir}/.git/refs/heads/main.lock`, '');
    await expect(
      moveBranch({ fs, dir, ref: 'main', from: second, to: first }),
    ).rejects.toBeInstanceOf(RefLockedError);
    expect(gitCli(dir, 'rev-parse', 'main')).toBe(second);
  });

  it('refuses a bad ref name and a target that is not a commit', async () => {
    const { dir, second } = await twoCommits();
    await expect(
      moveBranch({ fs, dir, ref: 'a..b', from: null, to: second }),
    ).rejects.toBeInstanceOf(InvalidRefNameError);
    const tree = gitCli(dir, 'rev-parse', 'main^{tree}');
    await expect(
      moveBranch({ fs, dir, ref: 'main', from: second, to: tree }),
    ).rejects.toBeInstanceOf(CommitNotFoundError);
  });
});
