import type { GitLocation, RevisionReusableContent } from '@docsync/api';
import type { JSONDocument } from '@docsync/core';
import { NotFoundError } from '../errors.js';
import { readJson } from '../resources/json-column.js';
import { loadDocuments, type DocumentStore } from './content-documents.js';
import type { RevisionStore } from './revision-caches.js';
import { revisionRows } from './revision-rows.js';

/** A reusable content as a revision row stores it: its document by hash. */
export interface StoredReusableContent {
  id: string;
  title: string;
  git?: GitLocation;
  /** The SHA-256 of the document (`content_documents.hash`). */
  document: string;
}

/**
 * The reusable content `reusableContentId` of a revision (404 `Reusable content not found`),
 * without its document. A revision with no stored row (a space's reserved first one) has none.
 */
export async function findReusableContent(
  store: RevisionStore,
  revisionId: string,
  reusableContentId: string,
): Promise<StoredReusableContent> {
  const rows = await revisionRows(store, revisionId);
  const stored =
    rows === undefined
      ? []
      : (readJson(rows.revision.reusable_contents) as StoredReusableContent[]);
  const found = stored.find((item) => item.id === reusableContentId);
  if (found === undefined) throw new NotFoundError('Reusable content');
  return found;
}

/** A reusable content as the API shows it; `metadata: false` leaves out `git`. */
export function reusableContentResource(
  item: StoredReusableContent,
  options: { metadata: boolean },
): RevisionReusableContent {
  return {
    id: item.id,
    title: item.title,
    ...(options.metadata && item.git !== undefined ? { git: item.git } : {}),
    document: item.document,
  };
}

/** The document of a stored reusable content. */
export async function reusableContentDocument(
  store: DocumentStore,
  item: StoredReusableContent,
): Promise<JSONDocument> {
  const document = (await loadDocuments(store, [item.document])).get(item.document);
  if (document === undefined)
    throw new Error(`the document ${item.document} of reusable content \`${item.id}\` is gone`);
  return document;
}
