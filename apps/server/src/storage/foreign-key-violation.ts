/**
 * Whether a database error is a foreign-key violation (a row refers to one that is gone), on
 * either dialect: PostgreSQL's SQLSTATE 23503, or SQLite's SQLITE_CONSTRAINT_FOREIGNKEY
 * (extended code 787).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === '23503' || errcode === 787;
}
