import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from '../clock.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import type { Db } from '../storage/schema.js';
import { claimJob, type JobRow } from './claim-job.js';

/** A job as its handler sees it, while this runner holds its claim. */
export interface RunningJob {
  readonly id: string;
  readonly kind: string;
  readonly payload: unknown;
  /** 1 on the first claim; a job reclaimed after its runner died counts again. */
  readonly attempt: number;
  /** Aborted when the claim is lost (the lease ran out) or the runner stops. */
  readonly signal: AbortSignal;
  /**
   * Marks the job done in one transaction with `write`, and only while this claim still holds
   * (otherwise throws {@link LostClaimError} and nothing of `write` is kept): what a job writes
   * through it is written exactly once, even if a slow runner's job was claimed again.
   */
  finish(write?: (trx: Db) => Promise<void>): Promise<void>;
}

/** Runs the jobs of one kind. */
export interface JobHandler {
  readonly kind: string;
  /** Does the work; a throw is retried with backoff until the job's last attempt. */
  run(job: RunningJob): Promise<void>;
}

/** The claim of a job was lost: its lease ran out and another runner may hold it now. */
export class LostClaimError extends Error {
  override name = 'LostClaimError';
  /** Stable identifier of the failure. */
  readonly code = 'job-claim-lost';
}

/** How a claimed job ended, as {@link JobRunner} reports it (`settled` events). */
export interface JobOutcome {
  readonly id: string;
  readonly kind: string;
  readonly attempt: number;
  /** `retry`: it failed and is queued again; `failed`: it failed its last attempt. */
  readonly outcome: 'done' | 'retry' | 'failed' | 'lost';
  readonly error?: unknown;
}

/** Where the runner reports failures (pino's signature). */
export interface JobLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Options of {@link JobRunner}; every one has a default. */
export interface JobRunnerOptions {
  /** Default: the machine's. Leases and retry times are read from it. */
  clock?: Clock;
  /** How long a claim holds without renewal (renewed every third of it). Default 60 s. */
  leaseMs?: number;
  /** How often an idle runner looks for due jobs. Default 1 s. */
  pollMs?: number;
  /** The first retry's delay, doubled on each further attempt. Default 5 s. */
  backoffMs?: number;
  /** The longest retry delay. Default 15 min. */
  maxBackoffMs?: number;
  logger?: JobLogger;
}

const silent: JobLogger = { warn: () => undefined, error: () => undefined };

