import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { objectId } from './object-store.js';
import { missingObjects } from './read-blob-bytes.js';
import { gitCli } from './testing/git-cli.js';

/** Writes `count` blobs with git itself (loose objects) and returns their ids. */
function hashObjects(repo: GitRepo, prefix: string, count: number): string[] {
  const paths = Array.from({ length: count }, (_, index) => {
    const path = `${repo.dir}/${prefix}-${String(index)}.txt`;
    fs.writeFileSync(path, `${prefix} ${String(index)}\n`);
    return path;
  });
  return gitCli(repo.dir, 'hash-object', '-w', ...paths).split('\n');
}

/** Ids of blobs no repository has. */
function absentIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    objectId('blob', Buffer.from(`never written ${String(index)}\n`)),
  );
}

describe('missingObjects', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  // A few ids are looked for with a stat each, many with a listing of their folders: both must
  // tell packed, loose and absent objects apart as git does.
  it.each([
    ['few', 5],
    ['many', 400],
  ])('finds packed and loose objects and names the absent ones (%s asked)', async (_, count) => {
    const repo = await createGitRepo({ files: { 'README.md': '# Repo\n' } });
    repos.push(repo);
    const packed = hashObjects(repo, 'packed', count);
    gitCli(repo.dir, 'repack', '-a', '-d', '-q');
    const loose = hashObjects(repo, 'loose', count);
    const absent = absentIds(count);
    for (const oid of [...packed.slice(0, 2), ...loose.slice(0, 2)])
      expect(gitCli(repo.dir, 'cat-file', '-t', oid)).toBe('blob');

    const found = await missingObjects({
      fs,
      dir: repo.dir,
      cache: {},
      oids: [...loose, ...absent, ...packed, ...absent.slice(0, 3)],
    });
    expect([...found].sort()).toEqual([...absent].sort());
  });

  it('finds every id absent in a repository whose objects folder has no loose folders', async () => {
    const repo = await createGitRepo({ files: { 'README.md': '# Repo\n' } });
    repos.push(repo);
    gitCli(repo.dir, 'repack', '-a', '-d', '-q');
    gitCli(repo.dir, 'prune');
    const absent = absentIds(300);
    const found = await missingObjects({ fs, dir: repo.dir, cache: {}, oids: absent });
    expect(found).toEqual(new Set(absent));
  });
});
