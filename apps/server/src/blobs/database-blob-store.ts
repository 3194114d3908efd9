import { gitBlobId } from '@docsync/core';
import type { Db } from '../storage/schema.js';
import { BLOB_ID, type BlobStore } from './blob-store.js';

/**
 * A {@link BlobStore} in PostgreSQL's `blobs` table: what several instances of the service on one
 * database share, so a blob uploaded through one is served by all. With `fallback` (the blob
 * directory a single instance used before), a blob not in the table is looked up there and
 * copied into the table when read, so an existing installation moves over as it is used.
 */
export class DatabaseBlobStore implements BlobStore {
  readonly #db: Db;
  readonly #fallback: BlobStore | undefined;

  constructor(db: Db, options: { fallback?: BlobStore } = {}) {
    this.#db = db;
    this.#fallback = options.fallback;
  }

  async has(id: string): Promise<boolean> {
    return (await this.size(id)) !== undefined;
  }

  async size(id: string): Promise<number | undefined> {
    if (!BLOB_ID.test(id)) return undefined;
    const row = await this.#db
      .selectFrom('blobs')
      .select('size')
      .where('oid', '=', id)
      .executeTakeFirst();
    if (row !== undefined) return Number(row.size);
    return this.#fallback?.size(id);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const id = gitBlobId(bytes);
    await this.#db
      .insertInto('blobs')
      .values({
        oid: id,
        size: bytes.byteLength,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      })
      .onConflict((oc) => oc.column('oid').doNothing())
      .execute();
    return id;
  }

  async get(id: string): Promise<Uint8Array | undefined> {
    if (!BLOB_ID.test(id)) return undefined;
    const row = await this.#db
      .selectFrom('blobs')
      .select('bytes')
      .where('oid', '=', id)
      .executeTakeFirst();
    if (row !== undefined) return new Uint8Array(row.bytes);
    const old = await this.#fallback?.get(id);
    if (old !== undefined && gitBlobId(old) === id) await this.put(old);
    return old;
  }
}
