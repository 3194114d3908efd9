import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { deflateBodies, deflateInWorker, PARALLEL_BYTES } from './deflate-bodies.js';
import { deflateObject } from './pack-file.js';

/** Page-like bodies of varied sizes (empty, tiny, a few kB, past zlib's 64 kB chunk) and bytes. */
function bodies(bytes: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let total = 0;
  for (let index = 0; total < bytes; index += 1) {
    const size = [0, 9, 2_000, 5_000, 70_000, 300][index % 6] ?? 0;
    const body = Buffer.alloc(
      size,
      `# Page ${String(index)}\n\nSome words of page ${String(index)}. `,
    );
    out.push(body);
    total += size;
  }
  return out;
}

const same = (actual: readonly Uint8Array[], input: readonly Uint8Array[]) => {
  expect(actual).toHaveLength(input.length);
  input.forEach((body, index) => {
    const deflated = actual[index] as Uint8Array;
    expect(Buffer.compare(deflated, deflateObject(body)), `body ${String(index)}`).toBe(0);
    expect(Buffer.compare(inflateSync(deflated), body)).toBe(0);
  });
};

describe('deflating many bodies', () => {
  it('gives the same bytes, in order, as deflating each on this thread, sharing the work with a worker', async () => {
    const inWorker = vi.fn(deflateInWorker);
    const input = bodies(2 * PARALLEL_BYTES);
    same(await deflateBodies(input, inWorker), input);
    expect(inWorker).toHaveBeenCalledTimes(1);
    // The worker took a part of the bodies: the last ones, some of them, not all.
    const given = inWorker.mock.calls[0]?.[0] ?? [];
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThan(input.length);
    expect(given.at(-1)).toBe(input.at(-1));
  });

  it('deflates few bytes on this thread alone', async () => {
    const inWorker = vi.fn(deflateInWorker);
    const input = bodies(PARALLEL_BYTES / 4);
    same(await deflateBodies(input, inWorker), input);
    expect(inWorker).not.toHaveBeenCalled();
  });

  it('deflates the worker’s part itself when the worker fails', async () => {
    const failing = (given: readonly Uint8Array[]) =>
      deflateInWorker(given, 'throw new Error("no zlib here")');
    await expect(failing([new Uint8Array(4)])).rejects.toThrow('no zlib here');
    const input = bodies(PARALLEL_BYTES + 1);
    same(await deflateBodies(input, failing), input);
  });
});
