import { PostgresAdapter } from 'kysely';

/** The database engines docsync stores in. */
export type DialectName = 'sqlite' | 'postgres';

/** What {@link dialectOf} reads: any Kysely instance or transaction. */
interface WithAdapter {
  getExecutor(): { readonly adapter: unknown };
}

/**
 * Which engine a Kysely instance (or a transaction of one) runs on, for the few statements the
 * dialects write differently (full-text search).
 */
export function dialectOf(db: WithAdapter): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
