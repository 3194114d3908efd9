import * as fs from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCli } from './testing/git-cli.js';
import { stagePaths } from './working-tree.js';

describe('stagePaths', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('stages written and deleted files in one index write, as git add -f and git rm --cached do', async () => {
    const repo = await createGitRepo({
      files: { '.gitignore': 'ignored/\n', 'kept.md': 'kept\n', 'gone.md': 'gone\n' },
    });
    repos.push(repo);
    await repo.commit('first');
    const written = ['kept.md', 'docs/new.md', 'ignored/page.md', 'docs/deep/er/asset.bin'];
    const contents = ['changed\n', '# New\n', '# Ignored, but from a commit\n', '\u0000\u0001'];
    for (const [index, path] of written.entries()) {
      await mkdir(join(repo.dir, path, '..'), { recursive: true });
      await writeFile(join(repo.dir, path), contents[index] ?? '');
    }
    await rm(join(repo.dir, 'gone.md'));
    await stagePaths({ fs, dir: repo.dir, written, removed: ['gone.md'] });

    // Real git agrees: everything staged, nothing left in the working tree, blobs present.
    expect(gitCli(repo.dir, 'status', '--porcelain').split('\n').sort()).toEqual([
      'A  docs/deep/er/asset.bin',
      'A  docs/new.md',
      'A  ignored/page.md',
      'D  gone.md',
      'M  kept.md',
    ]);
    expect(gitCli(repo.dir, 'diff', '--stat')).toBe('');
    expect(gitCli(repo.dir, 'show', ':docs/new.md')).toBe('# New');
    expect(gitCli(repo.dir, 'fsck', '--no-dangling')).toBe('');
  });

  it('leaves the index untouched when there is nothing to stage', async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'a\n' } });
    repos.push(repo);
    await repo.commit('first');
    const before = fs.readFileSync(join(repo.dir, '.git', 'index'));
    await stagePaths({ fs, dir: repo.dir, written: [], removed: [] });
    expect(fs.readFileSync(join(repo.dir, '.git', 'index'))).toEqual(before);
  });
});
