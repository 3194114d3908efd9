import { readdir, stat } from 'node:fs/promises';
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

  it('keeps its directories (0700) and blobs (0600) to the service’s user', async () => {
    const store = new DirectoryBlobStore(dir.join('blobs'));
    const id = await store.put(new TextEncoder().encode('private\n'));
    const mode = async (path: string) => (await stat(dir.join(path))).mode & 0o777;
    expect(await mode('blobs')).toBe(0o700);
    expect(await mode(`blobs/${id.slice(0, 2)}`)).toBe(0o700);
    expect(await mode(`blobs/${id.slice(0, 2)}/${id.slice(2)}`)).toBe(0o600);
  });

  it('answers unknown and malformed ids as absent, never reading outside its directory', async () => {
    const store = new DirectoryBlobStore(dir.path);
    await dir.write('secret', 'not a blob');
    expect(await store.get('0'.repeat(40))).toBeUndefined();
    expect(await store.has('../secret')).toBe(false);
    expect(await store.get('../secret')).toBeUndefined();
  });
});
