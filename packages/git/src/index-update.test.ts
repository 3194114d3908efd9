import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { updateIndexEntries } from './index-update.js';
import { markUnmerged } from './mark-unmerged.js';
import { gitCli } from './testing/git-cli.js';
import { stagePaths } from './working-tree.js';

/**
 * The index splice is checked against git itself: the same change staged by `stagePaths` in one
 * copy of a repository and by `git add -f` / `git rm --cached` in another must leave indexes git
 * reads the same way (entries, cache tree, status), starting from indexes git wrote.
 */
describe('updateIndexEntries', () => {
  const temps: TempDir[] = [];
  afterEach(async () => {
    await Promise.all(temps.splice(0).map((temp) => temp.remove()));
  });

  const committed: Record<string, string> = {
    'README.md': 'root\n',
    'docs/a.md': 'a\n',
    'docs/b.md': 'b\n',
    'docs/deep/c.md': 'c\n',
    'docs/deep/er/d.md': 'd\n',
    'docs/other/e.md': 'e\n',
    'docs/other/f.md': 'f\n',
    'notes/g.md': 'g\n',
  };

  /** A repository whose index git wrote (by `git add` and `git commit`: with a cache tree). */
  async function gitRepository(name: string): Promise<string> {
    const temp = await makeTempDir(name);
    temps.push(temp);
    const dir = temp.path;
    gitCli(dir, 'init', '-q', '-b', 'main');
    await writeFiles(dir, committed);
    gitCli(dir, 'add', '-A');
    commitAll(dir, 'one');
    return dir;
  }

  async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  }

  /** The same working-tree change in two copies: `ours` staged by `stagePaths`, `git`'s by git. */
  async function stageBoth(
    ours: string,
    reference: string,
    change: { written: Record<string, string>; removed: string[] },
  ): Promise<void> {
    for (const dir of [ours, reference]) {
      await writeFiles(dir, change.written);
      for (const path of change.removed) await rm(join(dir, path));
    }
    const written = Object.keys(change.written);
    await stagePaths({ fs, dir: ours, written, removed: change.removed });
    if (written.length > 0) gitCli(reference, 'add', '-f', '--', ...written);
    if (change.removed.length > 0) {
      gitCli(reference, 'rm', '-q', '--cached', '--', ...change.removed);
    }
  }

  /** What git reads from a repository's index, for comparing two repositories. */
  function indexAsGitSees(dir: string) {
    return {
      stage: gitCli(dir, 'ls-files', '--stage'),
      diff: gitCli(dir, 'diff-index', '--cached', 'HEAD'),
      status: gitCli(dir, 'status', '--porcelain', '--untracked-files=all'),
      // From the cache tree where it is valid: a tree left valid on a changed path shows here.
      tree: gitCli(dir, 'write-tree'),
    };
  }

  async function copyOf(dir: string, name: string): Promise<string> {
    const temp = await makeTempDir(name);
    temps.push(temp);
    await cp(dir, temp.path, { recursive: true });
    return temp.path;
  }

  it('changes a few entries of an index git wrote, with its cache tree, as git add and git rm --cached do', async () => {
    const ours = await gitRepository('ours');
    const reference = await copyOf(ours, 'reference');
    expect(gitCli(ours, 'ls-files', '--stage')).not.toBe('');
    await stageBoth(ours, reference, {
      written: {
        'docs/a.md': 'a, changed\n',
        'docs/deep/er/d.md': 'd, changed\n',
        'docs/new/h.md': 'new\n',
        'docs/zz.md': 'last\n',
        'aa.md': 'first\n',
      },
      removed: ['docs/other/e.md', 'notes/g.md'],
    });
    const seen = indexAsGitSees(ours);
    expect(seen).toEqual(indexAsGitSees(reference));
    expect(seen.status).toBe(
      [
        'A  aa.md',
        'M  docs/a.md',
        'M  docs/deep/er/d.md',
        'A  docs/new/h.md',
        'D  docs/other/e.md',
        'A  docs/zz.md',
        'D  notes/g.md',
      ].join('\n'),
    );
    expect(gitCli(ours, 'fsck', '--no-dangling')).toBe('');
    commitAll(ours, 'two');
    expect(gitCli(ours, 'status', '--porcelain')).toBe('');
  });

  it('keeps the cache tree of the trees beside the changed path valid and invalidates the ones on it', async () => {
    const ours = await gitRepository('ours');
    const reference = await copyOf(ours, 'reference');
    await stageBoth(ours, reference, {
      written: { 'docs/deep/c.md': 'c, changed\n' },
      removed: [],
    });
    // The root, docs and docs/deep are invalid ("-1"); docs/deep/er, docs/other and notes keep
    // their ids (which `write-tree` then uses as they are).
    expect(cacheTreeOf(await readFile(join(ours, '.git', 'index')))).toEqual([
      { name: '', entries: -1 },
      { name: 'docs', entries: -1 },
      { name: 'deep', entries: -1 },
      { name: 'er', entries: 1 },
      { name: 'other', entries: 2 },
      { name: 'notes', entries: 1 },
    ]);
    expect(indexAsGitSees(ours)).toEqual(indexAsGitSees(reference));
    expect(gitCli(ours, 'fsck', '--no-dangling', '--cache')).toBe('');
  });

  it('resolves unmerged paths by staging the file, as git add does after a conflicted merge', async () => {
    const ours = await gitRepository('ours');
    const blob = (text: string) =>
      execFileSync('git', ['-C', ours, 'hash-object', '-w', '--stdin'], {
        input: text,
        encoding: 'utf8',
      }).trim();
    const sides = {
      base: { oid: blob('base\n') },
      ours: { oid: blob('ours\n') },
      theirs: { oid: blob('theirs\n') },
    };
    expect(await markUnmerged({ dir: ours }, [{ path: 'docs/b.md', ...sides }])).toBe(true);
    expect(await markUnmerged({ dir: ours }, [{ path: 'docs/a.md', ...sides }])).toBe(true);
    const reference = await copyOf(ours, 'reference');
    expect(gitCli(ours, 'ls-files', '--unmerged')).toContain('docs/b.md');
    await stageBoth(ours, reference, { written: { 'docs/b.md': 'resolved\n' }, removed: [] });
    expect(gitCli(ours, 'ls-files', '--stage')).toBe(gitCli(reference, 'ls-files', '--stage'));
    expect(gitCli(ours, 'status', '--porcelain')).toBe(gitCli(reference, 'status', '--porcelain'));
    // docs/a.md is still unmerged, with its three stages in git's order.
    expect(gitCli(ours, 'ls-files', '--unmerged')).toBe(
      gitCli(reference, 'ls-files', '--unmerged'),
    );
    expect(gitCli(ours, 'ls-files', '--unmerged').split('\n')).toHaveLength(3);
  });

  it('writes a new index in a repository without one (a first pull), as git add does', async () => {
    const temp = await makeTempDir('empty');
    temps.push(temp);
    gitCli(temp.path, 'init', '-q', '-b', 'main');
    const reference = await copyOf(temp.path, 'reference');
    await stageBoth(temp.path, reference, { written: committed, removed: [] });
    expect(gitCli(temp.path, 'ls-files', '--stage')).toBe(gitCli(reference, 'ls-files', '--stage'));
    expect(gitCli(temp.path, 'status', '--porcelain')).toBe(
      gitCli(reference, 'status', '--porcelain'),
    );
    expect(gitCli(temp.path, 'write-tree')).toBe(gitCli(reference, 'write-tree'));
  });

  it.each([
    ['version', ['update-index', '--index-version', '4']],
    ['required-extension', ['update-index', '--split-index']],
  ] as const)('leaves an index it does not splice (%s) untouched', async (reason, command) => {
    const ours = await gitRepository('ours');
    gitCli(ours, ...command);
    const before = await readFile(join(ours, '.git', 'index'));
    await writeFiles(ours, { 'docs/a.md': 'changed\n' });
    const stats = fs.statSync(join(ours, 'docs/a.md'));
    const oid = gitCli(ours, 'hash-object', '-w', 'docs/a.md');
    expect(
      await updateIndexEntries(join(ours, '.git'), {
        written: [{ path: 'docs/a.md', oid, stats }],
        removed: [],
      }),
    ).toBe(reason);
    expect(await readFile(join(ours, '.git', 'index'))).toEqual(before);
  });

  it('leaves the index alone while git holds its lock', async () => {
    const ours = await gitRepository('ours');
    await writeFile(join(ours, '.git', 'index.lock'), '');
    const before = await readFile(join(ours, '.git', 'index'));
    const stats = fs.statSync(join(ours, 'docs/a.md'));
    expect(
      await updateIndexEntries(join(ours, '.git'), {
        written: [{ path: 'docs/a.md', oid: gitCli(ours, 'hash-object', 'docs/a.md'), stats }],
        removed: [],
      }),
    ).toBe('locked');
    expect(await readFile(join(ours, '.git', 'index'))).toEqual(before);
  });
});

/** Commits the index with real git. */
function commitAll(dir: string, message: string): void {
  gitCli(
    dir,
    '-c',
    'user.name=T',
    '-c',
    'user.email=t@example.test',
    'commit',
    '-q',
    '-m',
    message,
  );
}

/** The cache tree's trees in order, with their entry counts (-1: invalid). */
function cacheTreeOf(index: Uint8Array): { name: string; entries: number }[] {
  const text = Buffer.from(index);
  const at = text.indexOf('TREE');
  expect(at).toBeGreaterThan(0);
  const size = text.readUInt32BE(at + 4);
  const data = text.subarray(at + 8, at + 8 + size);
  const trees: { name: string; entries: number }[] = [];
  for (let position = 0; position < data.length;) {
    const nul = data.indexOf(0, position);
    const newline = data.indexOf(0x0a, nul);
    const entries = Number(
      data
        .subarray(nul + 1, newline)
        .toString()
        .split(' ')[0],
    );
    trees.push({ name: data.subarray(position, nul).toString(), entries });
    position = newline + 1 + (entries >= 0 ? 20 : 0);
  }
  return trees;
}
