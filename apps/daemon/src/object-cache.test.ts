import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { estimateBytes, ObjectCache } from './object-cache.js';

describe('ObjectCache', () => {
  let dir: TempDir;
  let now = 0;
  const clock = { now: () => now };
  beforeEach(async () => {
    dir = await makeTempDir('object-cache');
    now = 1000;
  });
  afterEach(async () => {
    await dir.remove();
  });

  /** A repository directory whose `.git/objects/pack` holds `bytes` of pack files. */
  async function repository(name: string, bytes: number): Promise<string> {
    const pack = join(dir.path, name, '.git', 'objects', 'pack');
    await mkdir(pack, { recursive: true });
    await writeFile(join(pack, 'pack-1.pack'), new Uint8Array(bytes));
    await writeFile(join(pack, 'pack-1.idx'), new Uint8Array(1000));
    await writeFile(join(pack, 'other.keep'), new Uint8Array(5000));
    return join(dir.path, name);
  }

  it('estimates a repository by its packs, their indexes and an allowance for what was parsed', async () => {
    const path = await repository('a', 10_000);
    expect(await estimateBytes(path)).toBe(5 * 11_000 + 256 * 1024);
    expect(await estimateBytes(join(dir.path, 'none'))).toBe(256 * 1024);
  });

  it('gives a repository its kept object cache back, and drops it once it is older than the TTL', async () => {
    const objects = new ObjectCache({ maxBytes: 10 * 1024 * 1024, ttlMs: 60_000, clock });
    const path = await repository('a', 10_000);
    const first = objects.take('a');
    await objects.keep('a', path, first);
    expect(objects.bytesOf('a')).toBe(5 * 11_000 + 256 * 1024);
    now += 30_000;
    expect(objects.take('a')).toBe(first);
    // Kept again by a later cycle: the entry's age still counts from its making.
    await objects.keep('a', path, first);
    now += 30_001;
    objects.purgeIdle();
    expect([objects.entries, objects.bytes, objects.bytesOf('a')]).toEqual([0, 0, 0]);
    expect(objects.take('a')).not.toBe(first);
  });

  it('holds no more than its byte budget: the least recently used goes, and a repository bigger than the budget is never kept', async () => {
    const objects = new ObjectCache({ maxBytes: 700 * 1024, ttlMs: 60_000, clock });
    const small = await Promise.all(['a', 'b', 'c'].map((name) => repository(name, 1000)));
    for (const [index, path] of small.entries())
      await objects.keep(['a', 'b', 'c'][index] ?? '', path, {});
    // Each is 5 × 2,000 bytes and the allowance: two fit.
    expect(objects.entries).toBe(2);
    expect(objects.bytesOf('a')).toBe(0);
    expect(objects.bytes).toBeLessThanOrEqual(700 * 1024);
    await objects.keep('big', await repository('big', 200 * 1024), {});
    expect(objects.bytesOf('big')).toBe(0);
    objects.drop('b');
    expect(objects.bytesOf('b')).toBe(0);
    expect(objects.bytesOf('c')).toBeGreaterThan(0);
  });
});
