import { createHash } from 'node:crypto';
import { constants, inflateSync } from 'node:zlib';
import type { FsClient } from 'isomorphic-git';
import { applyDelta } from './apply-delta.js';
import { deflateBodies } from './deflate-bodies.js';
import { deflateObject, encodePack, type PackObject } from './pack-file.js';
import { entryLength, findPackOffset, parsePackIndex, type PackIndex } from './pack-index.js';
import { PackWindows } from './pack-windows.js';
import { fsErrorCode, repoFs, type RepoFs } from './repo-fs.js';

/** The four kinds of git object. */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** An object's type and size as its header states them. */
export interface ObjectHeader {
  /** Absent for a packed delta, whose type is its base's (not worth chasing for a size). */
  type?: ObjectType;
  size: number;
}

/** An object's type and body. */
interface StoredObject {
  type: ObjectType;
  body: Uint8Array;
}

const packTypes = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' } as const;
const ofsDelta = 6;
const refDelta = 7;
/** Compressed bytes read per attempt; a header is a few dozen bytes once inflated. */
const readSizes = [256, 4096, 65536];

/**
 * Fewer new objects than this are written loose, more as a pack: git's own line between
 * unpacking a fetched pack and keeping it (`fetch.unpackLimit`, 100).
 */
export const PACK_THRESHOLD = 100;
/** Bytes of object bodies per pack, so a pack is built in bounded memory. */
export const PACK_BYTES = 32 << 20;
/**
 * Up to this many ids not in a pack are looked for loose with a stat each (at once); more, with
 * one listing of each object folder they fall in.
 */
const LOOSE_STATS = 64;

const stores = new WeakMap<object, ObjectStore>();
let temporaryCounter = 0;

/** The object store of a repository, shared through the caller's cache object. */
export function objectStoreFor(fs: FsClient, gitdir: string, cache: object): ObjectStore {
  const existing = stores.get(cache);
  if (existing?.gitdir === gitdir) return existing;
  const store = new ObjectStore(repoFs(fs), gitdir);
  stores.set(cache, store);
  return store;
}

/**
 * Answers "is this object here?" and "how big is it?" from loose object files and pack indexes
 * without inflating object bodies: reading a tree with 2,000 assets must not read 2,000 assets.
 * It answers `undefined` when unsure (an unknown index version, a pack removed by `git gc`), and
 * callers then ask isomorphic-git, which reads the object.
 */
export class ObjectStore {
  readonly gitdir: string;
  #fs: RepoFs;
  #packs: Promise<PackIndex[]> | undefined;
  /** Parsed pack indexes by `.idx` name: a rescan for a new pack parses only new indexes. */
  #indexes = new Map<string, Promise<PackIndex | undefined>>();
  /** Entry reads of packs, served from windows when the file system reads ranges. */
  #windows: PackWindows | undefined;
  /** Whole files read when the file system has no `open`, keyed by path. */
  #files = new Map<string, Promise<Uint8Array>>();
  #headers = new Map<string, ObjectHeader>();
  /** Recently read pack entries by `pack:offset`, the bases of delta chains. */
  #bases = new Map<string, StoredObject>();

  constructor(fs: RepoFs, gitdir: string) {
    this.#fs = fs;
    this.gitdir = gitdir;
    const readRange = fs.readRange?.bind(fs);
    if (readRange) this.#windows = new PackWindows(readRange);
  }

