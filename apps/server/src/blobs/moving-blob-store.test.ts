import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreContract } from '../testing/blob-store-contract.js';
import { DirectoryBlobStore } from './blob-store.js';
import { MovingBlobStore } from './moving-blob-store.js';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('moving-blobs');
});
afterEach(async () => {
  await dir.remove();
});

describe('MovingBlobStore', () => {
  blobStoreContract(() =>
    Promise.resolve(
      new MovingBlobStore(
        new DirectoryBlobStore(dir.join('new')),
        new DirectoryBlobStore(dir.join('old')),
      ),
    ),
  );

  it('writes to the new store, and moves in what the previous one held as it is read', async () => {
    const previous = new DirectoryBlobStore(dir.join('old'));
    const store = new DirectoryBlobStore(dir.join('new'));
    const moving = new MovingBlobStore(store, previous);
    const earlier = new TextEncoder().encode('kept by an earlier configuration\n');
    const earlierId = await previous.put(earlier);

    expect(await moving.size(earlierId)).toBe(earlier.byteLength);
    expect(await moving.has(earlierId)).toBe(true);
    expect(await store.has(earlierId)).toBe(false);
    expect(await moving.get(earlierId)).toEqual(earlier);
    expect(await store.get(earlierId)).toEqual(earlier);

    const id = await moving.put(new TextEncoder().encode('new\n'));
    expect(await store.has(id)).toBe(true);
    expect(await previous.has(id)).toBe(false);
  });

  it('moves in only bytes that hash to the id asked for', async () => {
    const store = new DirectoryBlobStore(dir.join('new'));
    const id = await new DirectoryBlobStore(dir.join('old')).put(new TextEncoder().encode('a\n'));
    const corrupt = new TextEncoder().encode('b\n');
    const lying = {
      has: () => Promise.resolve(true),
      size: () => Promise.resolve(corrupt.byteLength),
      put: () => Promise.reject(new Error('read only')),
      get: () => Promise.resolve(corrupt),
    };
    await new MovingBlobStore(store, lying).get(id);
    expect(await store.has(id)).toBe(false);
  });
});
