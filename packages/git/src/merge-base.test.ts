import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { findMergeBase, isAncestor } from './merge-base.js';
import { gitCli } from './testing/git-cli.js';

describe('findMergeBase and isAncestor', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('finds where two diverged branches split, as git merge-base does', async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'a\n' } });
    repos.push(repo);
    await repo.writeFiles({ 'b.md': 'b\n' });
    const base = await repo.commit('base');
    await repo.branch('docs', { checkout: true });
    await repo.writeFiles({ 'c.md': 'c\n' });
    await repo.commit('docs 1');
    const docs = await repo.commit('docs 2');
    await repo.checkout('main');
    await repo.writeFiles({ 'd.md': 'd\n' });
    const main = await repo.commit('main 1');

    const found = await findMergeBase({ fs, dir: repo.dir, oids: [main, docs] });
    expect(found).toBe(base);
    expect(found).toBe(gitCli(repo.dir, 'merge-base', main, docs));
    expect(await isAncestor({ fs, dir: repo.dir, ancestor: base, descendant: docs })).toBe(true);
    expect(await isAncestor({ fs, dir: repo.dir, ancestor: main, descendant: docs })).toBe(false);
    expect(await isAncestor({ fs, dir: repo.dir, ancestor: docs, descendant: docs })).toBe(true);
  });

  it('answers null for histories that never meet, and fails on an unknown commit', async () => {
    const one = await createGitRepo({ files: { 'a.md': 'a\n' } });
    repos.push(one);
    const first = await one.resolve();
    const dir = one.dir;
    gitCli(dir, 'checkout', '-q', '--orphan', 'island');
    gitCli(
      dir,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.test',
      'commit',
      '-q',
      '-m',
      'island',
    );
    const island = gitCli(dir, 'rev-parse', 'HEAD');

    expect(await findMergeBase({ fs, dir, oids: [first, island] })).toBeNull();
    await expect(
      findMergeBase({ fs, dir, oids: [first, '0123456789012345678901234567890123456789'] }),
    ).rejects.toMatchObject({ code: 'commit-not-found' });
  });
});
