import { gitBlobId } from '@docsync/core';
import type { BlobStore } from './blob-store.js';

/**
 * A {@link BlobStore} that writes to `store` and reads what it lacks from `previous` (where an
 * earlier configuration kept blobs), copying each such blob into `store` as it is read: an
 * existing installation moves over to a new store as it is used, with nothing to run first.
 * Bytes from `previous` are copied only when they hash to the id asked for.
 */
export class MovingBlobStore implements BlobStore {
  readonly #store: BlobStore;
  readonly #previous: BlobStore;

  constructor(store: BlobStore, previous: BlobStore) {
    this.#store = store;
    this.#previous = previous;
  }

  async has(id: string): Promise<boolean> {
    return (await this.size(id)) !== undefined;
  }

  async size(id: string): Promise<number | undefined> {
    return (await this.#store.size(id)) ?? this.#previous.size(id);
  }

  put(bytes: Uint8Array): Promise<string> {
    return this.#store.put(bytes);
  }

  async get(id: string): Promise<Uint8Array | undefined> {
    const bytes = await this.#store.get(id);
    if (bytes !== undefined) return bytes;
    const old = await this.#previous.get(id);
    if (old !== undefined && gitBlobId(old) === id) await this.#store.put(old);
    return old;
  }
}
