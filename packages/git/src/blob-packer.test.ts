import * as fs from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gitBlobId } from '@docsync/core';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobPacker } from './blob-packer.js';
import { missingObjects } from './read-blob-bytes.js';
import { gitCli } from './testing/git-cli.js';

const encoder = new TextEncoder();
const page = (index: number) =>
  encoder.encode(`# Page ${String(index)}\n\n${'Words of a page. '.repeat(index % 40)}\n`);

describe('writing blobs as they arrive', () => {
  const repos: GitRepo[] = [];
  afterEach(async () => {
    await Promise.all(repos.splice(0).map((repo) => repo.remove()));
  });
  const packs = async (repo: GitRepo) =>
    (await readdir(join(repo.dir, '.git', 'objects', 'pack'))).filter((name) =>
      name.endsWith('.idx'),
    );

  it('packs the blobs added, once each, and leaves out bytes that are not the blob named', async () => {
    const repo = await createGitRepo({ files: { 'README.md': '# Repo\n' } });
    repos.push(repo);
    const packer = new BlobPacker({ fs, dir: repo.dir });
    const blobs = Array.from({ length: 300 }, (_, index) => page(index));
    // Less than a megabyte: deflated on this thread, no worker started.
    for (const bytes of blobs) packer.add(gitBlobId(bytes), bytes);
    packer.add(gitBlobId(blobs[0] as Uint8Array), blobs[0] as Uint8Array);
    const wrong = encoder.encode('not what the id says\n');
    packer.add(gitBlobId(page(1_000)), wrong);
    // Nothing is on disk before finish() when the pack is not full.
    expect(await readdir(join(repo.dir, '.git', 'objects', 'pack')).catch(() => [])).toEqual([]);
    await packer.finish();
    expect(packer.sent).toBe(0);

    expect(await packs(repo)).toHaveLength(1);
    gitCli(repo.dir, 'fsck', '--full', '--strict');
    const ids = blobs.map((bytes) => gitBlobId(bytes));
    expect(await missingObjects({ fs, dir: repo.dir, oids: ids })).toEqual(new Set());
    expect(gitCli(repo.dir, 'cat-file', '-p', ids[7] as string)).toBe(
      new TextDecoder().decode(blobs[7]).trimEnd(),
    );
    expect(await missingObjects({ fs, dir: repo.dir, oids: [gitBlobId(page(1_000))] })).toEqual(
      new Set([gitBlobId(page(1_000))]),
    );
    // 300 distinct blobs: the duplicate and the wrong bytes were not packed.
    const verify = gitCli(
      repo.dir,
      'verify-pack',
      '-v',
      join(repo.dir, '.git', 'objects', 'pack', (await packs(repo))[0] as string),
    );
    expect(verify.split('\n').filter((line) => / blob /.test(line))).toHaveLength(300);
  });

  it('starts a new pack each time the bodies reach the size of one', async () => {
    const repo = await createGitRepo({ files: { 'README.md': '# Repo\n' } });
    repos.push(repo);
    const packer = new BlobPacker({ fs, dir: repo.dir }, { packBytes: 20_000 });
    const blobs = Array.from({ length: 200 }, (_, index) => page(index));
    const total = blobs.reduce((sum, bytes) => sum + bytes.byteLength, 0);
    for (const bytes of blobs) packer.add(gitBlobId(bytes), bytes);
    await packer.finish();
    expect((await packs(repo)).length).toBe(Math.ceil(total / 20_000));
    gitCli(repo.dir, 'fsck', '--full', '--strict');
    expect(
      await missingObjects({ fs, dir: repo.dir, oids: blobs.map((bytes) => gitBlobId(bytes)) }),
    ).toEqual(new Set());
  });

  it.each([
    ['a worker thread', undefined],
    ['this thread when the worker fails', 'throw new Error("no zlib here")'],
  ])('deflates megabytes in batches in %s', async (_, workerSource) => {
    const repo = await createGitRepo({ files: { 'README.md': '# Repo\n' } });
    repos.push(repo);
    const packer = new BlobPacker({ fs, dir: repo.dir }, { workerSource });
    // About 3 MB of pages: three batches of a megabyte and the rest.
    const blobs = Array.from({ length: 600 }, (_, index) =>
      encoder.encode(
        `# Page ${String(index)}\n\n${'Words of a longer page. '.repeat(200 + index)}\n`,
      ),
    );
    for (const bytes of blobs) packer.add(gitBlobId(bytes), bytes);
    await packer.finish();
    expect(packer.sent).toBeGreaterThanOrEqual(3);
    expect(await packs(repo)).toHaveLength(1);
    gitCli(repo.dir, 'fsck', '--full', '--strict');
    expect(
      await missingObjects({ fs, dir: repo.dir, oids: blobs.map((bytes) => gitBlobId(bytes)) }),
    ).toEqual(new Set());
    expect(gitCli(repo.dir, 'cat-file', '-p', gitBlobId(blobs[599] as Uint8Array))).toBe(
      new TextDecoder().decode(blobs[599]).trimEnd(),
    );
  });
});
