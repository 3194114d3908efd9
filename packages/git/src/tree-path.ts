import { InvalidTreePathError } from './errors.js';
import { readTreeEntries, isTreeEntry } from './tree-object.js';
import type { RepoArgs } from './repo-options.js';

/**
 * The segments of a slash-separated path inside a tree. Rejects what git cannot store or
 * `git fsck` flags: empty segments, `.`, `..`, `.git` in any case, NUL.
 */
export function splitTreePath(path: string): string[] {
  if (path === '') return [];
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '') throw new InvalidTreePathError(path, 'it has an empty segment');
    if (segment === '.' || segment === '..') {
      throw new InvalidTreePathError(path, `it has a \`${segment}\` segment`);
    }
    if (segment.toLowerCase() === '.git') {
      throw new InvalidTreePathError(path, 'git refuses a `.git` entry inside a tree');
    }
    if (segment.includes('\0')) throw new InvalidTreePathError(path, 'it contains NUL');
  }
  return segments;
}

/** What a path inside a tree names. */
export type TreePathTarget =
  { kind: 'tree'; oid: string } | { kind: 'other'; oid: string } | { kind: 'missing' };

/** Follows `segments` down from a root tree. */
export async function resolveTreePath(
  args: RepoArgs,
  rootTree: string,
  segments: readonly string[],
): Promise<TreePathTarget> {
  let oid = rootTree;
  for (const [index, segment] of segments.entries()) {
    const entry = (await readTreeEntries(args, oid)).find(
      (candidate) => candidate.name === segment,
    );
    if (!entry) return { kind: 'missing' };
    if (!isTreeEntry(entry)) {
      return index === segments.length - 1
        ? { kind: 'other', oid: entry.oid }
        : { kind: 'missing' };
    }
    oid = entry.oid;
  }
  return { kind: 'tree', oid };
}
