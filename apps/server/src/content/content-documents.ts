import { createHash } from 'node:crypto';
import type { JSONDocument } from '@docsync/core';
import type { CachedStore } from '../caches/cached-store.js';
import type { CountedCache } from '../caches/counted-cache.js';

/** A document named by the SHA-256 of its JSON text, with the text when it was just made. */
export interface StoredDocument {
  hash: string;
  document: JSONDocument;
  /** The JSON text, when serializing it was needed for the hash (see {@link storedDocument}). */
  body?: string;
}

/** A document's hash and the length of its JSON text (what it costs a cache to keep it). */
interface DocumentName {
  hash: string;
  bytes: number;
}

/**
 * Names of documents serialized or loaded before, by object. Documents are immutable values (core's
 * contract: a change builds a new object), and the import's conversion cache hands an unchanged
 * page the same document object as last time, so a revision that keeps most pages serializes and
 * hashes only the new ones. Only the hash and size are kept: the text is rebuilt if it must be
 * stored. Not a cache (nothing is evicted): an entry lives as long as its document.
 */
const names = new WeakMap<JSONDocument, DocumentName>();

/**
 * Documents by hash, shared by every load and store of a server (built with the server, see
 * `caches/server-caches.ts`). A hash names one text, so an entry can never be stale (whatever
 * database it came from), and revisions that share a document share one object: merges and diffs
 * then see unchanged pages by identity instead of comparing their JSON, and a second load costs no
 * parsing. Sized by the length of the JSON text.
 */
export type DocumentCache = CountedCache<string, JSONDocument>;

/** The caches of documents (see {@link DocumentCache}). */
export interface DocumentCaches {
  readonly documents: DocumentCache;
}

/** A database with the documents kept of it. */
export type DocumentStore = CachedStore<DocumentCaches>;

function keep(cache: DocumentCache, hash: string, document: JSONDocument, bytes: number): void {
  cache.set(hash, document, bytes);
  names.set(document, { hash, bytes });
}

/**
 * Names a document by the SHA-256 of its JSON text. The converter builds documents with a fixed
 * key order, so the same content always gets the same hash and is stored once.
 */
export function storedDocument(document: JSONDocument): StoredDocument {
  const known = names.get(document);
  if (known !== undefined) return { hash: known.hash, document };
  const body = JSON.stringify(document);
  const hash = createHash('sha256').update(body).digest('hex');
  names.set(document, { hash, bytes: body.length });
  return { hash, document, body };
}

/** Rows per insert: far below both dialects' limits on bound parameters. */
const BATCH = 200;

/**
 * Stores documents not stored yet. Existing hashes are skipped (same hash, same text), so a
 * revision that keeps most pages writes only the documents that changed.
 */
export async function storeDocuments(
  { db, caches }: DocumentStore,
  documents: Iterable<StoredDocument>,
): Promise<void> {
  // Sorted, so that concurrent writers lock new rows in the same order and never deadlock.
  const all = [...documents];
  for (const doc of all) {
    const bytes = doc.body?.length ?? names.get(doc.document)?.bytes;
    keep(caches.documents, doc.hash, doc.document, bytes ?? JSON.stringify(doc.document).length);
  }
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
  { db, caches }: DocumentStore,
  hashes: Iterable<string>,
): Promise<Map<string, JSONDocument>> {
  const found = new Map<string, JSONDocument>();
  const wanted: string[] = [];
  for (const hash of new Set(hashes)) {
    const document = caches.documents.get(hash);
    if (document === undefined) wanted.push(hash);
    else found.set(hash, document);
  }
  for (let start = 0; start < wanted.length; start += BATCH) {
    const rows = await db
      .selectFrom('content_documents')
      .selectAll()
      .where('hash', 'in', wanted.slice(start, start + BATCH))
      .execute();
    for (const row of rows) {
      const document = JSON.parse(row.body) as JSONDocument;
      keep(caches.documents, row.hash, document, row.body.length);
      found.set(row.hash, document);
    }
  }
  return found;
}
