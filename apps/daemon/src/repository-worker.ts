import type PQueue from 'p-queue';
import { backoffDelay } from '@docsync/sync';
import type { Clock, TimerHandle } from './clock.js';
import type { DaemonConfig, RepositoryConfig } from './daemon-config.js';
import type { DaemonMetrics } from './daemon-metrics.js';
import { Debounce } from './debounce.js';
import type { Logger } from './json-logger.js';
import type { ObjectCache } from './object-cache.js';
import { recoverStaleLocks } from './recover-stale-locks.js';
import type { SharedClient } from './shared-client.js';
import type { StateStore } from './state-store.js';
import { syncRepository } from './sync-repository.js';
import type {
  RepositoryWatch,
  WatchEventKind,
  WatchRepositoryOptions,
} from './watch-repository.js';

/** A burst of events never delays a sync longer than this many debounce periods. */
const MAX_DEBOUNCE_PERIODS = 5;

/** What every repository's worker shares: the daemon's config, queue, client, cache, timer, state and outputs. */
export interface WorkerContext {
  config: DaemonConfig;
  logger: Logger;
  /** The daemon's one timer (`SharedTimer`): debounces and retries. */
  clock: Clock;
  metrics: DaemonMetrics;
  store: StateStore;
  /** One cycle at a time per repository, `concurrency` across them. */
  queue: PQueue;
  /** The token, read anew for every cycle. */
  token: () => Promise<string>;
  /** The one client for the service. */
  client: SharedClient;
  /** The one bounded cache: what a repository's cycles read from git, kept while it is busy. */
  objects: ObjectCache;
  /** Starts a watch of a repository's working tree (while a pull waits on uncommitted edits). */
  watchWorkingTree: (
    repository: RepositoryConfig,
    options: WatchRepositoryOptions,
  ) => Promise<RepositoryWatch>;
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
  /** The watch of the repository's refs, for as long as the daemon runs. */
  watch: RepositoryWatch | undefined;
  /** The watch of its working tree, only while a pull waits on uncommitted edits there. */
  private treeWatch: RepositoryWatch | undefined;
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

  /** Stops watching (the refs and the working tree). */
  async closeWatches(): Promise<void> {
    const watches = [this.watch, this.treeWatch];
    this.watch = undefined;
    this.treeWatch = undefined;
    await Promise.all(watches.map((watch) => watch?.close() ?? Promise.resolve()));
  }

  /**
   * Watches the working tree while a pull waits on uncommitted edits (so the pull runs as soon
   * as they are committed or discarded), and stops once it does not. An edit made before the
   * watch is in place is caught by the next poll, which looks at the space again.
   */
  private async followWorkingTree(blocked: boolean): Promise<void> {
    this.blockedByWorkingTree = blocked;
    if (blocked === (this.treeWatch !== undefined) || this.context.stopping()) return;
    if (!blocked) {
      const watch = this.treeWatch;
      this.treeWatch = undefined;
      await watch?.close();
      return;
    }
    try {
      this.treeWatch = await this.context.watchWorkingTree(this.repository, {
        onChange: (kind) => {
          this.onChange(kind);
        },
        onError: (error) => {
          this.context.logger.log('warn', 'watch-error', { repository: this.name, error });
        },
      });
    } catch (error) {
      // The poll retries the pull all the same.
      this.context.logger.log('error', 'watch-failed', { repository: this.name, error });
    }
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
      const cache = this.context.objects.take(repository.name);
      const result = await syncRepository(repository, {
        url: config.url,
        client: this.context.client.for(await this.context.token()),
        cache,
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
      // Only a cycle that did work read objects; what it read is kept in the shared cache.
      if (!result.skipped) await this.context.objects.keep(repository.name, repository.path, cache);
      await this.followWorkingTree(result.blockedByWorkingTree);
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
      this.context.objects.drop(repository.name);
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