  /**
   * An object's type and body from a loose file or a pack (deltas resolved), checked against its
   * id; `undefined` when unsure, and callers then ask isomorphic-git.
   */
  async read(oid: string): Promise<{ type: ObjectType; body: Uint8Array } | undefined> {
    try {
      // Packs first: their indexes are in memory, while a loose lookup of a packed object (most
      // objects of a cloned or collected repository) costs a failed open. Then loose objects
      // (the newest commits), and only then a rescan for packs written since.
      const found =
        (await this.#readPackedById(oid, false)) ??
        (await this.#readLoose(oid)) ??
        (await this.#readPackedById(oid, true));
      if (!found) return undefined;
      const hash = createHash('sha1').update(`${found.type} ${found.body.byteLength}\0`);
      return hash.update(found.body).digest('hex') === oid ? found : undefined;
    } catch (error) {
      if (fsErrorCode(error) !== 'ENOENT') throw error;
      this.#packs = undefined;
      return undefined;
    }
  }

  async #readLoose(oid: string): Promise<StoredObject | undefined> {
    let deflated: Uint8Array;
    try {
      deflated = await this.#fs.readFile(this.#loosePath(oid));
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
    const wrapped = inflateSync(deflated);
    const nul = wrapped.indexOf(0);
    const header = parseLooseHeader(wrapped.subarray(0, nul).toString('latin1'));
    if (!header?.type) return undefined;
    return { type: header.type, body: wrapped.subarray(nul + 1) };
  }

  async #readPackedById(oid: string, rescan = true): Promise<StoredObject | undefined> {
    const packed = await this.#findPacked(oid, rescan);
    return packed && this.#readPacked(packed.index, packed.offset);
  }

  /** Reads a pack entry, following delta chains (bases are memoized: chains share them). */
  async #readPacked(index: PackIndex, offset: number): Promise<StoredObject | undefined> {
    const key = `${index.packPath}:${offset}`;
    const memo = this.#bases.get(key);
    if (memo) return memo;
    const length = entryLength(index, offset);
    const entry = this.#windows
      ? await this.#windows.read(index.packPath, offset, length)
      : await this.#readRange(index.packPath, offset, length);
    const head = parseEntryHead(entry);
    if (!head) return undefined;
    const data = inflateSync(entry.subarray(head.dataStart));
    let result: StoredObject | undefined;
    if (head.kind === 'object') {
      result = { type: head.type, body: data };
    } else {
      const base =
        head.kind === 'ofs-delta'
          ? await this.#readPacked(index, offset - head.baseDistance)
          : ((await this.#readLoose(head.baseOid)) ?? (await this.#readPackedById(head.baseOid)));
      result = base && { type: base.type, body: applyDelta(base.body, data) };
    }
    if (result && result.body.byteLength < 1 << 20) {
      if (this.#bases.size > 2048) this.#bases.clear();
      this.#bases.set(key, result);
    }
    return result;
  }

  /** Writes an object unless the repository has it (see {@link writeAll}); returns its id. */
  async write(type: ObjectType, body: Uint8Array): Promise<string> {
    const oid = objectId(type, body);
    if (await this.has(oid)) return oid;
    await this.#writeLoose({ oid, type, body });
    return oid;
  }

  /**
   * Writes the objects the repository lacks and returns every object's id, in order: loose files
   * when they are few, else packs (see {@link writeMissing}).
   */
  async writeAll(objects: readonly { type: ObjectType; body: Uint8Array }[]): Promise<string[]> {
    const hashed = objects.map((object) => ({
      ...object,
      oid: objectId(object.type, object.body),
    }));
    const absent = await this.missing(hashed.map((object) => object.oid));
    await this.writeMissing(hashed.filter((object) => absent.has(object.oid)));
    return hashed.map((object) => object.oid);
  }

  /**
   * The ids of `oids` the repository lacks: one listing of the pack directory, then a loose-file
   * stat for each id no pack holds (not a listing per miss, as {@link has} does).
   */
  async missing(oids: readonly string[]): Promise<Set<string>> {
    this.#packs = this.#readPackIndexes();
    const packs = await this.#packs;
    // Loose objects live in folders named by their first two hex digits: an id whose folder is
    // not there (every id, in a new repository) needs no look.
    const folders = new Set(await this.#fs.readdir(`${this.gitdir}/objects`).catch(() => []));
    const absent = new Set<string>();
    const unpacked: string[] = [];
    for (const oid of new Set(oids)) {
      if (findIn(packs, oid) !== undefined) continue;
      if (folders.has(oid.slice(0, 2))) unpacked.push(oid);
      else absent.add(oid);
    }
    for (const oid of await this.#looseAbsent(unpacked)) absent.add(oid);
    return absent;
  }

  /**
   * Which of `oids` (none in a pack) are not loose objects either: a stat each when they are
   * few, else one listing of each folder they fall in (a whole tree's ids, in a repository whose
   * objects `git add` left loose, would otherwise be thousands of stats, one after another).
   */
  async #looseAbsent(oids: readonly string[]): Promise<string[]> {
    if (oids.length <= LOOSE_STATS) {
      const found = await Promise.all(oids.map((oid) => this.#exists(this.#loosePath(oid))));
      return oids.filter((_, index) => !found[index]);
    }
    const byFolder = new Map<string, string[]>();
    for (const oid of oids) {
      const folder = oid.slice(0, 2);
      const list = byFolder.get(folder);
      if (list === undefined) byFolder.set(folder, [oid]);
      else list.push(oid);
    }
    const absent: string[] = [];
    await Promise.all(
      [...byFolder].map(async ([folder, inFolder]) => {
        const names = new Set(
          await this.#fs.readdir(`${this.gitdir}/objects/${folder}`).catch((error: unknown) => {
            if (fsErrorCode(error) === 'ENOENT' || fsErrorCode(error) === 'ENOTDIR') return [];
            throw error;
          }),
        );
        for (const oid of inFolder) if (!names.has(oid.slice(2))) absent.push(oid);
      }),
    );
    return absent;
  }

  /**
   * Writes objects the caller found missing (ids computed with their bodies, duplicates
   * skipped): fewer than {@link PACK_THRESHOLD} as loose files, more as packs of at most
   * {@link PACK_BYTES} of bodies each, which readers see whole or not at all (the pack is renamed
   * into place before its index, and readers find packs by their index).
   */
  async writeMissing(objects: readonly PackObject[]): Promise<void> {
    const unique = [...new Map(objects.map((object) => [object.oid, object])).values()];
    if (unique.length < PACK_THRESHOLD) {
      for (const object of unique) await this.#writeLoose(object);
      return;
    }
    let batch: PackObject[] = [];
    let bytes = 0;
    for (const object of unique) {
      batch.push(object);
      bytes += object.body.byteLength;
      if (bytes >= PACK_BYTES) {
        await this.writePack(batch);
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) await this.writePack(batch);
  }

  /**
   * Writes `objects` (distinct ids, none in the repository) as one pack; `deflated` are their
   * bodies deflated already (see `BlobPacker`), else they are deflated here.
   */
  async writePack(objects: readonly PackObject[], deflated?: readonly Uint8Array[]): Promise<void> {
    const { name, pack, index } = encodePack(
      objects,
      deflated ?? (await deflateBodies(objects.map((object) => object.body))),
    );
    const packDir = `${this.gitdir}/objects/pack`;
    await this.#fs.mkdir(packDir, { recursive: true });
    const packPath = `${packDir}/pack-${name}.pack`;
    await this.#writeInPlace(packPath, pack);
    await this.#writeInPlace(`${packDir}/pack-${name}.idx`, index);
    // Known at once: the next lookup's rescan finds this index parsed.
    const parsed = parsePackIndex(packPath, pack.byteLength, index);
    this.#indexes.set(`pack-${name}.idx`, Promise.resolve(parsed));
    this.#packs = undefined;
  }

  /**
   * A loose object, written to a temporary file and renamed into place, as git does, so a
   * reader never sees half an object.
   */
  async #writeLoose(object: PackObject): Promise<void> {
    const path = this.#loosePath(object.oid);
    await this.#fs.mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    const header = new TextEncoder().encode(`${object.type} ${object.body.byteLength}\0`);
    await this.#writeInPlace(path, deflateObject(Buffer.concat([header, object.body])));
  }

  /** Writes a file through a temporary file beside it and a rename, where the file system can. */
  async #writeInPlace(path: string, data: Uint8Array): Promise<void> {
    if (!this.#fs.rename) {
      await this.#fs.writeFile(path, data);
      return;
    }
    const folder = path.slice(0, path.lastIndexOf('/'));
    const temporary = `${folder}/tmp_obj_${String(process.pid)}_${(temporaryCounter++).toString(36)}`;
    await this.#fs.writeFile(temporary, data);
    await this.#fs.rename(temporary, path);
  }

  /** Whether the repository holds the object (loose or packed). */
  async has(oid: string): Promise<boolean> {
    if ((await this.#findPacked(oid)) !== undefined) return true;
    return this.#exists(this.#loosePath(oid));
  }

  /** The object's header, read without inflating its body; `undefined` when not found or unsure. */
  async header(oid: string): Promise<ObjectHeader | undefined> {
    const known = this.#headers.get(oid);
    if (known) return known;
    const header = await this.#readHeader(oid);
    // An id names the same bytes forever, so a header never goes stale.
    if (header) this.#headers.set(oid, header);
    return header;
  }

  async #readHeader(oid: string): Promise<ObjectHeader | undefined> {
    try {
      const packed = await this.#findPacked(oid);
      if (packed) return await this.#packedHeader(packed.index, packed.offset);
      const loose = await this.#looseHeader(oid);
      return loose === 'missing' ? undefined : loose;
    } catch (error) {
      // A pack replaced by `git gc` since its index was read: start over next time.
      if (fsErrorCode(error) !== 'ENOENT') throw error;
      this.#packs = undefined;
      this.#files.clear();
      return undefined;
    }
  }

  #loosePath(oid: string): string {
    return `${this.gitdir}/objects/${oid.slice(0, 2)}/${oid.slice(2)}`;
  }

  async #exists(path: string): Promise<boolean> {
    try {
      await this.#fs.stat(path);
      return true;
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT' || fsErrorCode(error) === 'ENOTDIR') return false;
      throw error;
    }
  }

  async #looseHeader(oid: string): Promise<ObjectHeader | undefined | 'missing'> {
    const path = this.#loosePath(oid);
    for (const length of readSizes) {
      let chunk: Uint8Array;
      try {
        chunk = await this.#readRange(path, 0, length);
      } catch (error) {
        if (fsErrorCode(error) === 'ENOENT') return 'missing';
        throw error;
      }
      // A loose object is zlib(`<type> <size>\0<body>`); inflate only what the chunk holds.
      const head = inflateSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH });
      const nul = head.indexOf(0);
      if (nul >= 0) return parseLooseHeader(head.subarray(0, nul).toString('latin1'));
      if (chunk.byteLength < length) return undefined;
    }
    return undefined;
  }

