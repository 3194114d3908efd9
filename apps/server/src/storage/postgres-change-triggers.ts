import { sql } from 'kysely';
import type { Db } from './schema.js';

/** The channel on which PostgreSQL announces committed writes: payload `<schema>.<table>`. */
export const CHANGES_CHANNEL = 'docsync_changes';

const TRIGGER = 'docsync_notify_change';

/**
 * Makes PostgreSQL announce every committed write on {@link CHANGES_CHANNEL}: a statement-level
 * trigger on each table of the current schema that lacks one (run after the migrations, so tables
 * added by later migrations get theirs too). A notification is sent only if, and when, its
 * transaction commits, whoever wrote: another server instance, a foreign-key cascade, or a person
 * in psql revoking a token. Idempotent; instances starting together take turns on a lock.
 */
export async function installChangeTriggers(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`.${TRIGGER}`}))`.execute(
      trx,
    );
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           PERFORM pg_notify('${CHANGES_CHANNEL}', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
           RETURN NULL;
         END $$`,
      )
      .execute(trx);
    const missing = await sql<{ name: string }>`
      SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
        AND NOT EXISTS (
          SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ${TRIGGER}
        )`.execute(trx);
    for (const { name } of missing.rows) {
      await sql`CREATE TRIGGER ${sql.raw(TRIGGER)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(name)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(TRIGGER)}()`.execute(trx);
    }
  });
}
