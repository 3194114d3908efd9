import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Durable background jobs (issue 24): work the server does outside a request (processing an
 * OpenAPI spec first, then translations, integrations, conversations). A job waits `queued`
 * until `run_after`, is claimed by one runner (`running`, with a lease it renews), and ends
 * `done` or, after its last attempt, `failed`. A job whose lease ran out (its process died) is
 * claimed again. At most one job per `key` waits queued: enqueueing another moves its time.
 */
export const jobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_after', 'text', (c) => c.notNull())
      .addColumn('claim', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    // What a runner looks for: queued jobs by time, and running ones whose lease ran out.
    await db.schema
      .createIndex('jobs_queued_by_time')
      .on('jobs')
      .columns(['state', 'run_after', 'id'])
      .execute();
    await db.schema
      .createIndex('jobs_running_by_lease')
      .on('jobs')
      .columns(['state', 'lease_expires_at'])
      .execute();
    await db.schema
      .createIndex('jobs_one_queued_per_key')
      .unique()
      .on('jobs')
      .column('key')
      .where(sql<boolean>`state = 'queued'`)
      .execute();
  },
};
