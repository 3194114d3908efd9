import type { ExpressionBuilder, Selectable } from 'kysely';
import { dialectOf } from '../storage/dialect-of.js';
import type { DatabaseSchema, Db, JobsTable } from '../storage/schema.js';

/** A stored job. */
export type JobRow = Selectable<JobsTable>;

/** What {@link claimJob} needs: the kinds this runner handles, its claim token and the lease. */
export interface ClaimRequest {
  kinds: readonly string[];
  /** Written to `claim`: only its holder may renew, finish or fail the job. */
  claim: string;
  now: Date;
  leaseMs: number;
}

/**
 * The id of the job due longest ago among `kinds`: queued and due, or running with a lease that
 * ran out (its runner is gone).
 */
function dueJob(db: Db, kinds: readonly string[], now: string) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]),
      ]),
    )
    .orderBy('run_after')
    .orderBy('id')
    .limit(1);
}

/**
 * Claims the job due longest ago among `kinds`, or answers undefined. On PostgreSQL the
 * candidate is locked with `FOR UPDATE SKIP LOCKED`, so claimers on many instances each take a
 * different job without waiting on one another; on SQLite one statement picks and claims it
 * (SQLite runs one writer at a time, so no two claimers ever see the same job free).
 */
export async function claimJob(db: Db, request: ClaimRequest): Promise<JobRow | undefined> {
  if (request.kinds.length === 0) return undefined;
  const now = request.now.toISOString();
  const claimed = {
    state: 'running' as const,
    claim: request.claim,
    lease_expires_at: new Date(request.now.getTime() + request.leaseMs).toISOString(),
    attempts: (eb: ExpressionBuilder<DatabaseSchema, 'jobs'>) => eb('attempts', '+', 1),
    updated_at: now,
  };
  if (dialectOf(db) === 'postgres') {
    // A read first: an idle poll writes nothing (no change notification to every instance).
    return db.transaction().execute(async (trx) => {
      const candidate = await dueJob(trx, request.kinds, now)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (candidate === undefined) return undefined;
      return trx
        .updateTable('jobs')
        .set(claimed)
        .where('id', '=', candidate.id)
        .returningAll()
        .executeTakeFirst();
    });
  }
  return db
    .updateTable('jobs')
    .set(claimed)
    .where('id', '=', dueJob(db, request.kinds, now))
    .returningAll()
    .executeTakeFirst();
}
