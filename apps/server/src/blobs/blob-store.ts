import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gitBlobId } from '@docsync/core';

/** File bytes keyed by their git blob id, so clients can skip uploading what the server has. */
export interface BlobStore {
  /** Whether the bytes with this blob id are stored. */
  has(id: string): Promise<boolean>;
  /** Stores the bytes (a no-op when already stored) and returns their git blob id. */
  put(bytes: Uint8Array): Promise<string>;
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

  constructor(dir: string) {
    this.#dir = dir;
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
