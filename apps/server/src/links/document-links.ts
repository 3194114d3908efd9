import type { JSONDocument } from '@docsync/core';
import { loadDocuments, type DocumentStore } from '../content/content-documents.js';
import { readJson, writeJson } from '../resources/json-column.js';
import { documentSections, type DocumentOutline } from '../search/document-sections.js';
import type { Db } from '../storage/schema.js';
import { collectRefs, type LinkRef } from './collect-refs.js';

/** What links need of a document: the references in it and the anchors of its headings. */
export interface DocumentLinks {
  refs: LinkRef[];
  anchors: string[];
}

/** Hashes per statement: well under both dialects' limits on parameters. */
const BATCH = 200;

/** The references and heading anchors of a document (its `outline` when split already). */
export function linksOfDocument(
  document: JSONDocument,
  outline: DocumentOutline = documentSections(document),
): DocumentLinks {
  return {
    refs: collectRefs(document.nodes),
    anchors: outline.sections.map((section) => section.anchor),
  };
}

/**
 * Records the links of documents not recorded yet. Documents are immutable and named by hash,
 * so a document's links are read once whatever revision, space or change request holds it.
 * Sorted by hash, so concurrent writers lock new rows in one order and never deadlock.
 * `outlines` (by hash) are documents split at their headings already (by the search index).
 */
export async function storeDocumentLinks(
  db: Db,
  documents: ReadonlyMap<string, JSONDocument>,
  outlines?: ReadonlyMap<string, DocumentOutline>,
): Promise<Map<string, DocumentLinks>> {
  const stored = new Map<string, DocumentLinks>();
  const hashes = [...documents.keys()].sort();
  for (let start = 0; start < hashes.length; start += BATCH) {
    const rows = hashes.slice(start, start + BATCH).map((hash) => {
      const links = linksOfDocument(documents.get(hash) as JSONDocument, outlines?.get(hash));
      stored.set(hash, links);
      return {
        document_hash: hash,
        refs: writeJson(links.refs),
        anchors: writeJson(links.anchors),
      };
    });
    await db
      .insertInto('document_links')
      .values(rows)
      .onConflict((conflict) => conflict.column('document_hash').doNothing())
      .execute();
  }
  return stored;
}

/** The links of documents by hash, reading (and recording) those not recorded yet. */
export async function loadDocumentLinks(
  store: DocumentStore,
  hashes: Iterable<string>,
): Promise<Map<string, DocumentLinks>> {
  const { db } = store;
  const wanted = [...new Set(hashes)];
  const found = new Map<string, DocumentLinks>();
  for (let start = 0; start < wanted.length; start += BATCH) {
    const rows = await db
      .selectFrom('document_links')
      .selectAll()
      .where('document_hash', 'in', wanted.slice(start, start + BATCH))
      .execute();
    for (const row of rows)
      found.set(row.document_hash, {
        refs: readJson(row.refs) as LinkRef[],
        anchors: readJson(row.anchors) as string[],
      });
  }
  const missing = wanted.filter((hash) => !found.has(hash));
  if (missing.length === 0) return found;
  const documents = await loadDocuments(store, missing);
  for (const [hash, links] of await storeDocumentLinks(db, documents)) found.set(hash, links);
  return found;
}
