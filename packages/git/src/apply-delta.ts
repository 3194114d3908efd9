/**
 * Applies a git delta (gitformat-pack "Deltified representation"): the source and target sizes
 * as base-128 numbers, then instructions that either copy a range of the base or insert the
 * bytes that follow.
 */
export function applyDelta(base: Uint8Array, delta: Uint8Array): Uint8Array {
  let position = 0;
  const readSize = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[position++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const sourceSize = readSize();
  if (sourceSize !== base.byteLength) throw new Error('delta base size does not match');
  const target = new Uint8Array(readSize());
  let written = 0;
  while (position < delta.byteLength) {
    const op = delta[position++] ?? 0;
    if (op & 0x80) {
      // Copy: bits 0–3 say which offset bytes follow, bits 4–6 which size bytes.
      let offset = 0;
      let size = 0;
      for (let bit = 0; bit < 4; bit++) {
        if (op & (1 << bit)) offset += (delta[position++] ?? 0) * 2 ** (8 * bit);
      }
      for (let bit = 0; bit < 3; bit++) {
        if (op & (16 << bit)) size += (delta[position++] ?? 0) * 2 ** (8 * bit);
      }
      if (size === 0) size = 0x10000;
      target.set(base.subarray(offset, offset + size), written);
      written += size;
    } else if (op !== 0) {
      target.set(delta.subarray(position, position + op), written);
      position += op;
      written += op;
    } else {
      throw new Error('delta has a reserved zero instruction');
    }
  }
  if (written !== target.byteLength) throw new Error('delta result size does not match');
  return target;
}
