import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { gitBlobId } from '@docsync/core';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkingTreeDirtyError } from './errors.js';
import type { SyncContext } from './read-sync-state.js';
import type { SyncClient } from './sync-client.js';
import type { SyncTree } from './sync-tree.js';
import { checkWorkingTree, updateWorkingTree } from './update-working-tree.js';

const run = promisify(execFile);

/** A tree of text files by path. */
function treeOf(files: Record<string, string>): SyncTree {
  return new Map(
    Object.entries(files).map(([path, text]) => [
      path,
      { path, oid: gitBlobId(new TextEncoder().encode(text)), text },
    ]),
  );
}

/** `node:fs` without its synchronous calls: what a file system of promises only looks like. */
const promisesOnly = { ...fs, promises: fs.promises } as Record<string, unknown>;
for (const name of ['openSync', 'writeSync', 'fstatSync', 'closeSync', 'mkdirSync', 'existsSync'])
  promisesOnly[name] = undefined;

describe('the working tree of a pull', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  const contextOf = (repo: GitRepo, files: typeof fs = fs): SyncContext => ({
    fs: files,
    dir: repo.dir,
    config: { url: 'http://127.0.0.1:1', space: 'space', branch: 'main', dir: 'docs' },
    client: {} as SyncClient,
  });

  it('finds files a pull would overwrite, in folders that exist, and none in folders that do not', async () => {
    const repo = await createGitRepo({ files: { 'docs/README.md': '# Home\n' } });
    repos.push(repo);
    const before = treeOf({ 'README.md': '# Home\n' });
    const after = treeOf({
      'README.md': '# Home\n',
      'guide/setup.md': '# Setup\n',
      'guide/same.md': '# Same\n',
      'new/deep/page.md': '# Page\n',
    });
    // Untracked: one file with other bytes (would be lost), one with the bytes the pull writes.
    await fs.promises.mkdir(`${repo.dir}/docs/guide`);
    await fs.promises.writeFile(`${repo.dir}/docs/guide/setup.md`, '# Mine\n');
    await fs.promises.writeFile(`${repo.dir}/docs/guide/same.md`, '# Same\n');
    for (const files of [fs, promisesOnly as typeof fs]) {
      const refused = await checkWorkingTree(contextOf(repo, files), before, after).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(WorkingTreeDirtyError);
      expect((refused as WorkingTreeDirtyError).message).toContain('docs/guide/setup.md');
      expect((refused as WorkingTreeDirtyError).message).not.toContain('same.md');
    }
    await fs.promises.rm(`${repo.dir}/docs/guide`, { recursive: true });
    const update = await checkWorkingTree(contextOf(repo), before, after);
    expect(update.paths.sort()).toEqual(['guide/same.md', 'guide/setup.md', 'new/deep/page.md']);
  });

  it('writes and stages files so that git sees them clean, with or without synchronous calls', async () => {
    const after = treeOf({
      'README.md': '# Home, edited\n',
      'guide/setup.md': '# Setup\n',
      'new/deep/page.md': '# Page\n'.repeat(5000),
    });
    const staged: string[] = [];
    for (const files of [fs, promisesOnly as typeof fs]) {
      const repo = await createGitRepo({ files: { 'docs/README.md': '# Home\n' } });
      repos.push(repo);
      const context = contextOf(repo, files);
      const before = treeOf({ 'README.md': '# Home\n' });
      const update = await checkWorkingTree(context, before, after);
      await updateWorkingTree(context, update, after, () => Promise.reject(new Error('no read')));
      for (const [path, file] of after)
        expect(await fs.promises.readFile(`${repo.dir}/docs/${path}`, 'utf8')).toBe(file.text);
      // Entered with the stat of what was written: `diff-files` (which refreshes nothing) finds
      // every entry's stat matching, and no file is left untracked.
      const stale = await run('git', ['diff-files', '--name-only'], { cwd: repo.dir });
      expect(stale.stdout).toBe('');
      const untracked = await run('git', ['ls-files', '--others'], { cwd: repo.dir });
      expect(untracked.stdout).toBe('');
      const diff = await run('git', ['diff', '--cached', '--name-only'], { cwd: repo.dir });
      expect(diff.stdout.split('\n').filter(Boolean).sort()).toEqual([
        'docs/README.md',
        'docs/guide/setup.md',
        'docs/new/deep/page.md',
      ]);
      staged.push((await run('git', ['ls-files', '--stage'], { cwd: repo.dir })).stdout);
    }
    expect(staged[0]).toBe(staged[1]);
  });
});
