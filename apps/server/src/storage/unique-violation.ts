/**
 * Whether a database error is a unique-constraint (or primary-key) violation, on either dialect:
 * PostgreSQL's SQLSTATE 23505, or SQLite's SQLITE_CONSTRAINT_UNIQUE (extended code 2067) and
 * SQLITE_CONSTRAINT_PRIMARYKEY (1555).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === '23505' || errcode === 2067 || errcode === 1555;
}
