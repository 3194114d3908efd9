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

/** Applies every migration not yet applied, in order. Idempotent. */
export async function migrateToLatest(db: Kysely<DatabaseSchema>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(
      `migration \`${failed?.migrationName ?? 'unknown'}\` failed: ${error instanceof Error ? error.message : 'no details'}`,
      { cause: error },
    );
  }
}
