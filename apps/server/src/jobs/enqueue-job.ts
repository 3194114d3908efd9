import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';

/** Attempts a job gets unless its enqueuer says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** A job to run in the background. */
export interface NewJob {
  /** The handler that runs it. */
  kind: string;
  /** What the handler reads; stored as JSON. */
  payload: unknown;
  /**
   * At most one job per key waits: enqueueing another while one is queued keeps that one,
   * with the new payload and the earlier of the two times. A running one does not count.
   */
  key?: string;
  /** Not before this (default: now). */
  runAfter?: Date;
  /** Default {@link DEFAULT_MAX_ATTEMPTS}. */
  maxAttempts?: number;
}

/**
 * Stores a job for a runner to claim; its id (that of the queued job it joined, with a key).
 * Pass the transaction of the write the job follows from, so the two commit together.
 */
export async function enqueueJob(
  db: Db,
  job: NewJob,
  options: { clock: Clock; ids: IdGenerator },
): Promise<string> {
  const now = options.clock.now().toISOString();
  const inserted = await db
    .insertInto('jobs')
    .values({
      id: options.ids(),
      kind: job.kind,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload),
      state: 'queued',
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_after: (job.runAfter ?? options.clock.now()).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .column('key')
        // The partial unique index's own predicate, so both engines infer it as the target.
        .where(sql<boolean>`state = 'queued'`)
        .doUpdateSet({
          payload: (eb) => eb.ref('excluded.payload'),
          run_after: sql<string>`CASE WHEN excluded.run_after < jobs.run_after
            THEN excluded.run_after ELSE jobs.run_after END`,
          updated_at: now,
        }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
