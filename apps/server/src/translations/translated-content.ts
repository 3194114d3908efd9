import { createHash } from 'node:crypto';
import type { JSONDocument, RevisionContent, RevisionPage } from '@docsync/core';
import { blockHash, mapTextBlocks, textBlocks, type DocumentNode } from './text-blocks.js';

/**
 * The id of a page's translation: derived from the translation and the source page, so every
 * run gives the same page the same id (re-runs update pages in place) and links between pages
 * can be pointed at their translations without a lookup.
 */
export function translatedPageId(translationId: string, sourcePageId: string): string {
  return createHash('sha256')
    .update(`translation/${translationId}/page/${sourcePageId}`)
    .digest('base64url')
    .slice(0, 16);
}

/** How a translation's ids relate to its source's. */
export interface IdMapping {
  translationId: string;
  sourceSpaceId: string;
  targetSpaceId: string;
  /** The source revision's page ids. */
  sourcePages: ReadonlySet<string>;
}

/** Every document of the content, with the page it belongs to (reusable contents: none). */
export function contentDocuments(
  content: RevisionContent,
): { pageId: string | undefined; document: JSONDocument }[] {
  const found: { pageId: string | undefined; document: JSONDocument }[] = [];
  const walk = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      if (page.type === 'document') found.push({ pageId: page.id, document: page.document });
      if ('pages' in page) walk(page.pages);
    }
  };
  walk(content.pages);
  for (const item of content.reusableContents)
    found.push({ pageId: undefined, document: item.document });
  return found;
}

/** The page ids of a page tree. */
export function pageIds(pages: readonly RevisionPage[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: readonly RevisionPage[]) => {
    for (const page of list) {
      ids.add(page.id);
      if ('pages' in page) walk(page.pages);
    }
  };
  walk(pages);
  return ids;
}

/**
 * A value with its references moved to the translation: a reference to a page of the source
 * (`{kind: 'page' | 'anchor', page}`) names the page's translation, and one to the source space
 * names the translated space. References elsewhere are kept.
 */
function remapRefs<T>(value: T, ids: IdMapping): T {
  if (Array.isArray(value)) return value.map((item: unknown) => remapRefs(item, ids)) as T;
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) out[key] = remapRefs(item, ids);
  const isRef = typeof source['kind'] === 'string';
  if (isRef && typeof source['page'] === 'string' && ids.sourcePages.has(source['page']))
    out['page'] = translatedPageId(ids.translationId, source['page']);
  if (isRef && source['space'] === ids.sourceSpaceId) out['space'] = ids.targetSpaceId;
  return out as T;
}

/**
 * A document with each text block replaced by its translation (structure and code kept) and its
 * references moved to the translation.
 */
export function translatedDocument(
  document: JSONDocument,
  translations: ReadonlyMap<string, DocumentNode>,
  ids: IdMapping,
): JSONDocument {
  const nodes = mapTextBlocks(
    document.nodes as unknown as DocumentNode[],
    (block) => translations.get(blockHash(block)) ?? block,
  );
  return remapRefs({ ...document, nodes: nodes as unknown as JSONDocument['nodes'] }, ids);
}

/**
 * The translated copy of a revision's content: the same page tree with the pages' ids mapped
 * (see {@link translatedPageId}), every document's text blocks replaced by their translations
 * and every reference to a source page or the source space moved to the translation. Files,
 * variables and reusable contents keep their ids (they belong to the translated space alone).
 */
export function translatedContent(
  source: RevisionContent,
  translations: ReadonlyMap<string, DocumentNode>,
  ids: IdMapping,
): RevisionContent {
  const page = (item: RevisionPage): RevisionPage => {
    const copy: RevisionPage = { ...item, id: translatedPageId(ids.translationId, item.id) };
    if (copy.type === 'document')
      copy.document = translatedDocument(copy.document, translations, ids);
    if (copy.type === 'link') copy.target = remapRefs(copy.target, ids);
    if ('pages' in copy) copy.pages = copy.pages.map(page);
    return copy;
  };
  return {
    pages: source.pages.map(page),
    files: source.files,
    reusableContents: source.reusableContents.map((item) => ({
      ...item,
      document: translatedDocument(item.document, translations, ids),
    })),
    variables: source.variables,
  };
}

/** The hashes of the text blocks of documents. */
export function blockHashes(documents: readonly { document: JSONDocument }[]): Set<string> {
  const found = new Set<string>();
  for (const { document } of documents)
    for (const block of textBlocks(document.nodes as unknown as DocumentNode[]))
      found.add(blockHash(block));
  return found;
}

/** The text blocks of documents that the memory has no translation of, by hash, once each. */
export function untranslatedBlocks(
  documents: readonly { pageId: string | undefined; document: JSONDocument }[],
  memory: ReadonlyMap<string, DocumentNode>,
): { blocks: Map<string, DocumentNode>; pages: Set<string>; used: Set<string> } {
  const blocks = new Map<string, DocumentNode>();
  const pages = new Set<string>();
  const used = new Set<string>();
  for (const { pageId, document } of documents) {
    for (const block of textBlocks(document.nodes as unknown as DocumentNode[])) {
      const hash = blockHash(block);
      used.add(hash);
      if (memory.has(hash)) continue;
      blocks.set(hash, block);
      if (pageId !== undefined) pages.add(pageId);
    }
  }
  return { blocks, pages, used };
}
