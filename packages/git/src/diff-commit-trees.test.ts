import * as fs from 'node:fs';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { diffCommitTrees } from './diff-commit-trees.js';
import { gitCli } from './testing/git-cli.js';

/** `git diff --raw -r --no-renames from to -- docs/` as path → status, git's own answer. */
function gitDiff(dir: string, from: string, to: string): Map<string, string> {
  const rows = gitCli(dir, 'diff', '--raw', '-r', '--no-renames', from, to, '--', 'docs/');
  return new Map(
    rows
      .split('\n')
      .filter((row) => row !== '')
      .map((row) => {
        const [meta = '', path = ''] = row.split('\t');
        const status = meta.split(' ').at(-1) ?? '';
        return [path.slice('docs/'.length), status];
      }),
  );
}

describe('diffCommitTrees', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  it('lists what git diff lists, reading only the subtrees that differ', async () => {
    const repo = await createGitRepo({
      files: {
        'src/app.ts': 'export {};\n',
        'docs/README.md': '# Home\n',
        'docs/guide/setup.md': '# Setup\n',
        'docs/guide/deep/more.md': '# More\n',
        'docs/old/gone.md': '# Gone\n',
        'docs/tool.sh': 'echo\n',
        'docs/unchanged/a.md': '# A\n',
        'docs/thing': 'a file that becomes a folder\n',
      },
    });
    repos.push(repo);
    const from = await repo.resolve();
    await repo.removeFiles(['docs/old/gone.md', 'docs/thing']);
    await repo.writeFiles({
      'src/app.ts': 'export const changed = 1;\n',
      'docs/guide/setup.md': '# Setup, edited\n',
      'docs/new/page.md': '# New\n',
      'docs/thing/inside.md': '# Inside\n',
    });
    gitCli(repo.dir, 'update-index', '--chmod=+x', 'docs/tool.sh');
    const to = await repo.commit('Edit');

    const changes = await diffCommitTrees({
      fs,
      dir: repo.dir,
      from: { oid: from },
      to: { ref: 'main' },
      path: 'docs',
    });

    const expected = gitDiff(repo.dir, from, to);
    const kinds = { A: 'added', M: 'modified', D: 'deleted' } as const;
    expect(changes.map((change) => change.path)).toEqual([...expected.keys()].sort());
    for (const change of changes)
      expect(change.kind).toBe(kinds[expected.get(change.path) as keyof typeof kinds]);
    expect(changes.find((change) => change.path === 'tool.sh')).toMatchObject({
      kind: 'modified',
      mode: '100755',
    });
    const setup = changes.find((change) => change.path === 'guide/setup.md');
    expect(setup?.oid).toBe(gitCli(repo.dir, 'rev-parse', `${to}:docs/guide/setup.md`));
    expect(setup?.previousOid).toBe(gitCli(repo.dir, 'rev-parse', `${from}:docs/guide/setup.md`));
  });

  it('is empty for the same tree and compares a missing directory as empty', async () => {
    const repo = await createGitRepo({ files: { 'src/app.ts': 'export {};\n' } });
    repos.push(repo);
    const from = await repo.resolve();
    expect(
      await diffCommitTrees({ fs, dir: repo.dir, from: { oid: from }, to: { oid: from } }),
    ).toEqual([]);
    await repo.writeFiles({ 'docs/a.md': '# A\n' });
    const to = await repo.commit('Docs');

    const changes = await diffCommitTrees({
      fs,
      dir: repo.dir,
      from: { oid: from },
      to: { oid: to },
      path: 'docs',
    });

    expect(changes).toEqual([
      {
        path: 'a.md',
        kind: 'added',
        oid: gitCli(repo.dir, 'rev-parse', `${to}:docs/a.md`),
        mode: '100644',
      },
    ]);
  });
});
