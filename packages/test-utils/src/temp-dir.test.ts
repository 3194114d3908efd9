import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './temp-dir.js';

describe('makeTempDir', () => {
  it('creates an empty directory that write/read use and remove deletes', async () => {
    const dir = await makeTempDir('unit');
    expect(existsSync(dir.path)).toBe(true);
    await dir.write('a/b/c.txt', 'hello');
    expect(await dir.read('a/b/c.txt')).toBe('hello');
    await dir.remove();
    expect(existsSync(dir.path)).toBe(false);
    await dir.remove();
  });

  it('gives each call its own directory', async () => {
    const [a, b] = await Promise.all([makeTempDir(), makeTempDir()]);
    expect(a.path).not.toBe(b.path);
    await Promise.all([a.remove(), b.remove()]);
  });

  it('rejects paths that escape the directory', async () => {
    const dir = await makeTempDir();
    expect(() => dir.join('../outside.txt')).toThrow(/escapes the temp dir/);
    await dir.remove();
  });
});
