import { readdir, stat } from 'node:fs/promises';
import { gitBlobId } from '@docsync/core';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreContract } from '../testing/blob-store-contract.js';
import { DirectoryBlobStore } from './blob-store.js';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('blobs');
});
afterEach(async () => {
  await dir.remove();
});

describe('DirectoryBlobStore', () => {
  blobStoreContract(() => Promise.resolve(new DirectoryBlobStore(dir.path)));

  it('lays blobs out as git lays out loose objects', async () => {
    const store = new DirectoryBlobStore(dir.path);
    const id = await store.put(new TextEncoder().encode('hello\n'));
    expect(await readdir(dir.join(id.slice(0, 2)))).toEqual([id.slice(2)]);
  });

  it('keeps its directories (0700) and blobs (0600) to the service’s user', async () => {
    const store = new DirectoryBlobStore(dir.join('blobs'));
    const id = await store.put(new TextEncoder().encode('private\n'));
    const mode = async (path: string) => (await stat(dir.join(path))).mode & 0o777;
    expect(await mode('blobs')).toBe(0o700);
    expect(await mode(`blobs/${id.slice(0, 2)}`)).toBe(0o700);
    expect(await mode(`blobs/${id.slice(0, 2)}/${id.slice(2)}`)).toBe(0o600);
  });

  it('never reads outside its directory', async () => {
    const store = new DirectoryBlobStore(dir.join('blobs'));
    await dir.write('secret', 'not a blob');
    expect(await store.has('../secret')).toBe(false);
    expect(await store.get('../secret')).toBeUndefined();
  });

  const many = (count: number) =>
    Array.from({ length: count }, (_, n) => {
      const bytes = new TextEncoder().encode(`# Page ${String(n)}\n\n${'text '.repeat(n)}\n`);
      return { oid: gitBlobId(bytes), bytes };
    });

  it.each([
    ['by its worker thread', undefined],
    ['one by one when the worker fails', 'throw new Error("no worker here")'],
  ])('puts many blobs at once %s, as put puts each', async (_, writerSource) => {
    const store = new DirectoryBlobStore(dir.join('blobs'), { writerSource });
    const blobs = many(200);
    // One is there already: kept as it is.
    await store.put((blobs[7] as { bytes: Uint8Array }).bytes);
    const before = (
      await stat(
        dir.join(`blobs/${blobs[7]?.oid.slice(0, 2) ?? ''}/${blobs[7]?.oid.slice(2) ?? ''}`),
      )
    ).mtimeMs;
    await store.putMany(blobs);
    await store.putMany(blobs.slice(0, 50));
    for (const blob of blobs) expect(await store.get(blob.oid)).toEqual(blob.bytes);
    const id = blobs[100]?.oid ?? '';
    const mode = async (path: string) => (await stat(dir.join(path))).mode & 0o777;
    expect(await mode(`blobs/${id.slice(0, 2)}`)).toBe(0o700);
    expect(await mode(`blobs/${id.slice(0, 2)}/${id.slice(2)}`)).toBe(0o600);
    const files = (
      await readdir(dir.join('blobs'), { recursive: true, withFileTypes: true })
    ).filter((entry) => entry.isFile());
    expect(files.filter((entry) => entry.name.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(200);
    expect(
      (
        await stat(
          dir.join(`blobs/${blobs[7]?.oid.slice(0, 2) ?? ''}/${blobs[7]?.oid.slice(2) ?? ''}`),
        )
      ).mtimeMs,
    ).toBe(before);
  });

  it('refuses ids that are not blob ids before writing any', async () => {
    const store = new DirectoryBlobStore(dir.join('blobs'));
    const blobs = [...many(40), { oid: '../../escape', bytes: new Uint8Array(1) }];
    await expect(store.putMany(blobs)).rejects.toThrow('not a blob id');
    expect(await readdir(dir.path)).toEqual([]);
  });
});
