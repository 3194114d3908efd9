import { createHash } from 'node:crypto';
import type { JSONDocument } from '@docsync/core';
import type { Db } from '../storage/schema.js';

/** A document named by the SHA-256 of its JSON text, with the text when it was just made. */
export interface StoredDocument {
  hash: string;
  document: JSONDocument;
  /** The JSON text, when serializing it was needed for the hash (see {@link storedDocument}). */
  body?: string;
}

/**
 * Hashes of documents serialized before, by object. Documents are immutable values (core's
 * contract: a change builds a new object), and the import's conversion cache hands an unchanged
 * page the same document object as last time, so a revision that keeps most pages serializes and
 * hashes only the new ones. Only the hash is kept: the text is rebuilt if it must be stored.
 */
const hashes = new WeakMap<JSONDocument, string>();

/** Documents kept in memory beyond this many are forgotten, least recently used first. */
const MAX_KEPT_DOCUMENTS = 20_000;

/**
 * Documents by hash, shared by every load and store in the process. A hash names one text, so an
 * entry can never be stale (whatever database it came from), and revisions that share a document
 * share one object: merges and diffs then see unchanged pages by identity instead of comparing
 * their JSON, and a second load costs no parsing.
 */
const kept = new Map<string, JSONDocument>();

function keep(hash: string, document: JSONDocument): void {
  kept.delete(hash);
  kept.set(hash, document);
  hashes.set(document, hash);
  if (kept.size > MAX_KEPT_DOCUMENTS) {
    const oldest = kept.keys().next();
    if (oldest.done !== true) kept.delete(oldest.value);
  }
}

/**
 * Names a document by the SHA-256 of its JSON text. The converter builds documents with a fixed
 * key order, so the same content always gets the same hash and is stored once.
 */
export function storedDocument(document: JSONDocument): StoredDocument {
  const known = hashes.get(document);
  if (known !== undefined) return { hash: known, document };
  const body = JSON.stringify(document);
  const hash = createHash('sha256').update(body).digest('hex');
  hashes.set(document, hash);
  return { hash, document, body };
}

/** Rows per insert: far below both dialects' limits on bound parameters. */
const BATCH = 200;

/**
 * Stores documents not stored yet. Existing hashes are skipped (same hash, same text), so a
 * revision that keeps most pages writes only the documents that changed.
 */
export async function storeDocuments(db: Db, documents: Iterable<StoredDocument>): Promise<void> {
  // Sorted, so that concurrent writers lock new rows in the same order and never deadlock.
  const all = [...documents];
  for (const doc of all) keep(doc.hash, doc.document);
  const unique = [...new Map(all.map((doc) => [doc.hash, doc])).values()].sort((a, b) =>
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
    const fresh = batch
      .filter((doc) => !known.has(doc.hash))
      .map((doc) => ({ hash: doc.hash, body: doc.body ?? JSON.stringify(doc.document) }));
    if (fresh.length === 0) continue;
    // Another writer may store the same document meanwhile: identical by construction.
    await db
      .insertInto('content_documents')
      .values(fresh)
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }
}

/** Loads documents by hash, from memory when a load or store in this process saw them. */
export async function loadDocuments(
  db: Db,
  hashes: Iterable<string>,
): Promise<Map<string, JSONDocument>> {
  const found = new Map<string, JSONDocument>();
  const wanted: string[] = [];
  for (const hash of new Set(hashes)) {
    const document = kept.get(hash);
    if (document === undefined) {
      wanted.push(hash);
      continue;
    }
    keep(hash, document);
    found.set(hash, document);
  }
  for (let start = 0; start < wanted.length; start += BATCH) {
    const rows = await db
      .selectFrom('content_documents')
      .selectAll()
      .where('hash', 'in', wanted.slice(start, start + BATCH))
      .execute();
    for (const row of rows) {
      const document = JSON.parse(row.body) as JSONDocument;
      keep(row.hash, document);
      found.set(row.hash, document);
    }
  }
  return found;
}
