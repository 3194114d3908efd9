import type { RevisionPage } from '@docsync/core';
import { EMPTY_DOCUMENT, type PageRow, type StoredPageFields } from './stored-revision.js';

/**
 * The stored fields of the (frozen) page objects of shared page trees. Only frozen pages are
 * here, so what a page holds cannot drift from its entry.
 */
export const storedPageFields = new WeakMap<RevisionPage, StoredPageFields>();

/** Freezes a page (not its fields' values) and records what its row stores. */
export function sharePage<T extends RevisionPage>(page: T, stored: StoredPageFields): T {
  if ('pages' in page) Object.freeze(page.pages);
  Object.freeze(page);
  storedPageFields.set(page, stored);
  return page;
}

/** The frozen page tree of a shared load: documents are {@link EMPTY_DOCUMENT}. */
export function sharedPageTree(
  children: ReadonlyMap<string | null, readonly PageRow[]>,
): RevisionPage[] {
  const build = (parentId: string | null): RevisionPage[] =>
    (children.get(parentId) ?? []).map((row) => {
      const page = { ...row.fields };
      if (page.type !== 'link') page.pages = build(row.pageId);
      if (page.type === 'document') page.document = EMPTY_DOCUMENT;
      return sharePage(page, { fieldsText: row.fieldsText, documentHash: row.documentHash });
    });
  const pages = build(null);
  Object.freeze(pages);
  return pages;
}
