import type PQueue from 'p-queue';
import { backoffDelay } from '@docsync/sync';
import type { Clock, TimerHandle } from './clock.js';
import type { DaemonConfig, RepositoryConfig } from './daemon-config.js';
import type { DaemonMetrics } from './daemon-metrics.js';
import { Debounce } from './debounce.js';
import type { Logger } from './json-logger.js';
import { recoverStaleLocks } from './recover-stale-locks.js';
import type { StateStore } from './state-store.js';
import { syncRepository } from './sync-repository.js';
import type { RepositoryWatch, WatchEventKind } from './watch-repository.js';

/** A burst of events never delays a sync longer than this many debounce periods. */
const MAX_DEBOUNCE_PERIODS = 5;

/** What every repository's worker shares: the daemon's config, queue, state and outputs. */
export interface WorkerContext {
  config: DaemonConfig;
  logger: Logger;
  clock: Clock;
  metrics: DaemonMetrics;
  store: StateStore;
  /** One cycle at a time per repository, `concurrency` across them. */
  queue: PQueue;
  /** The token, read anew for every cycle. */
  token: () => Promise<string>;
  /** Whether the daemon is shutting down: nothing new is started. */
  stopping: () => boolean;
  random?: (() => number) | undefined;
}

/**
 * One watched repository: its changes debounced into cycles (`syncRepository`) that run through
 * the shared queue, never two at once for it (a change during a cycle runs one more after it), a
 * failed cycle retried with backoff without holding up other repositories, its outcome written
 * to the state file and the metrics.
 */
export class RepositoryWorker {
  watch: RepositoryWatch | undefined;
  /** Completed a cycle since the process started. */
  synced = false;
  private blockedByWorkingTree = false;
  private readonly debounce: Debounce;
  private retry: TimerHandle | undefined;
  private attempt = 0;
  private queued = false;
  private running = false;
  private again = false;
  private force = false;

  readonly repository: RepositoryConfig;
  private readonly context: WorkerContext;

  constructor(repository: RepositoryConfig, context: WorkerContext) {
    this.repository = repository;
    this.context = context;
    this.debounce = new Debounce(
      context.clock,
      context.config.debounceMs,
      MAX_DEBOUNCE_PERIODS,
      () => {
        this.schedule(false);
      },
    );
  }

  get name(): string {
    return this.repository.name;
  }

  /** A cycle is on its way already (its debounce or a retry is waiting). */
  get waiting(): boolean {
    return this.debounce.pending || this.retry !== undefined;
  }

  /** A change the watch saw: commits and refs always count, working-tree edits only when a pull waits on them. */
  onChange(kind: WatchEventKind): void {
    // Uncommitted edits are not pushed; they matter only to a pull they held up.
    if (this.context.stopping() || (kind === 'worktree' && !this.blockedByWorkingTree)) return;
    this.debounce.poke();
  }

  /** Queues a cycle (`force`: do the work even when neither side moved). */
  schedule(force: boolean): void {
    if (this.context.stopping()) return;
    this.force ||= force;
    if (this.queued) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.queued = true;
    this.context.queue
      .add(async () => {
        this.queued = false;
        this.running = true;
        try {
          await this.runCycle();
        } finally {
          this.running = false;
          if (this.again) {
            this.again = false;
            this.schedule(false);
          }
        }
      })
      .catch((error: unknown) => {
        this.context.logger.log('error', 'queue-failed', { repository: this.name, error });
      });
  }

  /** Drops waiting debounces and retries. */
  stop(): void {
    this.debounce.cancel();
    if (this.retry !== undefined) this.context.clock.clearTimeout(this.retry);
    this.retry = undefined;
  }

  private async runCycle(): Promise<void> {
    const { config, logger, clock, metrics, store } = this.context;
    const { repository } = this;
    const force = this.force;
    this.force = false;
    const started = clock.now();
    try {
      const removed = await recoverStaleLocks(repository.path, {
        staleAfterMs: config.staleLockAgeMs,
        now: () => clock.now(),
      });
      for (const path of removed)
        logger.log('warn', 'stale-lock-removed', { repository: repository.name, path });
      const last = store.state.repositories[repository.name];
      const result = await syncRepository(repository, {
        url: config.url,
        token: await this.context.token(),
        last: force ? undefined : last,
        force,
        onWork: (moved) => {
          logger.log('info', 'sync-start', { repository: repository.name, forced: force, moved });
        },
      });
      const at = clock.now();
      this.attempt = 0;
      this.synced = true;
      // A retry still pending from an earlier failure has nothing left to do.
      if (this.retry !== undefined) clock.clearTimeout(this.retry);
      this.retry = undefined;
      this.blockedByWorkingTree = result.blockedByWorkingTree;
      if (result.skipped && last?.lastError === undefined) {
        // Nothing moved and nothing to clear: no write (an idle poll touches no disk).
        metrics.recordLastSuccess(repository.name, at);
        return;
      }
      store.update(
        repository.name,
        {
          ...(result.head === null ? {} : { head: result.head }),
          ...(result.revision === undefined ? {} : { revision: result.revision }),
          ...(result.changeRequest === undefined ? {} : { changeRequest: result.changeRequest }),
          lastSuccess: new Date(at).toISOString(),
        },
        [
          'lastError',
          ...(result.revision === undefined ? (['revision'] as const) : []),
          ...(result.head === null ? (['head'] as const) : []),
        ],
      );
      if (result.skipped) {
        metrics.recordLastSuccess(repository.name, at);
        return;
      }
      for (const step of result.steps)
        metrics.countStep(repository.name, step.operation, step.outcome);
      metrics.recordCycle(repository.name, (at - started) / 1000, true, at);
      const level = result.steps.some((step) => step.outcome === 'conflicts') ? 'warn' : 'info';
      logger.log(level, 'synced', {
        repository: repository.name,
        steps: result.steps,
        head: result.head,
        ...(result.changeRequest === undefined ? {} : { changeRequest: result.changeRequest }),
        durationMs: at - started,
      });
    } catch (error) {
      this.failed(error, started);
    }
  }

  /** Records a failed cycle and, unless the daemon is stopping, retries it with backoff. */
  private failed(error: unknown, started: number): void {
    const { config, logger, clock, metrics, store } = this.context;
    const at = clock.now();
    this.attempt += 1;
    metrics.countStep(this.name, 'cycle', 'error');
    metrics.recordCycle(this.name, (at - started) / 1000, false, at);
    const errorCode = (error as { code?: unknown }).code;
    const code = typeof errorCode === 'string' ? errorCode : 'unexpected';
    store.update(this.name, {
      lastError: {
        code,
        message: error instanceof Error ? error.message : String(error),
        at: new Date(at).toISOString(),
      },
    });
    if (this.context.stopping()) {
      logger.log('error', 'sync-failed', { repository: this.name, error });
      return;
    }
    const delay = backoffDelay(
      this.attempt,
      { baseDelayMs: config.retry.initialMs, maxDelayMs: config.retry.maxMs },
      this.context.random ?? Math.random,
    );
    logger.log('error', 'sync-failed', {
      repository: this.name,
      error,
      attempt: this.attempt,
      retryInMs: delay,
    });
    if (this.retry !== undefined) clock.clearTimeout(this.retry);
    this.retry = clock.setTimeout(() => {
      this.retry = undefined;
      this.schedule(true);
    }, delay);
  }
}
