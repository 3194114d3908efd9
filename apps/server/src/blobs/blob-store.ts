import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gitBlobId } from '@docsync/core';

/** File bytes keyed by their git blob id, so clients can skip uploading what the server has. */
export interface BlobStore {
  /** Whether the bytes with this blob id are stored. */
  has(id: string): Promise<boolean>;
  /** Stores the bytes (a no-op when already stored) and returns their git blob id. */
  put(bytes: Uint8Array): Promise<string>;
  /**
   * Stores many blobs as {@link put} stores each, where the store has a faster way for many;
   * `oid` is each one's git blob id, which the caller computed (and checked).
   */
  putMany?(blobs: readonly { oid: string; bytes: Uint8Array }[]): Promise<void>;
  /** The stored bytes, or undefined when this blob id is not stored. */
  get(id: string): Promise<Uint8Array | undefined>;
  /** The size in bytes of a stored blob, or undefined when it is not stored. */
  size(id: string): Promise<number | undefined>;
}

/** A git blob id: 40 lowercase hex digits. */
export const BLOB_ID = /^[0-9a-f]{40}$/;

/**
 * A {@link BlobStore} in a directory: `<dir>/<first 2 hex digits>/<remaining 38>`, as git lays
 * out loose objects, so no directory grows past 256 entries at the top. A write goes to a
 * temporary file renamed into place, so a reader never sees half a blob and a crash leaves at
 * worst a stray temporary file.
 */
export class DirectoryBlobStore implements BlobStore {
  readonly #dir: string;
  /** Folders this store made or found: a first push's thousands of puts make each once. */
  readonly #folders = new Set<string>();
  /**
   * Temporary files are named by this store's random tag and a count: unique among the stores
   * (and processes) sharing the directory, without drawing random bytes for every put (about
   * a tenth of a first push's blob writes went to that).
   */
  readonly #tag = randomBytes(6).toString('hex');
  #temporaries = 0;

  readonly #writer: BlobWriter;

  /** `writerSource`: the script of `putMany`'s worker (tests give one that fails). */
  constructor(dir: string, options: { writerSource?: string | undefined } = {}) {
    this.#dir = dir;
    this.#writer = new BlobWriter(options.writerSource);
  }

  #path(id: string): string | undefined {
    // Ids come from URLs: anything but 40 lowercase hex digits would name some other file.
    if (!BLOB_ID.test(id)) return undefined;
    return join(this.#dir, id.slice(0, 2), id.slice(2));
  }

  async has(id: string): Promise<boolean> {
    return (await this.size(id)) !== undefined;
  }