  async #packedHeader(index: PackIndex, offset: number): Promise<ObjectHeader | undefined> {
    for (const length of readSizes) {
      const chunk = await this.#readRange(index.packPath, offset, length);
      const header = parsePackEntry(chunk);
      if (header !== 'more') return header;
      if (chunk.byteLength < length) return undefined;
    }
    return undefined;
  }

  /** Where a pack holds the object; `rescan` looks for packs written since, when none does. */
  async #findPacked(
    oid: string,
    rescan = true,
  ): Promise<{ index: PackIndex; offset: number } | undefined> {
    this.#packs ??= this.#readPackIndexes();
    const found = findIn(await this.#packs, oid);
    if (found !== undefined || !rescan) return found;
    // A pack written since the indexes were read (a fetch, `git gc`) may hold it; known
    // indexes are kept, so a rescan costs a directory listing, not a re-parse.
    this.#packs = this.#readPackIndexes();
    return findIn(await this.#packs, oid);
  }

  async #readPackIndexes(): Promise<PackIndex[]> {
    const packDir = `${this.gitdir}/objects/pack`;
    let names: string[];
    try {
      names = await this.#fs.readdir(packDir);
    } catch (error) {
      if (fsErrorCode(error) === 'ENOENT') return [];
      throw error;
    }
    const present = new Set(names.filter((name) => name.endsWith('.idx')));
    for (const name of this.#indexes.keys()) if (!present.has(name)) this.#indexes.delete(name);
    const indexes = await Promise.all(
      [...present].map((name) => {
        let index = this.#indexes.get(name);
        if (index === undefined) {
          index = this.#readPackIndex(packDir, name);
          this.#indexes.set(name, index);
          index.catch(() => this.#indexes.delete(name));
        }
        return index;
      }),
    );
    return indexes.filter((index) => index !== undefined);
  }

  async #readPackIndex(packDir: string, name: string): Promise<PackIndex | undefined> {
    const packPath = `${packDir}/${name.slice(0, -4)}.pack`;
    const stat = (await this.#fs.stat(packPath)) as { size?: unknown };
    if (typeof stat.size !== 'number') return undefined;
    const bytes = await this.#fs.readFile(`${packDir}/${name}`);
    return parsePackIndex(packPath, stat.size, bytes);
  }

  async #readRange(path: string, position: number, length: number): Promise<Uint8Array> {
    if (this.#fs.readRange) return this.#fs.readRange(path, position, length);
    let whole = this.#files.get(path);
    if (!whole) {
      whole = this.#fs.readFile(path);
      // Only packs are worth keeping: loose objects are read once each.
      if (path.endsWith('.pack')) this.#files.set(path, whole);
    }
    return (await whole).subarray(position, position + length);
  }
}

/** The first pack of `indexes` holding the object, and where. */
function findIn(
  indexes: readonly PackIndex[],
  oid: string,
): { index: PackIndex; offset: number } | undefined {
  for (const index of indexes) {
    const offset = findPackOffset(index, oid);
    if (offset !== undefined) return { index, offset };
  }
  return undefined;
}

/** An object's id: the SHA-1 of its header (`<type> <size>\0`) and body. */
export function objectId(type: ObjectType, body: Uint8Array): string {
  return createHash('sha1')
    .update(`${type} ${String(body.byteLength)}\0`)
    .update(body)
    .digest('hex');
}

function parseLooseHeader(text: string): ObjectHeader | undefined {
  const match = /^(commit|tree|blob|tag) (\d+)$/.exec(text);
  if (!match) return undefined;
  return { type: match[1] as ObjectType, size: Number(match[2]) };
}

/**
 * Reads a pack entry's header (gitformat-pack: type in bits 4–6 of the first byte, size in a
 * little-endian base-128 number). A delta's header holds the delta's size, so for deltas the
 * object's size is the second number at the start of the inflated delta. `'more'` asks for a
 * longer chunk.
 */
function parsePackEntry(chunk: Uint8Array): ObjectHeader | undefined | 'more' {
  let position = 0;
  let byte = chunk[position++];
  if (byte === undefined) return 'more';
  const typeNumber = (byte >> 4) & 7;
  let size = byte & 15;
  let shift = 4;
  while (byte & 0x80) {
    byte = chunk[position++];
    if (byte === undefined) return 'more';
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  }
  if (typeNumber in packTypes) {
    return { type: packTypes[typeNumber as keyof typeof packTypes], size };
  }
  if (typeNumber === ofsDelta) {
    while ((chunk[position] ?? 0) & 0x80) position++;
    position++;
  } else if (typeNumber === refDelta) {
    position += 20;
  } else {
    return undefined;
  }
  if (position >= chunk.byteLength) return 'more';
  const delta = inflateSync(chunk.subarray(position), { finishFlush: constants.Z_SYNC_FLUSH });
  const source = readVarint(delta, 0);
  const target = source && readVarint(delta, source.next);
  return target ? { size: target.value } : 'more';
}

function readVarint(bytes: Uint8Array, start: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let position = start; position < bytes.byteLength; position++) {
    const byte = bytes[position] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return { value, next: position + 1 };
  }
  return undefined;
}

type EntryHead =
  | { kind: 'object'; type: ObjectType; dataStart: number }
  | { kind: 'ofs-delta'; baseDistance: number; dataStart: number }
  | { kind: 'ref-delta'; baseOid: string; dataStart: number };

/** The type and base of a whole pack entry, and where its zlib data starts. */
function parseEntryHead(entry: Uint8Array): EntryHead | undefined {
  let position = 0;
  let byte = entry[position++] ?? 0;
  const typeNumber = (byte >> 4) & 7;
  while (byte & 0x80) byte = entry[position++] ?? 0;
  if (typeNumber in packTypes) {
    const type = packTypes[typeNumber as keyof typeof packTypes];
    return { kind: 'object', type, dataStart: position };
  }
  if (typeNumber === refDelta) {
    const baseOid = Buffer.from(entry.subarray(position, position + 20)).toString('hex');
    return { kind: 'ref-delta', baseOid, dataStart: position + 20 };
  }
  if (typeNumber !== ofsDelta) return undefined;
  // The base's distance back, big-endian base-128 with an offset of one per extra byte.
  byte = entry[position++] ?? 0;
  let distance = byte & 0x7f;
  while (byte & 0x80) {
    byte = entry[position++] ?? 0;
    distance = (distance + 1) * 128 + (byte & 0x7f);
  }
  return { kind: 'ofs-delta', baseDistance: distance, dataStart: position };
}
