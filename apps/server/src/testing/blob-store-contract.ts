import { gitBlobId } from '@docsync/core';
import { expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.js';

/** `git hash-object` of "hello\n". */
const HELLO_ID = 'ce013625030ba8dba906f756967f9e9ca394464a';

/**
 * Registers, in the calling `describe`, the cases every {@link BlobStore} passes whatever keeps
 * the bytes. `open` gives a new, empty store for each case (the caller cleans up after it).
 */
export function blobStoreContract(open: () => Promise<BlobStore>): void {
  it('stores bytes under their git blob id, gives them back, and stores them once', async () => {
    const store = await open();
    const bytes = new TextEncoder().encode('hello\n');
    expect(await store.has(HELLO_ID)).toBe(false);
    expect(await store.size(HELLO_ID)).toBeUndefined();
    expect(await store.get(HELLO_ID)).toBeUndefined();
    const id = await store.put(bytes);
    expect(id).toBe(HELLO_ID);
    expect(await store.has(id)).toBe(true);
    expect(await store.size(id)).toBe(6);
    expect(await store.get(id)).toEqual(bytes);
    expect(await store.put(bytes)).toBe(id);
    expect(await store.get(id)).toEqual(bytes);
  });

  it('keeps every byte value, an empty file, and bytes put by several callers at once', async () => {
    const store = await open();
    const binary = new Uint8Array(70_000).map((_, n) => (n * 7) % 256);
    const ids = await Promise.all([1, 2, 3].map(() => store.put(binary)));
    expect(new Set(ids)).toEqual(new Set([gitBlobId(binary)]));
    expect(await store.size(gitBlobId(binary))).toBe(70_000);
    expect(await store.get(gitBlobId(binary))).toEqual(binary);
    const empty = await store.put(new Uint8Array(0));
    expect(empty).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(await store.has(empty)).toBe(true);
    expect(await store.size(empty)).toBe(0);
    expect(await store.get(empty)).toEqual(new Uint8Array(0));
  });

  it('answers unknown and malformed ids as absent, whatever it holds', async () => {
    const store = await open();
    await store.put(new TextEncoder().encode('hello\n'));
    for (const id of [
      '0'.repeat(40),
      HELLO_ID.toUpperCase(),
      HELLO_ID.slice(0, 39),
      `${HELLO_ID}0`,
      `../${HELLO_ID.slice(3)}`,
      `ce/${HELLO_ID.slice(2)}`,
      '',
    ]) {
      expect(await store.has(id), id).toBe(false);
      expect(await store.size(id), id).toBeUndefined();
      expect(await store.get(id), id).toBeUndefined();
    }
  });
}
