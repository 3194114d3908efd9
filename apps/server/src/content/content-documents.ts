import { createHash } from 'node:crypto';
import type { JSONDocument } from '@docsync/core';
import type { Db } from '../storage/schema.js';

/** A document as stored: its JSON text and the SHA-256 of that text. */
export interface StoredDocument {
  hash: string;
  body: string;
}

/**
 * Serializes a document and names it by the SHA-256 of the text. The converter builds documents
 * with a fixed key order, so the same content always gets the same hash and is stored once.
 */
export function storedDocument(document: JSONDocument): StoredDocument {
  const body = JSON.stringify(document);
  return { hash: createHash('sha256').update(body).digest('hex'), body };
}

/** Rows per insert: far below both dialects' limits on bound parameters. */
const BATCH = 200;

/**
 * Stores documents not stored yet. Existing hashes are skipped (same hash, same text), so a
 * revision that keeps most pages writes only the documents that changed.
 */
export async function storeDocuments(db: Db, documents: Iterable<StoredDocument>): Promise<void> {
  // Sorted, so that concurrent writers lock new rows in the same order and never deadlock.
  const unique = [...new Map([...documents].map((doc) => [doc.hash, doc])).values()].sort((a, b) =>
    a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0,
  );
  for (let start = 0; start < unique.length; start += BATCH) {
    const batch = unique.slice(start, start + BATCH);
    const known = new Set(
      (
        await db
          .selectFrom('content_documents')
          .select('hash')
          .where(
            'hash',
            'in',
            batch.map((doc) => doc.hash),
          )
          .execute()
      ).map((row) => row.hash),
    );
    const fresh = batch.filter((doc) => !known.has(doc.hash));
    if (fresh.length === 0) continue;
    // Another writer may store the same document meanwhile: identical by construction.
    await db
      .insertInto('content_documents')
      .values(fresh)
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }
}

/** Loads documents by hash. */
export async function loadDocuments(
  db: Db,
  hashes: Iterable<string>,
): Promise<Map<string, JSONDocument>> {
  const wanted = [...new Set(hashes)];
  const found = new Map<string, JSONDocument>();
  for (let start = 0; start < wanted.length; start += BATCH) {
    const rows = await db
      .selectFrom('content_documents')
      .selectAll()
      .where('hash', 'in', wanted.slice(start, start + BATCH))
      .execute();
    for (const row of rows) found.set(row.hash, JSON.parse(row.body) as JSONDocument);
  }
  return found;
}
