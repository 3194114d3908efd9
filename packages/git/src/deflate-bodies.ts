import { Worker } from 'node:worker_threads';
import { deflateObject, deflateOptions } from './pack-file.js';

/**
 * Bodies of at least this many bytes in all are deflated by this thread and a worker thread
 * together. A worker takes about 30 ms to start; below this, deflating alone on this thread
 * (about 60 MB/s of pages at zlib's fastest level) is done before a worker would help.
 */
export const PARALLEL_BYTES = 4 << 20;
/** This thread's share of the bytes: the worker starts later. */
const OWN_SHARE = 0.55;

/**
 * The worker: for each message (an id, the bodies as one buffer and where each ends, and the
 * options computed for each by {@link deflateOptions}), deflates the bodies and sends them back
 * as one buffer. It is a script of its own (evaluated, not a file) so that bundles of the
 * package (the Action's) carry it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateSync } = require('node:zlib');
parentPort.on('message', ({ id, data, ends, level, windowBits, chunkSizes }) => {
  const out = [];
  let total = 0;
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const deflated = deflateSync(data.subarray(start, ends[i]), {
      level, windowBits: windowBits[i], chunkSize: chunkSizes[i],
    });
    out.push(deflated);
    total += deflated.byteLength;
    start = ends[i];
  }
  const joined = new Uint8Array(total);
  const outEnds = new Uint32Array(out.length);
  let at = 0;
  out.forEach((deflated, i) => { joined.set(deflated, at); at += deflated.byteLength; outEnds[i] = at; });
  parentPort.postMessage({ id, joined, ends: outEnds }, [joined.buffer, outEnds.buffer]);
});
`;

/**
 * A worker thread that deflates bodies as {@link deflateObject} does, batch after batch. It does
 * not keep the process alive; {@link close} ends it. Once it fails, every batch given to it
 * (and every later one) is rejected: callers deflate those themselves.
 */
export class DeflateWorker {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (deflated: Uint8Array[]) => void; reject: (error: Error) => void }
  >();
  #next = 0;
  #failed: Error | undefined;

  /** `source`: the worker's script (tests give one that fails). */
  constructor(source: string = WORKER_SOURCE) {
    this.#worker = new Worker(source, { eval: true });
    this.#worker.unref();
    this.#worker.on('message', (message: { id: number; joined: Uint8Array; ends: Uint32Array }) => {
      const waiting = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      const out: Uint8Array[] = [];
      let start = 0;
      for (const end of message.ends) {
        out.push(message.joined.subarray(start, end));
        start = end;
      }
      waiting?.resolve(out);
    });
    this.#worker.on('error', (error: Error) => {
      this.#fail(error);
    });
    this.#worker.on('exit', (code) => {
      this.#fail(new Error(`the deflate worker exited with code ${String(code)}`));
    });
  }

  #fail(error: Error): void {
    this.#failed ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(this.#failed);
    this.#waiting.clear();
  }

  /** The bodies deflated, in order. */
  deflate(bodies: readonly Uint8Array[]): Promise<Uint8Array[]> {
    if (this.#failed !== undefined) return Promise.reject(this.#failed);
    const size = bodies.reduce((sum, body) => sum + body.byteLength, 0);
    const data = new Uint8Array(size);
    const ends = new Uint32Array(bodies.length);
    const windowBits = new Uint8Array(bodies.length);
    const chunkSizes = new Uint32Array(bodies.length);
    let at = 0;
    let level = 0;
    bodies.forEach((body, index) => {
      data.set(body, at);
      at += body.byteLength;
      ends[index] = at;
      const options = deflateOptions(body.byteLength);
      windowBits[index] = options.windowBits;
      chunkSizes[index] = options.chunkSize;
      level = options.level;
    });
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, data, ends, level, windowBits, chunkSizes }, [
        data.buffer,
        ends.buffer,
        windowBits.buffer,
        chunkSizes.buffer,
      ]);
    });
  }

  /** Ends the worker; batches still waiting are rejected. */
  async close(): Promise<void> {
    this.#fail(new Error('the deflate worker was closed'));
    await this.#worker.terminate();
  }
}

/** Deflates `bodies` in a worker thread of their own (running `source`). */
export async function deflateInWorker(
  bodies: readonly Uint8Array[],
  source?: string,
): Promise<Uint8Array[]> {
  const worker = new DeflateWorker(source);
  try {
    return await worker.deflate(bodies);
  } finally {
    await worker.close();
  }
}

/**
 * The bodies as {@link deflateObject} deflates them, in order. Many bytes of them (a pack of
 * thousands of new objects) are shared with a worker thread, which takes the last part while
 * this thread deflates the first, so a machine's second core does half. Should the worker fail
 * (it cannot start, say), this thread deflates its part too: the result is the same bytes.
 */
export async function deflateBodies(
  bodies: readonly Uint8Array[],
  inWorker: (bodies: readonly Uint8Array[]) => Promise<Uint8Array[]> = deflateInWorker,
): Promise<Uint8Array[]> {
  const size = bodies.reduce((sum, body) => sum + body.byteLength, 0);
  if (size < PARALLEL_BYTES || bodies.length < 2) return bodies.map(deflateObject);
  let split = 0;
  for (let own = 0; split < bodies.length - 1 && own < size * OWN_SHARE; split += 1)
    own += bodies[split]?.byteLength ?? 0;
  const theirs = bodies.slice(split);
  const working = inWorker(theirs);
  // A rejection before this thread is done must not count as unhandled.
  working.catch(() => undefined);
  const mine = bodies.slice(0, split).map(deflateObject);
  const rest = await working.catch(() => theirs.map(deflateObject));
  return [...mine, ...rest];
}
