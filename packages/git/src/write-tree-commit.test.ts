import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { gitBlobId } from '@docsync/core';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BlobMismatchError,
  BranchMovedError,
  InvalidTreePathError,
  ObjectNotFoundError,
} from './errors.js';
import { readBlobBytes } from './read-blob-bytes.js';
import { readCommitTree } from './read-commit-tree.js';
import { gitCli } from './testing/git-cli.js';
import { writeTreeCommit } from './write-tree-commit.js';

const ada = {
  name: 'Ada Writer',
  email: 'ada@example.test',
  timestamp: 1_780_000_000,
  timezoneOffset: -120,
};
const bot = {
  name: 'docsync',
  email: 'bot@example.test',
  timestamp: 1_780_000_060,
  timezoneOffset: 0,
};
const asset = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 31 + (index >> 8)) % 256);

describe('writeTreeCommit', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });

  const monorepo = async () => {
    const repo = await createGitRepo({
      files: {
        'package.json': '{}\n',
        'src/index.ts': 'export {};\n',
        'docs/old.md': '# Old\n',
        'docs/keep/deep.md': '# Deep\n',
      },
    });
    repos.push(repo);
    return repo;
  };

  it('writes only the changes from the parent, giving the tree git gives for the same change', async () => {
    const repo = await monorepo();
    await repo.writeFiles({ 'docs/keep/other.md': '# Other\n', 'docs/gone/only.md': '# Only\n' });
    // An executable file beside the change: rewritten whole, the docs folder would lose its mode.
    gitCli(repo.dir, 'update-index', '--chmod=+x', 'docs/keep/other.md');
    const parent = await repo.commit('parent');
    const { oid, tree, changed } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files: [
        { path: 'old.md', text: '# Old, edited\n' },
        { path: 'keep/new/deeper.md', text: '# New\n' },
        { path: 'gone/only.md/README.md', text: '# A folder where a file went\n' },
      ],
      changesOnly: { removed: ['keep/deep.md', 'gone/only.md'] },
      message: 'Only the changes',
      author: ada,
    });
    expect(changed).toBe(true);
    // The same change made by git in its index.
    gitCli(repo.dir, 'rm', '-q', '--cached', 'docs/keep/deep.md', 'docs/gone/only.md');
    for (const [path, text] of [
      ['docs/old.md', '# Old, edited\n'],
      ['docs/keep/new/deeper.md', '# New\n'],
      ['docs/gone/only.md/README.md', '# A folder where a file went\n'],
    ] as const) {
      const blob = execFileSync('git', ['-C', repo.dir, 'hash-object', '-w', '--stdin'], {
        input: text,
        encoding: 'utf8',
      }).trim();
      gitCli(repo.dir, 'update-index', '--add', '--cacheinfo', `100644,${blob},${path}`);
    }
    expect(tree).toBe(gitCli(repo.dir, 'write-tree'));
    expect(gitCli(repo.dir, 'ls-tree', '-r', oid, 'docs/keep/other.md')).toMatch(/^100755 /);
    expect(gitCli(repo.dir, 'fsck', '--no-dangling')).toBe('');
  });

  it('drops a folder its last file leaves, and refuses a file where the parent has a folder', async () => {
    const repo = await monorepo();
    const parent = await repo.resolve('main');
    const write = (files: { path: string; text: string }[], removed: string[]) =>
      writeTreeCommit({
        fs,
        dir: repo.dir,
        parents: [parent],
        files,
        changesOnly: { removed },
        message: 'Changes',
        author: ada,
      });
    const { oid } = await write([], ['docs/keep/deep.md']);
    expect(gitCli(repo.dir, 'ls-tree', '-r', '--name-only', oid).split('\n')).toEqual([
      'docs/old.md',
      'package.json',
      'src/index.ts',
    ]);
    await expect(write([{ path: 'docs/keep', text: 'x' }], [])).rejects.toThrow(
      InvalidTreePathError,
    );
    await expect(write([{ path: 'docs/old.md/x.md', text: 'x' }], [])).rejects.toThrow(
      InvalidTreePathError,
    );
  });

  it('writes files into a nested subdirectory, keeping every sibling of the parent tree', async () => {
    const repo = await monorepo();
    const parent = await repo.resolve('main');
    const { oid } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs/en',
      files: [
        { path: 'README.md', text: '# Home\n' },
        { path: 'guide/setup.md', text: '# Setup\n' },
        { path: '.gitbook/assets/diagram.png', bytes: asset },
      ],
      message: 'DOCSYNC-1: Add the English docs',
      author: ada,
      committer: bot,
    });

    expect(gitCli(repo.dir, 'fsck', '--strict', '--no-dangling')).toBe('');
    const listed = gitCli(repo.dir, 'ls-tree', '-r', '--format=%(objectname) %(path)', oid);
    expect(listed.split('\n').sort()).toEqual(
      [
        `${gitBlobId('# Old\n')} docs/old.md`,
        `${gitBlobId('# Deep\n')} docs/keep/deep.md`,
        `${gitBlobId(asset)} docs/en/.gitbook/assets/diagram.png`,
        `${gitBlobId('# Home\n')} docs/en/README.md`,
        `${gitBlobId('# Setup\n')} docs/en/guide/setup.md`,
        `${gitBlobId('{}\n')} package.json`,
        `${gitBlobId('export {};\n')} src/index.ts`,
      ].sort(),
    );
    expect(gitCli(repo.dir, 'rev-parse', `${oid}:src`)).toBe(
      gitCli(repo.dir, 'rev-parse', `${parent}:src`),
    );
    expect(
      gitCli(
        repo.dir,
        'log',
        '-1',
        '--format=%an <%ae> %ad|%cn <%ce> %cd|%s|%P',
        '--date=raw',
        oid,
      ),
    ).toBe(
      `Ada Writer <ada@example.test> 1780000000 +0200|docsync <bot@example.test> 1780000060 +0000|DOCSYNC-1: Add the English docs|${parent}`,
    );
  });

  it('replaces the whole base directory, so files left out are deleted', async () => {
    const repo = await monorepo();
    const { oid } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [await repo.resolve('main')],
      basePath: 'docs',
      files: [{ path: 'new.md', text: '# New\n' }],
      message: 'Replace docs',
      author: ada,
    });
    expect(gitCli(repo.dir, 'ls-tree', '-r', '--name-only', oid)).toBe(
      'docs/new.md\npackage.json\nsrc/index.ts',
    );
    expect(gitCli(repo.dir, 'log', '-1', '--format=%cn', oid)).toBe('Ada Writer');
  });

  it('gives an unchanged tree the parent tree id and says nothing changed', async () => {
    const repo = await monorepo();
    const parent = await repo.resolve('main');
    const { files } = await readCommitTree({ fs, dir: repo.dir, oid: parent, path: 'docs' });
    const written = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files,
      message: 'No-op',
      author: ada,
    });
    expect(written.tree).toBe(gitCli(repo.dir, 'rev-parse', `${parent}^{tree}`));
    expect(written.changed).toBe(false);
  });

  it('round-trips binary asset bytes and reuses blobs the repository already has', async () => {
    const repo = await monorepo();
    const { oid } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [],
      files: [{ path: 'logo.png', bytes: asset, mode: '100755' }],
      message: 'Root commit',
      author: ada,
    });
    const [file] = (await readCommitTree({ fs, dir: repo.dir, oid })).files;
    expect(file).toEqual({
      path: 'logo.png',
      oid: gitBlobId(asset),
      mode: '100755',
      size: asset.byteLength,
    });
    expect(await readBlobBytes({ fs, dir: repo.dir, oid: gitBlobId(asset) })).toEqual(asset);
    expect(gitCli(repo.dir, 'cat-file', '-s', gitBlobId(asset))).toBe(String(asset.byteLength));

    // Given only its id, the blob is found in the repository; nothing has to supply it.
    const again = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [oid],
      files: [{ path: 'copy.png', oid: gitBlobId(asset) }],
      message: 'Copy',
      author: ada,
      readMissingBlob: () => Promise.reject(new Error('not called')),
    });
    expect(gitCli(repo.dir, 'rev-parse', `${again.oid}:copy.png`)).toBe(gitBlobId(asset));
  });

  it('asks for blobs it lacks, checks them against their id, and fails without them', async () => {
    const repo = await monorepo();
    const parents = [await repo.resolve('main')];
    const bytes = new TextEncoder().encode('# Pulled\n');
    const oid = gitBlobId(bytes);
    const base = { fs, dir: repo.dir, parents, basePath: 'docs', message: 'Pull', author: ada };

    await expect(
      writeTreeCommit({ ...base, files: [{ path: 'a.md', oid }] }),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(
      writeTreeCommit({
        ...base,
        files: [{ path: 'a.md', oid }],
        readMissingBlob: () => Promise.resolve(asset),
      }),
    ).rejects.toBeInstanceOf(BlobMismatchError);
    const { oid: commit } = await writeTreeCommit({
      ...base,
      files: [{ path: 'a.md', oid }],
      readMissingBlob: () => Promise.resolve(bytes),
    });
    expect(gitCli(repo.dir, 'show', `${commit}:docs/a.md`)).toBe('# Pulled');
  });

  it('refuses paths git cannot store', async () => {
    const repo = await monorepo();
    const base = { fs, dir: repo.dir, parents: [], message: 'Bad', author: ada };
    for (const files of [
      [{ path: '../escape.md', text: '' }],
      [{ path: 'a//b.md', text: '' }],
      [{ path: '.git/config', text: '' }],
      [
        { path: 'a.md', text: '' },
        { path: 'a.md', text: 'twice' },
      ],
      [
        { path: 'a', text: '' },
        { path: 'a/b.md', text: '' },
      ],
    ]) {
      await expect(writeTreeCommit({ ...base, files })).rejects.toMatchObject({
        code: 'invalid-path',
      });
    }
    await expect(
      writeTreeCommit({ ...base, files: [{ path: '/x.md', text: '' }] }),
    ).rejects.toBeInstanceOf(InvalidTreePathError);
  });

  it('moves the branch to the new commit only while it still points at the parent', async () => {
    const repo = await monorepo();
    const parent = await repo.resolve('main');
    const written = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files: [{ path: 'a.md', text: '# A\n' }],
      message: 'A',
      author: ada,
      ref: 'main',
    });
    expect(gitCli(repo.dir, 'rev-parse', 'main')).toBe(written.oid);

    const stale = writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files: [{ path: 'b.md', text: '# B\n' }],
      message: 'B',
      author: ada,
      ref: 'main',
    });
    await expect(stale).rejects.toBeInstanceOf(BranchMovedError);
    expect(gitCli(repo.dir, 'rev-parse', 'main')).toBe(written.oid);
    // The working directory and the index are left alone.
    expect(fs.existsSync(repo.tempDir.join('docs/a.md'))).toBe(false);
    expect(gitCli(repo.dir, 'ls-files')).toBe(
      'docs/keep/deep.md\ndocs/old.md\npackage.json\nsrc/index.ts',
    );
  });
});
