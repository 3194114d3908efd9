import * as fs from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCli } from './testing/git-cli.js';
import { checkoutPathChanges, stagePaths } from './working-tree.js';

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

  it('enters a written file with the blob id its writer gives, reading back only ids the repository lacks', async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'a\n' } });
    repos.push(repo);
    await repo.commit('first');
    const contents = { 'b.md': '# B\n', 'c.md': '# C\n', 'd.md': '# D\n' };
    for (const [path, text] of Object.entries(contents))
      await writeFile(join(repo.dir, path), text);
    const b = gitCli(repo.dir, 'hash-object', '-w', 'b.md');
    const absent = '1'.repeat(40);
    await stagePaths({
      fs,
      dir: repo.dir,
      written: ['b.md', 'c.md', 'd.md'],
      removed: [],
      // d.md's id is b.md's: taken as given (the writer knows what it wrote), not read back.
      oids: new Map([
        ['b.md', b],
        ['c.md', absent],
        ['d.md', b],
      ]),
    });
    expect(gitCli(repo.dir, 'ls-files', '-s', 'b.md', 'd.md')).toBe(
      `100644 ${b} 0\tb.md\n100644 ${b} 0\td.md`,
    );
    // c.md's given id is not in the repository: read back, hashed and its blob written.
    expect(gitCli(repo.dir, 'show', ':c.md')).toBe('# C');
    // Not `git diff`: d.md's entry has the file's own stat, so git trusts it and reports d.md
    // only when the index was written within the file's mtime second (racy git).
    expect(gitCli(repo.dir, 'hash-object', 'd.md')).not.toBe(b);
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

  it('brings a folder from one commit to another writing only what differs, as git checkout does', async () => {
    const repo = await createGitRepo({
      files: {
        'docs/kept.md': 'kept\n',
        'docs/changed.md': 'before\n',
        'docs/old/only.md': 'goes, and its folder with it\n',
        'docs/page.md': 'becomes a folder\n',
        'other.md': 'outside\n',
      },
    });
    repos.push(repo);
    const from = await repo.commit('from');
    await repo.removeFiles(['docs/old/only.md', 'docs/page.md']);
    await repo.writeFiles({
      'docs/changed.md': 'after\n',
      'docs/new/deep/added.md': 'added\n',
      'docs/page.md/README.md': 'a folder now\n',
    });
    const to = await repo.commit('to');
    // The working tree and index back at `from`, HEAD on `to`: as after a branch move.
    gitCli(repo.dir, 'read-tree', '-u', '--reset', from);
    gitCli(repo.dir, 'reset', '-q', '--soft', to);
    expect(gitCli(repo.dir, 'status', '--porcelain')).not.toBe('');

    await checkoutPathChanges({ fs, dir: repo.dir, from, to, path: 'docs' });
    expect(gitCli(repo.dir, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(fs.existsSync(join(repo.dir, 'docs/old'))).toBe(false);
    expect(fs.readFileSync(join(repo.dir, 'docs/page.md/README.md'), 'utf8')).toBe(
      'a folder now\n',
    );
    expect(fs.readFileSync(join(repo.dir, 'docs/changed.md'), 'utf8')).toBe('after\n');
  });
});
