import { createHash } from 'node:crypto';
import { constants, crc32, deflateSync } from 'node:zlib';

/**
 * Writing many objects as one pack (see git's Documentation/gitformat-pack.txt) instead of one
 * loose file each: a first pull of 1,000 pages writes about 1,500 objects, and each loose one
 * costs a directory, a temporary file and a rename. Entries are whole objects (no deltas), so a
 * pack is what `git unpack-objects` would turn back into the same loose objects; the version 2
 * index beside it is byte for byte what `git index-pack` writes for the same pack.
 */

/** An object to pack, with the id its header and body hash to. */
export interface PackObject {
  oid: string;
  type: 'commit' | 'tree' | 'blob' | 'tag';
  body: Uint8Array;
}

/** A pack and its index, named as git names them (`pack-<name>.pack`, `pack-<name>.idx`). */
export interface EncodedPack {
  name: string;
  pack: Buffer;
  index: Buffer;
}

/**
 * An object's body as zlib data, as loose objects and pack entries hold it: zlib's fastest level,
 * as git writes loose objects (`core.looseCompression` defaults to 1: what a sync writes is read
 * back soon, and `git gc` recompresses when it repacks), with a window no bigger than the body
 * needs. Each call sets up a compressor; with zlib's default 32 KiB window and its tables, that
 * set-up cost more than compressing a page of a few kilobytes (16,000 objects: 0.8 s → 0.24 s).
 * The output is the same; only the header's window size differs, and inflating (git's default
 * window) reads any. The output buffer is sized to the body too: Node's default (16 KiB) is
 * allocated per call and the result is a slice of it, so 12,000 small objects held for a pack
 * kept 200 MB alive and the collector busy (a pack of the 12,000 files of a 10,000-page space:
 * 1.0–3.0 s → 0.5–0.8 s, with a server's heap in the same process).
 */
export function deflateObject(body: Uint8Array): Buffer {
  return deflateSync(body, deflateOptions(body.byteLength));
}

/** The zlib options {@link deflateObject} uses for a body of `size` bytes. */
export function deflateOptions(size: number): {
  level: number;
  windowBits: number;
  chunkSize: number;
} {
  // zlib's smallest window is 2^9; a match looks up to 262 bytes ahead of the window.
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(size + 262))));
  // Room for a body that does not compress (a few bytes per block, the header and checksum);
  // a larger body's output comes in several chunks, joined.
  const chunkSize = Math.min(MAX_CHUNK, Math.max(constants.Z_MIN_CHUNK, size + 64));
  return { level: constants.Z_BEST_SPEED, windowBits, chunkSize };
}

/** The largest output chunk of {@link deflateObject}. */
const MAX_CHUNK = 64 * 1024;

const typeNumbers = { commit: 1, tree: 2, blob: 3, tag: 4 } as const;

/** Entry header: type in bits 4–6 of the first byte, size in a little-endian base-128 number. */
function entryHeader(type: PackObject['type'], size: number): Buffer {
  const bytes: number[] = [];
  let byte = (typeNumbers[type] << 4) | (size & 15);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

/**
 * Encodes `objects` (distinct ids) as a pack and its version 2 index; `deflated` are their bodies
 * as {@link deflateObject} deflates them, when deflated already (see `deflateBodies`).
 */
export function encodePack(
  objects: readonly PackObject[],
  deflated?: readonly Uint8Array[],
): EncodedPack {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  const chunks: Uint8Array[] = [header];
  const hash = createHash('sha1').update(header);
  const entries: { oid: Buffer; offset: number; crc: number }[] = [];
  let offset = header.byteLength;
  objects.forEach((object, position) => {
    const head = entryHeader(object.type, object.body.byteLength);
    const body = deflated?.[position] ?? deflateObject(object.body);
    chunks.push(head, body);
    hash.update(head).update(body);
    entries.push({ oid: Buffer.from(object.oid, 'hex'), offset, crc: crc32(body, crc32(head)) });
    offset += head.byteLength + body.byteLength;
  });
  const checksum = hash.digest();
  chunks.push(checksum);
  return {
    name: checksum.toString('hex'),
    pack: Buffer.concat(chunks),
    index: encodeIndex(entries, checksum),
  };
}

/**
 * A version 2 pack index: magic and version, the fan-out table (how many ids start with a byte
 * up to each value), the sorted ids, their entries' CRC-32s, their offsets (31 bits, or an index
 * into a table of 8-byte offsets past 2 GiB), the pack's checksum, then the index's own.
 */
function encodeIndex(
  entries: { oid: Buffer; offset: number; crc: number }[],
  packChecksum: Buffer,
): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.oid, b.oid));
  const count = sorted.length;
  const large = sorted.filter((entry) => entry.offset >= 0x80000000);
  const body = Buffer.alloc(8 + 256 * 4 + count * 28 + large.length * 8 + 20);
  body.writeUInt32BE(0xff744f63, 0);
  body.writeUInt32BE(2, 4);
  const fanout = new Uint32Array(256);
  for (const entry of sorted) fanout[entry.oid[0] ?? 0] = (fanout[entry.oid[0] ?? 0] ?? 0) + 1;
  let running = 0;
  for (let byte = 0; byte < 256; byte++) {
    running += fanout[byte] ?? 0;
    body.writeUInt32BE(running, 8 + byte * 4);
  }
  const names = 8 + 256 * 4;
  const crcs = names + count * 20;
  const offsets = crcs + count * 4;
  const largeOffsets = offsets + count * 4;
  let largeCount = 0;
  sorted.forEach((entry, position) => {
    entry.oid.copy(body, names + position * 20);
    body.writeUInt32BE(entry.crc, crcs + position * 4);
    if (entry.offset < 0x80000000) {
      body.writeUInt32BE(entry.offset, offsets + position * 4);
    } else {
      body.writeUInt32BE((0x80000000 | largeCount) >>> 0, offsets + position * 4);
      body.writeBigUInt64BE(BigInt(entry.offset), largeOffsets + largeCount * 8);
      largeCount += 1;
    }
  });
  packChecksum.copy(body, largeOffsets + largeCount * 8);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}
