import { createHash } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';

/**
 * A change to a few entries of `.git/index` that costs about the change, not the index: the
 * file is read once, cut at entry boundaries (no entry is decoded but the ones replaced), the
 * changed entries spliced in and the checksum written again. See docs/adr/0014.
 *
 * Handled: index versions 2 and 3, stage-0 and unmerged entries, the cache-tree extension
 * (`TREE`, whose trees on a changed path are invalidated as git does) and any other optional
 * extension (dropped, as isomorphic-git drops them all; git rebuilds what it wants). Anything
 * else (version 4's compressed paths, a required extension such as a split or sparse index's
 * `link`/`sdir`, an entry with extended flags on a changed path) is left alone: the caller falls
 * back to a full rewrite.
 */

/** A file's entry to write: what `git add` records for it. */
export interface IndexEntryInput {
  /** Relative to the working directory, `/`-separated. */
  path: string;
  oid: string;
  /** The file's stat after it was written (`node:fs` `Stats`). */
  stats: IndexStats;
}

/** The stat fields an index entry records (`node:fs` `Stats` has them). */
export interface IndexStats {
  ctimeMs: number;
  mtimeMs: number;
  dev: number;
  ino: number;
  mode: number;
  uid: number;
  gid: number;
  size: number;
}

/** Why the index was not updated in place (the caller rewrites it whole instead). */
export type IndexUpdateRefusal =
  'version' | 'required-extension' | 'extended-entry' | 'malformed' | 'locked';

const SIGNATURE = 0x44495243; // "DIRC"
const HEADER = 12;
const CHECKSUM = 20;
const FIXED = 62;
const EXTENDED_FLAG = 0x4000;
const NAME_MASK = 0xfff;
const UINT32 = 2 ** 32;
const encoder = new TextEncoder();

/** One entry of the index as found: where it is, its path bytes and stage. */
interface FoundEntry {
  start: number;
  end: number;
  path: Uint8Array;
  extended: boolean;
}

/**
 * Replaces the entries of `written` paths (every stage: a conflict is resolved by staging the
 * file) by stage-0 entries and deletes the entries of `removed` paths, writing the index through
 * `index.lock` and a rename, as git does. A missing index is written new (version 2). Resolves
 * the reason instead when it cannot do so in place; the index is then untouched.
 */
