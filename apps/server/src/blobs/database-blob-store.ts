import { gitBlobId } from '@docsync/core';
import type { Db } from '../storage/schema.js';
import { BLOB_ID, type BlobStore } from './blob-store.js';

/**
 * A {@link BlobStore} in PostgreSQL's `blobs` table: what several instances of the service on one
 * database share, so a blob uploaded through one is served by all. Blobs a single instance kept
 * in its directory before move in through a `MovingBlobStore` (`docsync serve` wires it).
 */
export class DatabaseBlobStore implements BlobStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
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
    return row === undefined ? undefined : Number(row.size);
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
    return row === undefined ? undefined : new Uint8Array(row.bytes);
  }
}
