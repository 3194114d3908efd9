/**
 * The Node.js docsync says it runs on (`engines.node` of the root package.json, which the packed
 * CLI carries and its commands check) must be one every runtime dependency runs on too: each
 * package of the lock file that is not only for development, with an `engines.node` of its own,
 * must accept every Node that range accepts. A dependency that raises its minimum fails here,
 * not in an installed command on a user's machine.
 */
import { readFile } from 'node:fs/promises';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  readonly dev?: boolean;
  /** An object of ranges; a few old packages wrote an array of strings, which npm ignores. */
  readonly engines?: { readonly node?: string } | readonly string[];
}

/** A lock entry's `engines.node`, if it declares one npm reads. */
const nodeRange = (entry: LockPackage): string | undefined =>
  entry.engines === undefined || Array.isArray(entry.engines)
    ? undefined
    : (entry.engines as { readonly node?: string }).node;

const root = new URL('../../', import.meta.url);
const readJson = async <T>(path: string): Promise<T> =>
  JSON.parse(await readFile(new URL(path, root), 'utf8')) as T;

describe('engines.node', () => {
  it('is a range every runtime dependency of the lock file accepts', async () => {
    const wanted = (await readJson<{ engines: { node: string } }>('package.json')).engines.node;
    const lock = await readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
    const narrower = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = nodeRange(entry);
      if (path === '' || entry.dev === true || node === undefined) return [];
      return semver.subset(wanted, node, { includePrerelease: false }) ? [] : [`${path}: ${node}`];
    });
    expect(narrower, `engines.node ${wanted} allows Node versions these do not`).toEqual([]);
  });

  it('catches a dependency that needs a newer Node', () => {
    expect(semver.subset('>=22.12', '>= 22.22')).toBe(false);
    expect(semver.subset('>=22.22', '>= 22.22')).toBe(true);
    expect(semver.subset('>=22.22', '^18 || >=20')).toBe(true);
  });
});
