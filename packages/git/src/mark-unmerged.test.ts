import { execFileSync } from 'node:child_process';
import { createGitRepo, makeTempDir, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { markUnmerged } from './mark-unmerged.js';
import { gitCli } from './testing/git-cli.js';

describe('markUnmerged', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('leaves the index as git leaves a conflicted merge: stages 1-3, or 1-2 for a deletion', async () => {
    const repo = await createGitRepo({ files: { 'a.md': 'base\n', 'b.md': 'base\n' } });
    repos.push(repo);
    const oid = (text: string) =>
      execFileSync('git', ['-C', repo.dir, 'hash-object', '-w', '--stdin'], {
        input: text,
        encoding: 'utf8',
      }).trim();
    const [base, ours, theirs] = [oid('base\n'), oid('ours\n'), oid('theirs\n')];
    await repo.writeFiles({ 'a.md': '<<<<<<< ours\nours\n=======\ntheirs\n>>>>>>> theirs\n' });
    expect(
      await markUnmerged({ dir: repo.dir }, [
        { path: 'a.md', base: { oid: base }, ours: { oid: ours }, theirs: { oid: theirs } },
        { path: 'b.md', base: { oid: base }, ours: { oid: ours } },
      ]),
    ).toBe(true);
    expect(gitCli(repo.dir, 'ls-files', '--unmerged').split('\n')).toEqual([
      `100644 ${base} 1\ta.md`,
      `100644 ${ours} 2\ta.md`,
      `100644 ${theirs} 3\ta.md`,
      `100644 ${base} 1\tb.md`,
      `100644 ${ours} 2\tb.md`,
    ]);
    expect(gitCli(repo.dir, 'status', '--porcelain')).toBe('UU a.md\nUD b.md');
  });

  it('changes nothing and says so where there is no repository on disk', async () => {
    const dir = await makeTempDir('not-a-repo');
    try {
      expect(
        await markUnmerged({ dir: dir.path }, [{ path: 'a.md', ours: { oid: 'a'.repeat(40) } }]),
      ).toBe(false);
    } finally {
      await dir.remove();
    }
  });
});
