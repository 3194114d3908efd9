import { existsSync, utimesSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverStaleLocks } from './recover-stale-locks.js';

let repo: GitRepo;
beforeEach(async () => {
  repo = await createGitRepo({ files: { 'README.md': '# x\n' } });
});
afterEach(async () => {
  await repo.remove();
});

async function lock(path: string, ageMs: number): Promise<string> {
  const full = repo.tempDir.join(path);
  await repo.tempDir.write(path, '');
  const when = new Date(Date.now() - ageMs);
  utimesSync(full, when, when);
  return full;
}

describe('recoverStaleLocks', () => {
  it('removes old index, HEAD and ref locks, and leaves young ones', async () => {
    const index = await lock('.git/index.lock', 60_000);
    const ref = await lock('.git/refs/heads/feature/x.lock', 60_000);
    const young = await lock('.git/HEAD.lock', 1_000);
    const removed = await recoverStaleLocks(repo.dir, { staleAfterMs: 10_000, now: Date.now });
    expect(removed.sort()).toEqual([index, ref].sort());
    expect(existsSync(index) || existsSync(ref)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });

  it('leaves an old lock that a process still holds open', async () => {
    const held = await lock('.git/index.lock', 60_000);
    const handle = await open(held, 'r');
    try {
      const removed = await recoverStaleLocks(repo.dir, { staleAfterMs: 10_000, now: Date.now });
      expect(removed).toEqual([]);
      expect(existsSync(held)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('does nothing in a repository without locks', async () => {
    expect(await recoverStaleLocks(repo.dir, { staleAfterMs: 0, now: Date.now })).toEqual([]);
  });
});
