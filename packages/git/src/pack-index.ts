/**
 * Lookup in a version 2 pack index (`objects/pack/pack-*.idx`, see git's
 * Documentation/gitformat-pack.txt): a fan-out table, the sorted object ids, their CRCs and their
 * offsets in the pack. Binary search over the raw bytes, so opening an index costs one read and
 * no per-object allocation.
 */
export interface PackIndex {
  /** The `.pack` file the offsets point into. */
  readonly packPath: string;
  readonly bytes: Uint8Array;
  readonly count: number;
  /** The `.pack` file's size in bytes. */
  readonly packSize: number;
  /** Every entry's offset in ascending order, built on first use (an entry ends where the next begins). */
  sortedOffsets?: Float64Array;
}

const headerSize = 8;
const fanoutSize = 256 * 4;

/** Parses a pack index; `undefined` for a version this reader does not know (callers fall back). */
export function parsePackIndex(
  packPath: string,
  packSize: number,
  bytes: Uint8Array,
): PackIndex | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < headerSize + fanoutSize) return undefined;
  // `\377tOc` then version 2; version 1 indexes (git before 1.5.2) have no magic.
  if (view.getUint32(0) !== 0xff744f63 || view.getUint32(4) !== 2) return undefined;
  const count = view.getUint32(headerSize + 255 * 4);
  return { packPath, packSize, bytes, count };
}

/** How many bytes the entry at `offset` spans: up to the next entry or the pack's 20-byte trailer. */
export function entryLength(index: PackIndex, offset: number): number {
  if (!index.sortedOffsets) {
    const view = new DataView(index.bytes.buffer, index.bytes.byteOffset, index.bytes.byteLength);
    const offsets = new Float64Array(index.count);
    for (let position = 0; position < index.count; position++) {
      offsets[position] = offsetAt(view, index.count, position);
    }
    index.sortedOffsets = offsets.sort();
  }
  const offsets = index.sortedOffsets;
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((offsets[middle] ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  const next = offsets[low];
  return (next ?? index.packSize - 20) - offset;
}

/** The object's offset in the pack, or `undefined` when the pack does not hold it. */
export function findPackOffset(index: PackIndex, oid: string): number | undefined {
  const { bytes, count } = index;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const target = idWords(oid);
  const first = target[0] >>> 24;
  let low = first === 0 ? 0 : view.getUint32(headerSize + (first - 1) * 4);
  let high = view.getUint32(headerSize + first * 4);
  const namesStart = headerSize + fanoutSize;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareAt(view, namesStart + middle * 20, target);
    if (order === 0) return offsetAt(view, count, middle);
    if (order < 0) low = middle + 1;
    else high = middle;
  }
  return undefined;
}

function offsetAt(view: DataView, count: number, position: number): number {
  const offsetsStart = headerSize + fanoutSize + count * 24;
  const small = view.getUint32(offsetsStart + position * 4);
  if ((small & 0x80000000) === 0) return small;
  // Packs over 2 GiB keep 8-byte offsets in a second table, indexed by the low 31 bits.
  const large = offsetsStart + count * 4 + (small & 0x7fffffff) * 8;
  return Number(view.getBigUint64(large));
}

/** An object id as five big-endian 32-bit words, the order ids are sorted in. */
type IdWords = readonly [number, number, number, number, number];

function idWords(oid: string): IdWords {
  const word = (index: number) => Number.parseInt(oid.slice(index * 8, index * 8 + 8), 16) || 0;
  return [word(0), word(1), word(2), word(3), word(4)];
}

/** Compares the id stored at `start` with `target`, a word at a time. */
function compareAt(view: DataView, start: number, target: IdWords): number {
  for (let index = 0; index < 5; index++) {
    const difference = view.getUint32(start + index * 4) - (target[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
