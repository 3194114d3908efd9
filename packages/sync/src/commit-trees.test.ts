import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitTrees } from './commit-trees.js';
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
});
