import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * The SQL condition "`column` contains `text`, ignoring case", for the `search` and `title`
 * filters. `%`, `_` and `\` in the text match themselves. Both sides are lowered by `lower()` so
 * each dialect folds them alike: PostgreSQL folds every letter, SQLite only A–Z.
 */
export function containsIgnoringCase(column: string, text: string): Expression<SqlBool> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${`%${escaped}%`}) escape '\\'`;
}