export async function updateIndexEntries(
  gitdir: string,
  change: { written: readonly IndexEntryInput[]; removed: readonly string[] },
): Promise<IndexUpdateRefusal | undefined> {
  const path = `${gitdir}/index`;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const updated = bytes === undefined ? emptyIndex(change) : splice(bytes, change);
  if (typeof updated === 'string') return updated;
  const lock = `${path}.lock`;
  try {
    await writeFile(lock, updated, { flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return 'locked';
    throw error;
  }
  try {
    await rename(lock, path);
  } catch (error) {
    await unlink(lock).catch(() => undefined);
    throw error;
  }
  return undefined;
}

function emptyIndex(change: {
  written: readonly IndexEntryInput[];
}): Uint8Array | IndexUpdateRefusal {
  const header = new Uint8Array(HEADER);
  const view = new DataView(header.buffer);
  view.setUint32(0, SIGNATURE);
  view.setUint32(4, 2);
  return splice(withChecksum([header]), { written: change.written, removed: [] });
}

/** The index with the change made, or why it cannot be made in place. */
function splice(
  bytes: Uint8Array,
  change: { written: readonly IndexEntryInput[]; removed: readonly string[] },
): Uint8Array | IndexUpdateRefusal {
  if (bytes.byteLength < HEADER + CHECKSUM) return 'malformed';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== SIGNATURE) return 'malformed';
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3) return 'version';
  const count = view.getUint32(8);
  const end = bytes.byteLength - CHECKSUM;

  const entries: FoundEntry[] = [];
  let position = HEADER;
  for (let index = 0; index < count; index += 1) {
    if (position + FIXED > end) return 'malformed';
    const flags = view.getUint16(position + 60);
    const extended = (flags & EXTENDED_FLAG) !== 0;
    if (extended && version < 3) return 'malformed';
    const pathStart = position + FIXED + (extended ? 2 : 0);
    let pathEnd = pathStart + (flags & NAME_MASK);
    if ((flags & NAME_MASK) === NAME_MASK) pathEnd = bytes.indexOf(0, pathStart);
    if (pathEnd < 0 || pathEnd >= end) return 'malformed';
    const next = position + Math.ceil((pathEnd - position + 1) / 8) * 8;
    entries.push({
      start: position,
      end: next,
      path: bytes.subarray(pathStart, pathEnd),
      extended,
    });
    position = next;
  }

  // The last entry given for a path wins.
  const written = [...new Map(change.written.map((entry) => [entry.path, entry])).values()];
  const changed = new Set<string>([...change.removed, ...written.map((entry) => entry.path)]);
  const decoder = new TextDecoder();
  // Only paths as long as a changed one are decoded and looked up.
  const lengths = new Set([...changed].map((path) => encoder.encode(path).byteLength));
  const isChanged = (entry: FoundEntry) =>
    lengths.has(entry.path.byteLength) && changed.has(decoder.decode(entry.path));
  const kept: FoundEntry[] = [];
  for (const entry of entries) {
    if (!isChanged(entry)) kept.push(entry);
    else if (entry.extended) return 'extended-entry';
  }

  const extensions: Uint8Array[] = [];
  for (let at = position; at < end;) {
    if (at + 8 > end) return 'malformed';
    const signature = bytes.subarray(at, at + 4);
    const size = view.getUint32(at + 4);
    if (at + 8 + size > end) return 'malformed';
    const first = signature[0] ?? 0;
    if (first < 0x41 || first > 0x5a) return 'required-extension';
    if (decoder.decode(signature) === 'TREE') {
      const tree = invalidateCacheTree(bytes.subarray(at + 8, at + 8 + size), changed);
      if (tree === undefined) return 'malformed';
      extensions.push(extensionHeader('TREE', tree.byteLength), tree);
    }
    at += 8 + size;
  }

  const added = written
    .map((entry) => {
      const path = encoder.encode(entry.path);
      return { path, bytes: encodeEntry(path, entry) };
    })
    .sort((a, b) => Buffer.compare(a.path, b.path));
  // Runs of kept entries are copied whole, new entries put between them.
  const merged: Uint8Array[] = [];
  let next = 0;
  let run: { start: number; end: number } | undefined;
  const flush = () => {
    if (run !== undefined) merged.push(bytes.subarray(run.start, run.end));
    run = undefined;
  };
  for (const entry of kept) {
    for (
      let add = added[next];
      add && Buffer.compare(add.path, entry.path) < 0;
      add = added[next]
    ) {
      flush();
      merged.push(add.bytes);
      next += 1;
    }
    if (run?.end === entry.start) run.end = entry.end;
    else {
      flush();
      run = { start: entry.start, end: entry.end };
    }
  }
  flush();
  merged.push(...added.slice(next).map((add) => add.bytes));

  const header = new Uint8Array(HEADER);
  header.set(bytes.subarray(0, 8));
  new DataView(header.buffer).setUint32(8, kept.length + added.length);
  return withChecksum([header, ...merged, ...extensions]);
}

/** A stage-0 entry for a regular file, as `git add` writes it. */
function encodeEntry(path: Uint8Array, input: IndexEntryInput): Uint8Array {
  const length = Math.ceil((FIXED + path.byteLength + 1) / 8) * 8;
  const entry = new Uint8Array(length);
  const view = new DataView(entry.buffer);
  const { stats } = input;
  const [ctime, ctimeNs] = secondsAndNanoseconds(stats.ctimeMs);
  const [mtime, mtimeNs] = secondsAndNanoseconds(stats.mtimeMs);
  const fields = [
    ctime,
    ctimeNs,
    mtime,
    mtimeNs,
    stats.dev,
    stats.ino,
    (stats.mode & 0o111) === 0 ? 0o100644 : 0o100755,
    stats.uid,
    stats.gid,
    stats.size,
  ];
  for (const [index, value] of fields.entries()) view.setUint32(index * 4, value % UINT32);
  entry.set(Buffer.from(input.oid, 'hex'), 40);
  view.setUint16(60, Math.min(path.byteLength, NAME_MASK));
  entry.set(path, FIXED);
  return entry;
}

