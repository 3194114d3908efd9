import { describe, expect, it } from 'vitest';
import { BufferBound, fullCollection } from './buffer-bound.js';

const MB = 1024 * 1024;

describe('BufferBound', () => {
  it('collects once buffers grow past the slack over what the last collection left', () => {
    let bytes = 10 * MB;
    const collections: number[] = [];
    const bound = new BufferBound({
      slackBytes: 16 * MB,
      read: () => bytes,
      collect: () => {
        collections.push(bytes);
        // What is still referenced stays.
        bytes = 12 * MB;
      },
    });
    bytes = 26 * MB;
    expect(bound.settle()).toBe(false);
    bytes = 27 * MB;
    expect(bound.settle()).toBe(true);
    expect(collections).toEqual([27 * MB]);
    // The bound now counts from the 12 MB left.
    bytes = 28 * MB;
    expect(bound.settle()).toBe(false);
    // V8 collected meanwhile: the floor follows it down.
    bytes = 4 * MB;
    expect(bound.settle()).toBe(false);
    bytes = 21 * MB;
    expect(bound.settle()).toBe(true);
    expect(collections).toEqual([27 * MB, 21 * MB]);
  });

  it("frees dead buffers with V8's own full collection", async () => {
    const collect = fullCollection();
    // 32 MB of buffers, dead once this returns (held while it runs: the first collection keeps them).
    const heldWhileAlive = () => {
      const buffers = Array.from({ length: 64 }, () => Buffer.alloc(512 * 1024, 1));
      collect();
      const held = process.memoryUsage().arrayBuffers;
      expect(buffers.length).toBe(64);
      return held;
    };
    const held = heldWhileAlive();
    collect();
    // V8 frees the memory of dead buffers on a background thread after the collection.
    for (let tick = 0; tick < 100 && process.memoryUsage().arrayBuffers >= held - 24 * MB; tick++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(held - 24 * MB);
  });
});
