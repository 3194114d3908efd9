import { gitBlobId } from '@docsync/core';
import { objectStoreFor, PACK_BYTES, type ObjectStore } from './object-store.js';
import { DeflateWorker } from './deflate-bodies.js';
import { deflateObject, type PackObject } from './pack-file.js';
import { isoArgs, type RepoOptions } from './repo-options.js';

/** Bytes of bodies sent to the deflate worker at once. */
const BATCH_BYTES = 1 << 20;

/**
 * Blobs of fewer bytes than this in all are better written at the end, as any write is: the
 * worker's start and the hand-overs cost more than deflating them beside the transfer saves (a
 * first pull of 1,000 pages, 2.4 MB: median 620 ms with a packer, 548 ms without, 8 pulls each;
 * 10,000 pages, 23.5 MB: 3,068 ms with, 3,153 ms without, 6 each).
 */
export const BLOB_PACKER_MIN_BYTES = 4 << 20;

/**
 * Writes blobs into a repository as they arrive, as `git fetch` keeps a pack: blobs are deflated
 * in a worker thread a megabyte at a time while more arrive, and the pack (one per
 * {@link PACK_BYTES} of bodies) is written when it is full or at {@link finish}. A first pull
 * receives its thousands of files in batches and waits for the service between them; deflating
 * then, beside it, rather than all at once when every file is in, takes that work (about 0.4 s
 * for the 23.5 MB of a 10,000-page space) out of the pull's critical path. A later write of the
 * same blobs (`writeTree`) finds them and writes nothing. Blobs land before anything refers to
 * them, and an interrupted pull leaves at most unreferenced objects, which `git gc` prunes. Less
 * than a batch in all is deflated on this thread (a worker's start would cost more); should the
 * worker fail, this thread deflates what it was given.
 */
export class BlobPacker {
  readonly #store: ObjectStore;
  readonly #packBytes: number;
  #worker: DeflateWorker | undefined;
  /** The current pack's objects, and their bodies deflated, batch by batch. */
  #objects: PackObject[] = [];
  #batches: Promise<Uint8Array[]>[] = [];
  #bytes = 0;
  /** Bodies of the current pack not sent for deflating yet. */
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  readonly #seen = new Set<string>();
  readonly #writing: Promise<void>[] = [];

  readonly #workerSource: string | undefined;
  /** Deflate batches sent to the worker (for tests). */
  sent = 0;

  /**
   * `packBytes`: bytes of bodies per pack; `workerSource`: the deflate worker's script (tests use
   * a smaller pack and a worker that fails).
   */
  constructor(
    repo: RepoOptions,
    options: { packBytes?: number; workerSource?: string | undefined } = {},
  ) {
    const args = isoArgs(repo);
    this.#store = objectStoreFor(args.fs, args.gitdir, args.cache);
    this.#packBytes = options.packBytes ?? PACK_BYTES;
    this.#workerSource = options.workerSource;
  }

  /**
   * Adds a blob said to be `oid`. Bytes that hash to another id are left out: whatever writes
   * the file later checks it and says so.
   */
  add(oid: string, bytes: Uint8Array): void {
    if (this.#seen.has(oid) || gitBlobId(bytes) !== oid) return;
    this.#seen.add(oid);
    this.#objects.push({ oid, type: 'blob', body: bytes });
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.byteLength;
    this.#bytes += bytes.byteLength;
    if (this.#pendingBytes >= BATCH_BYTES) this.#send();
    if (this.#bytes >= this.#packBytes) this.#flush();
  }

  /** Sends the pending bodies to be deflated (here, when they are all there is). */
  #send(): void {
    const bodies = this.#pending;
    if (bodies.length === 0) return;
    if (this.#worker === undefined && this.#pendingBytes < BATCH_BYTES)
      this.#batches.push(Promise.resolve(bodies.map(deflateObject)));
    else {
      this.#worker ??= new DeflateWorker(this.#workerSource);
      this.sent += 1;
      this.#batches.push(
        this.#worker.deflate(bodies).catch(() => bodies.map((body) => deflateObject(body))),
      );
    }
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  #flush(): void {
    this.#send();
    if (this.#objects.length === 0) return;
    const [objects, batches] = [this.#objects, this.#batches];
    const written = Promise.all(batches).then((deflated) =>
      this.#store.writePack(objects, deflated.flat()),
    );
    // Reported by finish(); a caller that gives up before it must not see it as unhandled.
    written.catch(() => undefined);
    this.#writing.push(written);
    this.#objects = [];
    this.#batches = [];
    this.#bytes = 0;
  }

  /** Writes what is left, waits for every pack to be in place, and ends the worker. */
  async finish(): Promise<void> {
    try {
      this.#flush();
      await Promise.all(this.#writing);
    } finally {
      await this.close();
    }
  }

  /** Ends the worker (when the caller gives up: what was not written is not). */
  async close(): Promise<void> {
    await this.#worker?.close();
    this.#worker = undefined;
  }
}