  async size(id: string): Promise<number | undefined> {
    const path = this.#path(id);
    if (path === undefined) return undefined;
    try {
      const stats = await stat(path);
      return stats.isFile() ? stats.size : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async put(bytes: Uint8Array): Promise<string> {
    const id = gitBlobId(bytes);
    const path = this.#path(id);
    if (path === undefined) throw new Error(`gitBlobId returned \`${id}\`, not a blob id`);
    if (await this.has(id)) return id;
    const folder = join(this.#dir, id.slice(0, 2));
    if (!this.#folders.has(folder)) await this.#makeFolder(folder);
    this.#temporaries += 1;
    const temporary = `${path}.${this.#tag}-${String(this.#temporaries)}.tmp`;
    try {
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
      } catch (error) {
        // The folder was removed since (by hand): made again.
        if (!isNotFound(error)) throw error;
        await this.#makeFolder(folder);
        await writeFile(temporary, bytes, { mode: 0o600 });
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return id;
  }

  /**
   * Many blobs (a push's batch) are written by a worker thread with synchronous calls, as
   * {@link put} writes one: each put through the promise API is a stat, an open, a write, a close
   * and a rename, each a round trip through libuv's thread pool, and 12,000 of them took about
   * 1.1 s of the event loop's thread in a first push of 10,000 pages (a server profile). A few
   * go one by one; should the worker fail, so do the rest.
   */
  async putMany(blobs: readonly { oid: string; bytes: Uint8Array }[]): Promise<void> {
    const writable = blobs.filter((blob) => this.#path(blob.oid) !== undefined);
    if (writable.length !== blobs.length)
      throw new Error('putMany was given an id that is not a blob id');
    if (blobs.length >= MANY_BLOBS && this.#writer.usable) {
      const first = this.#temporaries + 1;
      this.#temporaries += blobs.length;
      try {
        await this.#writer.write(this.#dir, this.#tag, first, blobs);
        return;
      } catch {
        // Written one by one below: what the worker wrote is found there.
      }
    }
    for (const blob of blobs) await this.put(blob.bytes);
  }

  async #makeFolder(folder: string): Promise<void> {
    // Blobs are the organizations' files: the service's user only.
    await mkdir(folder, { recursive: true, mode: 0o700 });
    this.#folders.add(folder);
  }

  async get(id: string): Promise<Uint8Array | undefined> {
    const path = this.#path(id);
    if (path === undefined) return undefined;
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Blobs at once that {@link DirectoryBlobStore.putMany} hands to its worker; fewer go one by one. */
const MANY_BLOBS = 32;
/** A blob writer's worker ends after this long without work (a push's batches come closer). */
const WRITER_IDLE_MS = 5_000;

/**
 * The worker: writes each blob it is given into the store's directory as `put` does (skipped when
 * there, else a temporary file renamed into place, folders 0700, files 0600), and answers once
 * the batch is written or with the first failure. A script of its own (evaluated, not a file), so
 * the server loads it alike from source and from `dist`.
 */
const WRITER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const folders = new Set();
parentPort.on('message', ({ id, dir, tag, first, data, ends, names }) => {
  let start = 0;
  try {
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const bytes = data.subarray(start, ends[i]);
      start = ends[i];
      const folder = path.join(dir, name.slice(0, 2));
      const target = path.join(folder, name.slice(2));
      if (fs.statSync(target, { throwIfNoEntry: false })?.isFile()) continue;
      if (!folders.has(folder)) {
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        folders.add(folder);
      }
      const temporary = target + '.' + tag + '-' + String(first + i) + '.tmp';
      try {
        fs.writeFileSync(temporary, bytes, { mode: 0o600 });
        fs.renameSync(temporary, target);
      } catch (error) {
        fs.rmSync(temporary, { force: true });
        throw error;
      }
    }
    parentPort.postMessage({ id });
  } catch (error) {
    folders.clear();
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/**
 * The worker thread of a {@link DirectoryBlobStore}'s `putMany`: started when a batch comes,
 * ended after {@link WRITER_IDLE_MS} without one; it never keeps the process alive. Once it
 * fails to start or dies, it is not used again (`usable`).
 */
class BlobWriter {
  #worker: Worker | undefined;
  #next = 0;
  readonly #waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  #idle: NodeJS.Timeout | undefined;
  usable = true;
  readonly #source: string;

  /** `source`: the worker's script (tests give one that fails). */
  constructor(source: string = WRITER_SOURCE) {
    this.#source = source;
  }

  #start(): Worker {
    const worker = new Worker(this.#source, { eval: true });
    worker.unref();
    worker.on('message', (message: { id: number; error?: string }) => {
      const waiting = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      if (message.error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(message.error));
      if (this.#waiting.size === 0) this.#idleSoon();
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) {
        this.#worker = undefined;
        this.usable = false;
      }
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      // Ended when idle: not a failure; anything else is.
      if (this.#worker === worker)
        fail(new Error(`the blob writer exited with code ${String(code)}`));
    });
    return worker;
  }

  #idleSoon(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      const worker = this.#worker;
      this.#worker = undefined;
      if (worker !== undefined && this.#waiting.size === 0) void worker.terminate();
    }, WRITER_IDLE_MS);
    this.#idle.unref();
  }

  /** Writes the blobs into `dir` (temporary names from `tag` and `first` on). */
  write(
    dir: string,
    tag: string,
    first: number,
    blobs: readonly { oid: string; bytes: Uint8Array }[],
  ): Promise<void> {
    clearTimeout(this.#idle);
    const worker = (this.#worker ??= this.#start());
    const size = blobs.reduce((sum, blob) => sum + blob.bytes.byteLength, 0);
    const data = new Uint8Array(size);
    const ends = new Uint32Array(blobs.length);
    let at = 0;
    blobs.forEach((blob, index) => {
      data.set(blob.bytes, at);
      at += blob.bytes.byteLength;
      ends[index] = at;
    });
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage(
        { id, dir, tag, first, data, ends, names: blobs.map((blob) => blob.oid) },
        [data.buffer, ends.buffer],
      );
    });
  }
}
