import { sql, type SqlBool } from 'kysely';
import type { FullText } from './full-text.js';
import { inScope, SECTION_BATCH, sectionRow } from './full-text.js';
import { indexedText } from './search-words.js';

/**
 * The token naming a space in the FTS5 `scope` column: `s` and the id in hex, one word whatever
 * characters the id holds, so `scope : <token>` restricts a match to the space inside the index.
 */
function scopeToken(spaceId: string): string {
  return `s${Buffer.from(spaceId, 'utf8').toString('hex')}`;
}

/**
 * SQLite: sections in `search_sections`, their words in the contentless FTS5 table `search_fts`
 * under the same rowid (a trigger removes them with the section). Ranked by BM25 with the heading
 * weighing most, then the page title, then the text.
 */
export const sqliteFullText: FullText = {
  async insertSections(db, spaceId, sections) {
    for (let start = 0; start < sections.length; start += SECTION_BATCH) {
      const batch = sections.slice(start, start + SECTION_BATCH);
      const inserted = await db
        .insertInto('search_sections')
        .values(batch.map((section) => sectionRow(spaceId, section)))
        .returning(['id', 'page_id', 'position'])
        .execute();
      // RETURNING gives no order guarantee: match rows by their (page, position) key.
      const idOf = new Map(inserted.map((row) => [`${row.page_id}\n${row.position}`, row.id]));
      const scope = scopeToken(spaceId);
      await db
        .insertInto('search_fts')
        .values(
          batch.map((section) => ({
            rowid: Number(idOf.get(`${section.page_id}\n${section.position}`)),
            title: indexedText(section.title),
            body: indexedText(section.body),
            context: indexedText(section.context),
            scope,
          })),
        )
        .execute();
    }
  },

  sectionHits(db, words, scope, wordMatch = 'every') {
    const terms = words.map((word) => `"${word}"*`).join(wordMatch === 'any' ? ' OR ' : ' ');
    const match = 'space' in scope ? `scope : ${scopeToken(scope.space)} AND (${terms})` : terms;
    return db
      .selectFrom('search_fts')
      .innerJoin('search_sections as s', 's.id', 'search_fts.rowid')
      .select([
        's.id',
        's.space_id',
        's.page_id',
        's.position',
        sql<number>`-bm25(search_fts, 10.0, 1.0, 4.0, 0.0)`.as('score'),
      ])
      .where(sql<SqlBool>`search_fts MATCH ${match}`)
      .where((eb) => inScope(eb, scope));
  },
};
