import { readdir, stat } from 'node:fs/promises';
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
});
