import { readdir } from 'node:fs/promises';
import { gitBlobId } from '@docsync/core';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from './blob-store.js';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('blobs');
});
afterEach(async () => {
  await dir.remove();
});

describe('DirectoryBlobStore', () => {
  it('stores bytes under their git blob id and gives them back', async () => {
    const store = new DirectoryBlobStore(dir.path);
    const bytes = new TextEncoder().encode('hello\n');
    expect(await store.has(gitBlobId(bytes))).toBe(false);
    const id = await store.put(bytes);
    // `git hash-object` of "hello\n".
    expect(id).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(await store.has(id)).toBe(true);
    expect(await store.get(id)).toEqual(bytes);
    expect(await store.put(bytes)).toBe(id);
    expect(await readdir(dir.join('ce'))).toEqual(['013625030ba8dba906f756967f9e9ca394464a']);
  });

  it('answers unknown and malformed ids as absent, never reading outside its directory', async () => {
    const store = new DirectoryBlobStore(dir.path);
    await dir.write('secret', 'not a blob');
    expect(await store.get('0'.repeat(40))).toBeUndefined();
    expect(await store.has('../secret')).toBe(false);
    expect(await store.get('../secret')).toBeUndefined();
  });
});