/** Seconds and nanoseconds of a `Stats` time in milliseconds (as isomorphic-git records them). */
function secondsAndNanoseconds(milliseconds: number): [number, number] {
  const seconds = Math.floor(milliseconds / 1000);
  return [seconds, Math.floor((milliseconds - seconds * 1000) * 1_000_000)];
}

function extensionHeader(signature: string, size: number): Uint8Array {
  const header = new Uint8Array(8);
  header.set(encoder.encode(signature));
  new DataView(header.buffer).setUint32(4, size);
  return header;
}

function withChecksum(parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return Buffer.concat([...parts, hash.digest()]);
}

/**
 * The cache-tree extension with every tree on a changed path marked invalid (entry count -1 and
 * no id), as git invalidates it when it stages a path; undefined when it cannot be parsed. Its
 * data is the root and then each subtree depth first: `<name>\0<entries> <subtrees>\n[<id>]`.
 * Names are decoded only below trees on a changed path, so a clean index costs a scan.
 */
function invalidateCacheTree(
  data: Uint8Array,
  changed: ReadonlySet<string>,
): Uint8Array | undefined {
  const decoder = new TextDecoder();
  const dirty = new Set<string>();
  for (const path of changed) {
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
      dirty.add(path.slice(0, slash + 1));
    }
  }
  const parts: Uint8Array[] = [];
  // The trees being walked: each one's path prefix (undefined below a clean tree) and how many
  // of its subtrees are still to come.
  const stack: { prefix: string | undefined; remaining: number }[] = [];
  let copied = 0;
  for (let position = 0; position < data.byteLength;) {
    const nul = data.indexOf(0, position);
    const space = nul < 0 ? -1 : data.indexOf(0x20, nul);
    const newline = space < 0 ? -1 : data.indexOf(0x0a, space);
    if (newline < 0) return undefined;
    const entryCount = asciiInteger(data, nul + 1, space);
    const subtrees = asciiInteger(data, space + 1, newline);
    if (entryCount === undefined || subtrees === undefined || subtrees < 0) return undefined;
    while (stack.length > 0 && stack.at(-1)?.remaining === 0) stack.pop();
    const parent = stack.at(-1);
    if (parent === undefined && position > 0) return undefined;
    if (parent !== undefined) parent.remaining -= 1;
    const prefix =
      parent === undefined
        ? ''
        : parent.prefix === undefined
          ? undefined
          : `${parent.prefix}${decoder.decode(data.subarray(position, nul))}/`;
    const onPath = prefix !== undefined && (prefix === '' || dirty.has(prefix));
    stack.push({ prefix: onPath ? prefix : undefined, remaining: subtrees });
    const end = newline + 1 + (entryCount >= 0 ? 20 : 0);
    if (end > data.byteLength) return undefined;
    if (onPath && entryCount >= 0) {
      parts.push(data.subarray(copied, nul + 1), encoder.encode(`-1 ${String(subtrees)}\n`));
      copied = end;
    }
    position = end;
  }
  parts.push(data.subarray(copied));
  return Buffer.concat(parts);
}

/** The decimal integer (optionally negative) written in `data[start, end)`. */
function asciiInteger(data: Uint8Array, start: number, end: number): number | undefined {
  const negative = data[start] === 0x2d;
  let value = 0;
  for (let at = negative ? start + 1 : start; at < end; at += 1) {
    const digit = (data[at] ?? 0) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return end > (negative ? start + 1 : start) ? (negative ? -value : value) : undefined;
}
