import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.js';

/** A migration did not apply; the database is left at the last one that did. */
export class MigrationError extends Error {
  override name = 'MigrationError';
  /** Stable identifier of the failure. */
  readonly code = 'migration-failed';
}

/**
 * Applies every migration not yet applied, in order. Idempotent. `schema` names the PostgreSQL
 * schema the server works in: Kysely's bookkeeping tables go there too (without it, Kysely looks
 * for them in every schema and trips over another server's in the same database).
 */
export async function migrateToLatest(db: Kysely<DatabaseSchema>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(
      `migration \`${failed?.migrationName ?? 'unknown'}\` failed: ${error instanceof Error ? error.message : 'no details'}`,
      { cause: error },
    );
  }
}
