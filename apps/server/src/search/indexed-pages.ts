import type { Selectable } from 'kysely';
import { readJson, writeJson } from '../resources/json-column.js';
import type { ContentPagesTable, SearchPagesTable } from '../storage/schema.js';

/** A page row of a revision, as far as the search index reads it. */
export type IndexedPageRow = Pick<
  Selectable<ContentPagesTable>,
  'page_id' | 'parent_id' | 'position' | 'path' | 'document_hash' | 'fields'
>;

/** A search index entry without its space. */
export type IndexedPage = Omit<SearchPagesTable, 'space_id'>;

/**
 * The entries the search index should hold for a revision's page rows: one per document page
 * (of the pages `only`, when given), with its title, path and the titles of its ancestors
 * (groups included), outermost first.
 */
export function indexedPages(
  rows: readonly IndexedPageRow[],
  only?: ReadonlySet<string>,
): IndexedPage[] {
  const byId = new Map(rows.map((row) => [row.page_id, row]));
  const titles = new Map<string, string>();
  const titleOf = (row: IndexedPageRow): string => {
    let title = titles.get(row.page_id);
    if (title === undefined) {
      const fields = readJson(row.fields) as { title?: unknown };
      title = typeof fields.title === 'string' ? fields.title : '';
      titles.set(row.page_id, title);
    }
    return title;
  };
  const entries: IndexedPage[] = [];
  for (const row of rows) {
    if (row.document_hash === null || (only !== undefined && !only.has(row.page_id))) continue;
    const ancestors: { title: string }[] = [];
    const seen = new Set<string>([row.page_id]);
    for (
      let parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
      parent !== undefined && !seen.has(parent.page_id);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id)
    ) {
      seen.add(parent.page_id);
      ancestors.unshift({ title: titleOf(parent) });
    }
    entries.push({
      page_id: row.page_id,
      document_hash: row.document_hash,
      title: titleOf(row),
      path: row.path ?? '',
      ancestors: writeJson(ancestors),
    });
  }
  return entries;
}

/** Whether an index entry no longer matches what the revision says of its page. */
export function entryChanged(stored: IndexedPage, wanted: IndexedPage): boolean {
  return (
    stored.document_hash !== wanted.document_hash ||
    stored.title !== wanted.title ||
    stored.path !== wanted.path ||
    stored.ancestors !== wanted.ancestors
  );
}
