import * as fs from 'node:fs';
import { gitBlobId } from '@docsync/core';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitNotFoundError, InvalidTreePathError, RefNotFoundError } from './errors.js';
import { readBlobBytes } from './read-blob-bytes.js';
import { readCommitTree } from './read-commit-tree.js';
import { gitCli } from './testing/git-cli.js';

const png = Uint8Array.from({ length: 3000 }, (_, index) => (index * 7919) % 256);

/** `git ls-tree -r -l` as path → {oid, size}: git's own answer for every blob. */
function lsTree(dir: string, treeish: string): Map<string, { oid: string; size: number }> {
  const rows = gitCli(dir, 'ls-tree', '-r', '-l', treeish).split('\n');
  return new Map(
    rows.map((row) => {
      const [meta = '', path = ''] = row.split('\t');
      const [, , oid = '', size = ''] = meta.split(/\s+/);
      return [path, { oid, size: Number(size) }];
    }),
  );
}

describe('readCommitTree', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  const docsRepo = async () => {
    const repo = await createGitRepo({
      files: {
        'src/app.ts': 'export {};\n',
        'docs/README.md': '\uFEFF# Home\r\n',
        'docs/.gitbook.yaml': 'root: ./\n',
        'docs/guide/setup.md': '# Setup\n',
        'docs/.gitbook/assets/logo.png': png,
      },
    });
    repos.push(repo);
    return repo;
  };

  it('reads a subdirectory with paths relative to it, blob ids and sizes as git reports them', async () => {
    const repo = await docsRepo();
    const { commit, files } = await readCommitTree({
      fs,
      dir: repo.dir,
      ref: 'main',
      path: 'docs',
    });

    expect(commit.oid).toBe(gitCli(repo.dir, 'rev-parse', 'main'));
    expect(commit.message).toBe('Initial commit\n');
    expect(files.map((file) => file.path)).toEqual([
      '.gitbook.yaml',
      '.gitbook/assets/logo.png',
      'README.md',
      'guide/setup.md',
    ]);
    const git = lsTree(repo.dir, 'main:docs');
    for (const file of files) {
      expect({ oid: file.oid, size: file.size }).toEqual(git.get(file.path));
    }
  });

  it('loads text only for markdown and YAML, keeping a BOM and CRLF byte for byte', async () => {
    const repo = await docsRepo();
    const { files } = await readCommitTree({ fs, dir: repo.dir, ref: 'main', path: 'docs' });
    const byPath = new Map(files.map((file) => [file.path, file]));

    expect(byPath.get('README.md')?.text).toBe('\uFEFF# Home\r\n');
    expect(gitBlobId(byPath.get('README.md')?.text ?? '')).toBe(byPath.get('README.md')?.oid);
    expect(byPath.get('.gitbook.yaml')?.text).toBe('root: ./\n');
    expect(byPath.get('.gitbook/assets/logo.png')).not.toHaveProperty('text');
  });

  it('leaves a markdown file that is not UTF-8 without text rather than altering it', async () => {
    const repo = await createGitRepo({
      files: { 'latin1.md': Uint8Array.of(0x63, 0x61, 0x66, 0xe9) },
    });
    repos.push(repo);
    const { files } = await readCommitTree({ fs, dir: repo.dir, ref: 'HEAD' });
    expect(files).toEqual([
      {
        path: 'latin1.md',
        oid: gitBlobId(Uint8Array.of(0x63, 0x61, 0x66, 0xe9)),
        mode: '100644',
        size: 4,
      },
    ]);
  });

  it('reads a packed repository, delta chains included, the same as git does', async () => {
    const repo = await docsRepo();
    // Successive edits of the same pages make `git repack` store them as deltas.
    for (let round = 1; round <= 4; round++) {
      await repo.writeFiles({
        'docs/guide/setup.md': `# Setup\n\n${'Install the tool and run it.\n'.repeat(40 + round)}`,
        'docs/.gitbook/assets/logo.png': Uint8Array.from([...png, round]),
      });
      await repo.commit(`Edit ${round}`);
    }
    gitCli(repo.dir, 'repack', '-a', '-d', '-f', '--depth=10', '-q');
    gitCli(repo.dir, 'prune-packed');
    expect(gitCli(repo.dir, 'count-objects', '-v')).toMatch(/^count: 0$/m);
    const packDir = `${repo.dir}/.git/objects/pack`;
    const [index = ''] = fs.readdirSync(packDir).filter((name) => name.endsWith('.idx'));
    expect(gitCli(repo.dir, 'verify-pack', '-v', `${packDir}/${index}`)).toMatch(
      /chain length = [1-9]/,
    );

    const { files } = await readCommitTree({ fs, dir: repo.dir, ref: 'main', path: 'docs' });
    const git = lsTree(repo.dir, 'main:docs');
    for (const file of files) {
      expect({ oid: file.oid, size: file.size }).toEqual(git.get(file.path));
      if (file.text !== undefined) expect(gitBlobId(file.text)).toBe(file.oid);
    }
    const old = lsTree(repo.dir, 'main~2:docs').get('guide/setup.md')?.oid ?? '';
    const bytes = await readBlobBytes({ fs, dir: repo.dir, oid: old });
    expect(gitBlobId(bytes)).toBe(old);
  });

  it('reads a directory the commit does not have as no files', async () => {
    const repo = await docsRepo();
    const tree = await readCommitTree({ fs, dir: repo.dir, ref: 'main', path: 'manual' });
    expect(tree.files).toEqual([]);
  });

  it('refuses a path that names a file, an unknown ref and an unknown commit', async () => {
    const repo = await docsRepo();
    const dir = repo.dir;
    await expect(
      readCommitTree({ fs, dir, ref: 'main', path: 'src/app.ts' }),
    ).rejects.toBeInstanceOf(InvalidTreePathError);
    await expect(readCommitTree({ fs, dir, ref: 'nope' })).rejects.toMatchObject({
      code: 'ref-not-found',
    });
    await expect(readCommitTree({ fs, dir, ref: 'nope' })).rejects.toBeInstanceOf(RefNotFoundError);
    const missing = '0123456789012345678901234567890123456789';
    await expect(readCommitTree({ fs, dir, oid: missing })).rejects.toBeInstanceOf(
      CommitNotFoundError,
    );
  });
});
