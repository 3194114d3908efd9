import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Options of {@link BufferBound}. */
export interface BufferBoundOptions {
  /** How far buffer memory may grow past what the last collection left, in bytes. */
  slackBytes: number;
  /** The bytes held by buffers now (default `process.memoryUsage().arrayBuffers`). */
  read?: () => number;
  /** A full garbage collection (default V8's, see {@link fullCollection}). */
  collect?: () => void;
}

/**
 * V8's own `gc()`, which `--expose-gc` gives to contexts made after it is set: the daemon sets it
 * from inside, so nobody has to start it with the flag.
 */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Keeps the memory of dead buffers from piling up between the daemon's cycles. A cycle reads
 * packs and responses into buffers (a pack is read whole by isomorphic-git and again in windows
 * by the git package), which outlive a young-generation collection and are freed only by a full
 * one; V8 starts that when buffer memory has grown by its own limit (64 MB), so a round of cycles
 * left that much in the allocator, which keeps the pages once it has them. Called after each
 * cycle, {@link settle} runs a full collection as soon as buffers have grown `slackBytes` past
 * what the last one left: a few collections in a round of a hundred cycles.
 */
export class BufferBound {
  readonly #slack: number;
  readonly #read: () => number;
  readonly #collect: () => void;
  #floor: number;

  constructor(options: BufferBoundOptions) {
    this.#slack = options.slackBytes;
    this.#read = options.read ?? (() => process.memoryUsage().arrayBuffers);
    this.#collect = options.collect ?? fullCollection();
    this.#floor = this.#read();
  }

  /** Collects when buffers have grown past the bound; returns whether it did. */
  settle(): boolean {
    const now = this.#read();
    // Freed meanwhile by V8's own collections: the floor follows them down.
    if (now < this.#floor) this.#floor = now;
    if (now - this.#floor <= this.#slack) return false;
    this.#collect();
    this.#floor = this.#read();
    return true;
  }
}
