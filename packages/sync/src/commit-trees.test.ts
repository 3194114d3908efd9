import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitTrees, listingFile, type ListingStore } from './commit-trees.js';
import { readLocalTree } from './read-local-tree.js';

describe('CommitTrees', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('reads other commits as diffs from the first one, giving the trees a listing gives', async () => {
    const repo = await createGitRepo({
      files: {
        'docs/README.md': '# Home\n',
        'docs/guide/setup.md': '# Setup\n',
        'docs/guide/old.md': '# Old\n',
        'src/app.ts': 'export {};\n',
      },
    });
    repos.push(repo);
    const first = await repo.resolve();
    await repo.removeFiles(['docs/guide/old.md']);
    await repo.writeFiles({ 'docs/guide/setup.md': '# Setup, edited\n', 'docs/new.md': '# New\n' });
    const second = await repo.commit('Edit');
    const listed = (oid: string) =>
      readLocalTree({ fs, dir: repo.dir, oid, path: 'docs', text: false });

    const trees = new CommitTrees({ fs, dir: repo.dir }, 'docs');
    const head = await trees.at(second);
    const base = await trees.at(first);

    expect(head).toEqual(await listed(second));
    expect(base).toEqual(await listed(first));
    expect(await trees.at(first)).toBe(base);
    expect(await trees.changes(first, second)).toEqual([
      { path: 'guide/old.md', kind: 'deleted' },
      { path: 'guide/setup.md', kind: 'modified' },
      { path: 'new.md', kind: 'added' },
    ]);
    expect(await trees.ifPresent('0'.repeat(40))).toBeUndefined();
  });

  it('keeps the first commit’s listing for the next sync, which derives its trees from it', async () => {
    const repo = await createGitRepo({
      files: { 'docs/README.md': '# Home\n', 'docs/a.md': '# A\n', 'docs/b.md': '# B\n' },
    });
    repos.push(repo);
    const first = await repo.resolve();
    const listed = (oid: string) =>
      readLocalTree({ fs, dir: repo.dir, oid, path: 'docs', text: false });
    let kept: string | undefined;
    const store: ListingStore = {
      read: () => Promise.resolve(kept),
      write: (text) => {
        kept = text;
        return Promise.resolve();
      },
    };

    expect(await new CommitTrees({ fs, dir: repo.dir }, 'docs', store).at(first)).toEqual(
      await listed(first),
    );
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ path: 'docs', commit: first });

    await repo.writeFiles({ 'docs/a.md': '# A, edited\n', 'docs/c.md': '# C\n' });
    await repo.removeFiles(['docs/b.md']);
    const second = await repo.commit('Edit');
    // A listing that says a blob id git does not hold for the first commit proves the second
    // tree came from the stored listing plus the diff, not from a new listing.
    const stored = JSON.parse(kept ?? '{}') as { files: [string, string][] };
    stored.files = stored.files.map(([path, oid]) => [
      path,
      path === 'README.md' ? 'f'.repeat(40) : oid,
    ]);
    kept = JSON.stringify(stored);
    const derived = await new CommitTrees({ fs, dir: repo.dir }, 'docs', store).at(second);
    expect(derived.get('README.md')?.oid).toBe('f'.repeat(40));
    expect([...derived.keys()].sort()).toEqual([...(await listed(second)).keys()].sort());
    expect(derived.get('a.md')).toEqual((await listed(second)).get('a.md'));
    expect(JSON.parse(kept)).toMatchObject({ commit: second });

    // Unusable listings are ignored: another directory, a commit the repository lacks, no JSON.
    for (const unusable of [
      JSON.stringify({ path: 'other', commit: first, files: [] }),
      JSON.stringify({ path: 'docs', commit: '0'.repeat(40), files: [] }),
      '{ not json',
    ]) {
      kept = unusable;
      expect(await new CommitTrees({ fs, dir: repo.dir }, 'docs', store).at(second)).toEqual(
        await listed(second),
      );
    }
  });

  it('stores the listing in the git directory, and reads nothing when there is none', async () => {
    const repo = await createGitRepo({ files: { 'docs/README.md': '# Home\n' } });
    repos.push(repo);
    const store = listingFile(fs, `${repo.dir}/.git`);
    expect(await store.read()).toBeUndefined();
    const head = await repo.resolve();
    await new CommitTrees({ fs, dir: repo.dir }, 'docs', store).at(head);
    expect(JSON.parse((await store.read()) ?? '{}')).toMatchObject({ commit: head });
  });
});
