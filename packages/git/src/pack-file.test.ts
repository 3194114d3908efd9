import * as fs from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { objectId, PACK_THRESHOLD } from './object-store.js';
import { PARALLEL_BYTES } from './deflate-bodies.js';
import { encodePack, type PackObject } from './pack-file.js';
import { readCommitTree } from './read-commit-tree.js';
import { gitCli } from './testing/git-cli.js';
import { writeTreeCommit } from './write-tree-commit.js';

const ada = { name: 'Ada Writer', email: 'ada@example.test', timestamp: 1_780_000_000 };

/** Blobs of sizes around the header's size boundaries (15/16, 2,047/2,048 bytes), and empty. */
function blobs(count: number): PackObject[] {
  return Array.from({ length: count }, (_, index) => {
    const size = [0, 15, 16, 2047, 2048, 70_000][index % 6] ?? 0;
    const body = Buffer.alloc(size + index, `blob ${String(index)} `);
    return { oid: objectId('blob', body), type: 'blob', body };
  });
}

describe('packs of new objects', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });
  const repository = async (files: Record<string, string> = { 'README.md': '# Repo\n' }) => {
    const repo = await createGitRepo({ files });
    repos.push(repo);
    return repo;
  };
  const packDir = (repo: GitRepo) => join(repo.dir, '.git', 'objects', 'pack');
  const looseCount = (repo: GitRepo) =>
    Number(/^count: (\d+)$/m.exec(gitCli(repo.dir, 'count-objects', '-v'))?.[1]);

  it('encodes a pack git reads, with the index git index-pack writes for it, byte for byte', async () => {
    const repo = await repository();
    const objects = blobs(150);
    const { name, pack, index } = encodePack(objects);
    const packPath = join(repo.dir, `pack-${name}.pack`);
    await writeFile(packPath, pack);
    const gitIndex = join(repo.dir, 'by-git.idx');
    // index-pack checks every entry (header, zlib stream, the trailer's checksum) and names the
    // pack by that checksum.
    expect(gitCli(repo.dir, 'index-pack', '-o', gitIndex, packPath)).toBe(name);
    expect(Buffer.compare(await readFile(gitIndex), index)).toBe(0);

    await writeFile(join(packDir(repo), `pack-${name}.pack`), pack);
    await writeFile(join(packDir(repo), `pack-${name}.idx`), index);
    gitCli(repo.dir, 'verify-pack', join(packDir(repo), `pack-${name}.idx`));
    for (const object of [objects[0], objects[4], objects[149]] as PackObject[]) {
      const read = await git.readBlob({ fs, dir: repo.dir, oid: object.oid, cache: {} });
      expect(Buffer.compare(Buffer.from(read.blob), Buffer.from(object.body))).toBe(0);
      expect(gitCli(repo.dir, 'cat-file', '-s', object.oid)).toBe(String(object.body.byteLength));
    }
  });

  it('writes a tree of many new files as one pack, and reads and rewrites it without loose blobs', async () => {
    const repo = await repository();
    const parent = await repo.resolve('main');
    const files = Array.from({ length: 3 * PACK_THRESHOLD }, (_, index) => ({
      path: `section-${String(index % 7)}/page-${String(index)}.md`,
      text: `# Page ${String(index)}\n\nBody of page ${String(index)}.\n`,
    }));
    const loose = looseCount(repo);
    const { oid } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files,
      message: 'Pages\n',
      author: ada,
      ref: 'refs/heads/main',
    });
    // The 300 blobs are packed; the trees are fewer than the threshold (the docs directory, its
    // seven sections, the root), loose like the commit.
    expect((await readdir(packDir(repo))).filter((file) => file.endsWith('.idx'))).toHaveLength(1);
    expect(looseCount(repo) - loose).toBe(10);
    gitCli(repo.dir, 'fsck', '--full', '--strict', '--no-dangling');
    expect(gitCli(repo.dir, 'cat-file', '-p', `${oid}:docs/section-3/page-3.md`)).toBe(
      '# Page 3\n\nBody of page 3.',
    );
    const listed = gitCli(repo.dir, 'ls-tree', '-r', '--name-only', oid, 'docs').split('\n');
    expect(listed).toHaveLength(files.length);
    const tree = await readCommitTree({ fs, dir: repo.dir, oid, path: 'docs', cache: {} });
    expect(tree.files.find((file) => file.path === 'section-0/page-7.md')?.text).toBe(
      files[7]?.text,
    );

    // The same files again and one new page: nothing packed twice, the one blob written loose.
    const again = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [oid],
      basePath: 'docs',
      files: [...files, { path: 'new.md', text: '# New\n' }],
      message: 'One more\n',
      author: ada,
      ref: 'refs/heads/main',
    });
    expect((await readdir(packDir(repo))).filter((file) => file.endsWith('.idx'))).toHaveLength(1);
    expect(looseCount(repo) - loose).toBe(10 + 4);
    gitCli(repo.dir, 'fsck', '--full', '--strict', '--no-dangling');
    expect(gitCli(repo.dir, 'cat-file', '-p', `${again.oid}:docs/new.md`)).toBe('# New');
  });

  it('packs many megabytes (deflated by this thread and a worker) as git reads them', async () => {
    const repo = await repository();
    const parent = await repo.resolve('main');
    // 700 pages of about 7 kB: past PARALLEL_BYTES, so a worker deflates the last part.
    const files = Array.from({ length: 700 }, (_, index) => ({
      path: `part-${String(index % 5)}/page-${String(index)}.md`,
      text: `# Page ${String(index)}\n\n${`Words of page ${String(index)}, some repeated. `.repeat(200)}\n`,
    }));
    expect(files.reduce((sum, file) => sum + file.text.length, 0)).toBeGreaterThan(PARALLEL_BYTES);
    const { oid } = await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files,
      message: 'Many pages\n',
      author: ada,
    });
    expect((await readdir(packDir(repo))).filter((file) => file.endsWith('.idx'))).toHaveLength(1);
    gitCli(repo.dir, 'fsck', '--full', '--strict', '--no-dangling');
    // (git's output as gitCli returns it: without its trailing white space.)
    for (const index of [0, 350, 699])
      expect(gitCli(repo.dir, 'cat-file', '-p', `${oid}:docs/${files[index]?.path ?? ''}`)).toBe(
        files[index]?.text.trimEnd(),
      );
  });

  it('writes fewer new objects than the threshold loose, as git unpacks a small fetch', async () => {
    const repo = await repository();
    const parent = await repo.resolve('main');
    const loose = looseCount(repo);
    const files = Array.from({ length: 10 }, (_, index) => ({
      path: `page-${String(index)}.md`,
      text: `# ${String(index)}\n`,
    }));
    await writeTreeCommit({
      fs,
      dir: repo.dir,
      parents: [parent],
      basePath: 'docs',
      files,
      message: 'Ten\n',
      author: ada,
    });
    expect(await readdir(packDir(repo)).catch(() => [])).toEqual([]);
    // Ten blobs, the docs tree, the root tree, the commit.
    expect(looseCount(repo) - loose).toBe(13);
    gitCli(repo.dir, 'fsck', '--full', '--strict', '--no-dangling');
  });
});
