import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * The SQL condition "`column` is one of `ids`": false for no ids (SQL has no empty `in ()`).
 * For the short lists an installation narrowed to some spaces or sites selects.
 */
export function amongIds(column: string, ids: ReadonlySet<string>): Expression<SqlBool> {
  if (ids.size === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join([...ids])})`;
}