/** The delay before attempt `attempt + 1`: `base · 2^(attempt-1)`, at most `max`. */
export function retryDelay(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

/**
 * Claims due jobs from the database and runs them one at a time, renewing each claim's lease
 * while its handler runs. Many runners (one per server instance) share a database: a job is
 * claimed by one of them, and claimed again only when its lease ran out because its runner
 * stopped renewing it (the process died). A failed job is queued again after a growing delay
 * until its last attempt.
 */
export class JobRunner {
  /** `settled` (a {@link JobOutcome}) after each claimed job. */
  readonly events = new EventEmitter<{ settled: [JobOutcome] }>();
  readonly #db: Db;
  readonly #handlers: ReadonlyMap<string, JobHandler>;
  readonly #clock: Clock;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #backoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #logger: JobLogger;
  #stopping = new AbortController();
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;

  constructor(db: Db, handlers: readonly JobHandler[], options: JobRunnerOptions = {}) {
    this.#db = db;
    this.#handlers = new Map(handlers.map((handler) => [handler.kind, handler]));
    this.#clock = options.clock ?? { now: () => new Date() };
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#backoffMs = options.backoffMs ?? 5_000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
    this.#logger = options.logger ?? silent;
  }

  /** Starts claiming jobs in the background until {@link stop}. */
  start(): void {
    if (this.#loop !== undefined) return;
    this.#stopping = new AbortController();
    this.#loop = this.#run();
  }

  /** Looks for due jobs now instead of at the next poll (after enqueueing one). */
  wake(): void {
    this.#wake?.();
  }

  /** Stops claiming; a running job's handler sees its signal aborted and is waited for. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
  }

  async #run(): Promise<void> {
    const stopping = this.#stopping.signal;
    const stopped = () => stopping.aborted;
    while (!stopped()) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (error) {
        // The database is unreachable, say: try again at the next poll.
        this.#logger.error({ err: error }, 'claiming a job failed');
      }
      if (ran || stopped()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** Claims one due job and runs it; false when none was due. */
  async runOnce(): Promise<boolean> {
    const claim = randomBytes(12).toString('base64url');
    const row = await claimJob(this.#db, {
      kinds: [...this.#handlers.keys()],
      claim,
      now: this.#clock.now(),
      leaseMs: this.#leaseMs,
    });
    if (row === undefined) return false;
    await this.#execute(row, claim);
    return true;
  }

  async #execute(row: JobRow, claim: string): Promise<void> {
    const handler = this.#handlers.get(row.kind);
    if (handler === undefined) throw new Error(`no handler for the claimed kind \`${row.kind}\``);
    const lost = new AbortController();
    const onStop = () => {
      lost.abort(new Error('the job runner is stopping'));
    };
    this.#stopping.signal.addEventListener('abort', onStop, { once: true });
    const renewal = setInterval(
      () => {
        this.#renew(row.id, claim).then(
          (held) => {
            if (!held) lost.abort(new LostClaimError(`the claim of job \`${row.id}\` ran out`));
          },
          (error: unknown) => {
            this.#logger.warn({ err: error, job: row.id }, 'renewing a job lease failed');
          },
        );
      },
      Math.max(1, Math.floor(this.#leaseMs / 3)),
    );
    const progress = { finished: false };
    const job: RunningJob = {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      signal: lost.signal,
      finish: async (write) => {
        await this.#finish(row.id, claim, write);
        progress.finished = true;
      },
    };
    let outcome: JobOutcome;
    try {
      if (row.attempts > row.max_attempts)
        throw new Error(`the lease ran out on the last of ${String(row.max_attempts)} attempts`);
      await handler.run(job);
      if (!progress.finished) await this.#finish(row.id, claim);
      outcome = { id: row.id, kind: row.kind, attempt: row.attempts, outcome: 'done' };
    } catch (error) {
      outcome = await this.#failed(row, claim, error);
    } finally {
      clearInterval(renewal);
      this.#stopping.signal.removeEventListener('abort', onStop);
    }
    this.events.emit('settled', outcome);
  }

  /** Extends the lease; false when the claim is no longer this runner's. */
  async #renew(id: string, claim: string): Promise<boolean> {
    const now = this.#clock.now();
    const result = await this.#db
      .updateTable('jobs')
      .set({
        lease_expires_at: new Date(now.getTime() + this.#leaseMs).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async #finish(id: string, claim: string, write?: (trx: Db) => Promise<void>): Promise<void> {
    const now = this.#clock.now().toISOString();
    await this.#db.transaction().execute(async (trx) => {
      // First, so on PostgreSQL the row stays locked until `write` commits with it.
      const result = await trx
        .updateTable('jobs')
        .set({
          state: 'done',
          claim: null,
          lease_expires_at: null,
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('claim', '=', claim)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n)
        throw new LostClaimError(`job \`${id}\` is no longer claimed by this runner`);
      await write?.(trx);
    });
  }

  async #failed(row: JobRow, claim: string, error: unknown): Promise<JobOutcome> {
    const base = { id: row.id, kind: row.kind, attempt: row.attempts, error };
    if (error instanceof LostClaimError) {
      this.#logger.warn({ err: error, job: row.id }, 'a job’s claim ran out while it ran');
      return { ...base, outcome: 'lost' };
    }
    const now = this.#clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const last = row.attempts >= row.max_attempts;
    const failed = { state: 'failed' as const, finished_at: now.toISOString() };
    const retry = {
      state: 'queued' as const,
      run_after: new Date(
        now.getTime() + retryDelay(row.attempts, this.#backoffMs, this.#maxBackoffMs),
      ).toISOString(),
    };
    const settle = (changes: typeof failed | typeof retry, lastError: string) =>
      this.#db
        .updateTable('jobs')
        .set({
          ...changes,
          claim: null,
          lease_expires_at: null,
          last_error: lastError,
          updated_at: now.toISOString(),
        })
        .where('id', '=', row.id)
        .where('claim', '=', claim)
        .execute();
    try {
      await settle(last ? failed : retry, message);
    } catch (settling) {
      // A newer job with the same key waits already: it does this job's work.
      if (!isUniqueViolation(settling)) throw settling;
      await settle(failed, `${message} (a newer queued job with the same key replaces it)`);
    }
    this.#logger.warn(
      { err: error, job: row.id, kind: row.kind, attempt: row.attempts },
      last ? 'a job failed its last attempt' : 'a job failed; it is retried',
    );
    return { ...base, outcome: last ? 'failed' : 'retry' };
  }
}
