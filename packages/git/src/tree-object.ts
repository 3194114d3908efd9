import git from 'isomorphic-git';
import { isoCode } from './read-commit.js';
import { ObjectNotFoundError } from './errors.js';
import { objectStoreFor } from './object-store.js';
import type { RepoArgs } from './repo-options.js';

/** One entry of a git tree object, with the name's bytes kept so that rewriting is byte-exact. */
export interface RawTreeEntry {
  /** As stored: `100644`, `100755`, `120000`, `160000`, `40000` (trees have no leading zero). */
  mode: string;
  name: string;
  nameBytes: Uint8Array;
  oid: string;
}

/** The mode git writes for a subtree. */
export const treeMode = '40000';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Whether a tree entry is a subtree. */
export function isTreeEntry(entry: Pick<RawTreeEntry, 'mode'>): boolean {
  return entry.mode === treeMode || entry.mode === '040000';
}

/** Parses a tree object's body: repeated `<mode> <name>\0<20-byte id>`. */
export function parseTreeObject(bytes: Uint8Array): RawTreeEntry[] {
  const entries: RawTreeEntry[] = [];
  let position = 0;
  while (position < bytes.byteLength) {
    const space = bytes.indexOf(0x20, position);
    const nul = bytes.indexOf(0, space);
    const nameBytes = bytes.slice(space + 1, nul);
    entries.push({
      mode: decoder.decode(bytes.subarray(position, space)),
      name: decoder.decode(nameBytes),
      nameBytes,
      oid: Buffer.from(bytes.subarray(nul + 1, nul + 21)).toString('hex'),
    });
    position = nul + 21;
  }
  return entries;
}

/** A tree object's body for these entries, sorted as git sorts them. */
export function encodeTreeObject(entries: readonly RawTreeEntry[]): Uint8Array {
  const sorted = [...entries].sort(compareEntries);
  const parts = sorted.flatMap((entry) => [
    encoder.encode(`${entry.mode} `),
    entry.nameBytes,
    Uint8Array.of(0),
    Buffer.from(entry.oid, 'hex'),
  ]);
  return Buffer.concat(parts);
}

/**
 * git's tree order: names compared byte by byte, a subtree's name as if it ended in `/`
 * (so `a.md` sorts before the folder `a`'s `a/`, and `a-b` before `a/`). `git fsck` rejects
 * any other order.
 */
function compareEntries(left: RawTreeEntry, right: RawTreeEntry): number {
  const a = isTreeEntry(left)
    ? Buffer.concat([left.nameBytes, Uint8Array.of(0x2f)])
    : left.nameBytes;
  const b = isTreeEntry(right)
    ? Buffer.concat([right.nameBytes, Uint8Array.of(0x2f)])
    : right.nameBytes;
  return Buffer.compare(a, b);
}

/** A named entry from a name and the rest of its fields. */
export function treeEntry(name: string, mode: string, oid: string): RawTreeEntry {
  return { mode, name, nameBytes: encoder.encode(name), oid };
}

/** Trees read through a cache object: an id names the same entries forever. */
const readTrees = new WeakMap<object, Map<string, Promise<readonly RawTreeEntry[]>>>();

/** Reads a tree object's entries (a commit id is not accepted: pass its `tree`). */
export async function readTreeEntries(
  args: RepoArgs,
  oid: string,
): Promise<readonly RawTreeEntry[]> {
  // Two commits of one sync (the branch and the last synced one) share most of their trees.
  let trees = readTrees.get(args.cache);
  if (trees === undefined) {
    trees = new Map();
    readTrees.set(args.cache, trees);
  }
  let entries = trees.get(oid);
  if (entries === undefined) {
    entries = readTreeEntriesOnce(args, oid);
    trees.set(oid, entries);
    entries.catch(() => trees.delete(oid));
  }
  return entries;
}

async function readTreeEntriesOnce(args: RepoArgs, oid: string): Promise<RawTreeEntry[]> {
  const stored = await objectStoreFor(args.fs, args.gitdir, args.cache).read(oid);
  if (stored?.type === 'tree') return parseTreeObject(stored.body);
  try {
    // Not found directly (a pack index version this package does not read): ask isomorphic-git.
    const { tree } = await git.readTree({ ...args, oid });
    return tree.map((entry) => treeEntry(entry.path, entry.mode.replace(/^0+/, ''), entry.oid));
  } catch (error) {
    if (isoCode(error) === 'NotFoundError' || isoCode(error) === 'ObjectTypeError') {
      throw new ObjectNotFoundError(oid, { cause: error });
    }
    throw error;
  }
}
