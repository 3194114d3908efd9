import { sql, type SqlBool } from 'kysely';
import type { FullText } from './full-text.js';
import { inScope, SECTION_BATCH, sectionRow } from './full-text.js';
import { indexedText } from './search-words.js';

/**
 * PostgreSQL: each section's words in a `terms` tsvector (GIN index) under the `simple`
 * configuration (no stemming, no stop words: the same words as on SQLite), weighted heading A,
 * page title B, text D, and ranked by `ts_rank`.
 */
export const postgresFullText: FullText = {
  async insertSections(db, spaceId, sections) {
    for (let start = 0; start < sections.length; start += SECTION_BATCH) {
      await db
        .insertInto('search_sections')
        .values(
          sections.slice(start, start + SECTION_BATCH).map((section) => ({
            ...sectionRow(spaceId, section),
            terms: sql`setweight(to_tsvector('simple', ${indexedText(section.title)}), 'A') ||
              setweight(to_tsvector('simple', ${indexedText(section.context)}), 'B') ||
              setweight(to_tsvector('simple', ${indexedText(section.body)}), 'D')`,
          })),
        )
        .execute();
    }
  },

  sectionHits(db, words, scope, match = 'every') {
    // Words hold only letters, marks and digits, so they need no escaping inside the query.
    const query = sql`to_tsquery('simple', ${words.map((word) => `'${word}':*`).join(match === 'any' ? ' | ' : ' & ')})`;
    return db
      .selectFrom('search_sections as s')
      .select([
        's.id',
        's.space_id',
        's.page_id',
        's.position',
        sql<number>`ts_rank(s.terms, ${query})::float8`.as('score'),
      ])
      .where(sql<SqlBool>`s.terms @@ ${query}`)
      .where((eb) => inScope(eb, scope));
  },
};
