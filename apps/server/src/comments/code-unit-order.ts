/**
 * Compares strings by UTF-16 code units, the same everywhere: databases sort text by their
 * collations, which differ between SQLite and PostgreSQL.
 */
export function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
