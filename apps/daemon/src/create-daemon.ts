import PQueue from 'p-queue';
import { readToken } from '@docsync/sync';
import { startAdminServer, type AdminServer } from './admin-server.js';
import { backoffDelay } from './backoff.js';
import type { DaemonConfig, RepositoryConfig } from './daemon-config.js';
import { DaemonMetrics } from './daemon-metrics.js';
import type { Logger } from './json-logger.js';
import { recoverStaleLocks } from './recover-stale-locks.js';
import { readDaemonState, StateStore } from './state-store.js';
import { syncRepository } from './sync-repository.js';
import { watchRepository, type RepositoryWatch, type WatchEventKind } from './watch-repository.js';

/** A timer handle of the {@link Clock}. */
export type TimerHandle = ReturnType<typeof setTimeout>;

/** The time and the timers the daemon runs on (the process's in production). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** What {@link createDaemon} is wired with. */
export interface DaemonDeps {
  config: DaemonConfig;
  logger: Logger;
  clock: Clock;
  /** Where `DOCSYNC_TOKEN`/`DOCSYNC_TOKEN_FILE` come from when the config names no token file. */
  env: Readonly<Record<string, string | undefined>>;
  readFile(path: string): Promise<string>;
  random?: () => number;
}

/** A running daemon. */
export interface Daemon {
  /** The admin server's URL (`/healthz`, `/metrics`, `POST /sync`). */
  readonly adminUrl: string;
  /** Queues a forced cycle of one repository (or all); undefined for an unknown name. */
  trigger(repository?: string): string[] | undefined;
  /** Stops watching and polling, lets running cycles finish, writes the state, closes the port. */
  stop(): Promise<void>;
}

interface Worker {
  repository: RepositoryConfig;
  watch: RepositoryWatch | undefined;
  debounce: TimerHandle | undefined;
  firstEventAt: number | undefined;
  retry: TimerHandle | undefined;
  attempt: number;
  queued: boolean;
  running: boolean;
  again: boolean;
  force: boolean;
  /** Completed a cycle since the process started. */
  synced: boolean;
  blockedByWorkingTree: boolean;
}

/** A burst of events never delays a sync longer than this many debounce periods. */
const MAX_DEBOUNCE_PERIODS = 5;

/**
 * Starts the daemon: every repository is watched (chokidar), changes are debounced and
 * coalesced into one cycle (`syncRepository`), cycles run through a p-queue (one at a time per
 * repository, `concurrency` across them), a failed cycle is retried with backoff without
 * holding up the others, every repository is rescanned and its space polled each
 * `pollInterval`, and each gets a forced cycle at start. Resolves once the watches are in place
 * and the admin port listens.
 */
export async function createDaemon(deps: DaemonDeps): Promise<Daemon> {
  const { config, logger, clock } = deps;
  const metrics = new DaemonMetrics();
  const names = config.repositories.map((repository) => repository.name);
  const store = new StateStore(config.stateDir, await readDaemonState(config.stateDir), (error) => {
    logger.log('error', 'state-write-failed', { stateDir: config.stateDir, error });
  });
  for (const [name, entry] of Object.entries(store.state.repositories))
    if (entry.lastSuccess !== undefined && names.includes(name))
      metrics.recordLastSuccess(name, Date.parse(entry.lastSuccess));
  const queue = new PQueue({ concurrency: config.concurrency });
  const updateQueueMetrics = () => {
    metrics.setQueue(queue.size, queue.pending);
  };
  queue.on('add', updateQueueMetrics);
  queue.on('active', updateQueueMetrics);
  queue.on('next', updateQueueMetrics);
  let stopping = false;
  let poll: TimerHandle | undefined;

  const workers: Worker[] = config.repositories.map((repository) => ({
    repository,
    watch: undefined,
    debounce: undefined,
    firstEventAt: undefined,
    retry: undefined,
    attempt: 0,
    queued: false,
    running: false,
    again: false,
    force: false,
    synced: false,
    blockedByWorkingTree: false,
  }));

  const token = () =>
    readToken({
      env: config.tokenFile === undefined ? deps.env : {},
      tokenFile: config.tokenFile,
      readFile: (path) => deps.readFile(path),
    });

  async function runCycle(worker: Worker): Promise<void> {
    const { repository } = worker;
    const force = worker.force;
    worker.force = false;
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
        token: await token(),
        last: force ? undefined : last,
        force,
        onWork: (moved) => {
          logger.log('info', 'sync-start', { repository: repository.name, forced: force, moved });
        },
      });
      const at = clock.now();
      worker.attempt = 0;
      worker.synced = true;
      // A retry still pending from an earlier failure has nothing left to do.
      if (worker.retry !== undefined) clock.clearTimeout(worker.retry);
      worker.retry = undefined;
      worker.blockedByWorkingTree = result.blockedByWorkingTree;
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
      const at = clock.now();
      worker.attempt += 1;
      metrics.countStep(repository.name, 'cycle', 'error');
      metrics.recordCycle(repository.name, (at - started) / 1000, false, at);
      const errorCode = (error as { code?: unknown }).code;
      const code = typeof errorCode === 'string' ? errorCode : 'unexpected';
      store.update(repository.name, {
        lastError: {
          code,
          message: error instanceof Error ? error.message : String(error),
          at: new Date(at).toISOString(),
        },
      });
      if (stopping) {
        logger.log('error', 'sync-failed', { repository: repository.name, error });
        return;
      }
      const delay = backoffDelay(worker.attempt, config.retry, deps.random);
      logger.log('error', 'sync-failed', {
        repository: repository.name,
        error,
        attempt: worker.attempt,
        retryInMs: delay,
      });
      if (worker.retry !== undefined) clock.clearTimeout(worker.retry);
      worker.retry = clock.setTimeout(() => {
        worker.retry = undefined;
        schedule(worker, true);
      }, delay);
    }
  }

  function schedule(worker: Worker, force: boolean): void {
    if (stopping) return;
    worker.force ||= force;
    if (worker.queued) return;
    if (worker.running) {
      worker.again = true;
      return;
    }
    worker.queued = true;
    queue
      .add(async () => {
        worker.queued = false;
        worker.running = true;
        try {
          await runCycle(worker);
        } finally {
          worker.running = false;
          if (worker.again) {
            worker.again = false;
            schedule(worker, false);
          }
        }
      })
      .catch((error: unknown) => {
        logger.log('error', 'queue-failed', { repository: worker.repository.name, error });
      });
  }

  function onChange(worker: Worker, kind: WatchEventKind): void {
    // Uncommitted edits are not pushed; they matter only to a pull they held up.
    if (stopping || (kind === 'worktree' && !worker.blockedByWorkingTree)) return;
    const now = clock.now();
    worker.firstEventAt ??= now;
    if (worker.debounce !== undefined) clock.clearTimeout(worker.debounce);
    const latest = worker.firstEventAt + config.debounceMs * MAX_DEBOUNCE_PERIODS;
    worker.debounce = clock.setTimeout(
      () => {
        worker.debounce = undefined;
        worker.firstEventAt = undefined;
        schedule(worker, false);
      },
      Math.max(0, Math.min(config.debounceMs, latest - now)),
    );
  }

  function pollAll(): void {
    poll = clock.setTimeout(pollAll, config.pollIntervalMs);
    // A repository waiting out its debounce or a retry is already on its way.
    for (const worker of workers)
      if (worker.retry === undefined && worker.debounce === undefined) schedule(worker, false);
  }

  const admin: AdminServer = await startAdminServer(config.listen, {
    unsynced: () => workers.filter((w) => !w.synced).map((w) => w.repository.name),
    metrics: () => metrics.render(names),
    trigger: (name) => trigger(name),
  });

  function trigger(name?: string): string[] | undefined {
    const chosen = name === undefined ? workers : workers.filter((w) => w.repository.name === name);
    if (chosen.length === 0) return undefined;
    for (const worker of chosen) schedule(worker, true);
    return chosen.map((worker) => worker.repository.name);
  }

  for (const worker of workers) {
    const { repository } = worker;
    try {
      worker.watch = await watchRepository(repository, {
        onChange: (kind) => {
          onChange(worker, kind);
        },
        onError: (error) => {
          logger.log('warn', 'watch-error', { repository: repository.name, error });
        },
      });
    } catch (error) {
      // The periodic rescan still covers it; its cycles report what is wrong.
      logger.log('error', 'watch-failed', { repository: repository.name, error });
    }
  }
  logger.log('info', 'started', {
    admin: admin.url,
    repositories: names,
    concurrency: config.concurrency,
    debounceMs: config.debounceMs,
    pollIntervalMs: config.pollIntervalMs,
  });
  for (const worker of workers) schedule(worker, true);
  poll = clock.setTimeout(pollAll, config.pollIntervalMs);

  return {
    adminUrl: admin.url,
    trigger,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (poll !== undefined) clock.clearTimeout(poll);
      for (const worker of workers) {
        if (worker.debounce !== undefined) clock.clearTimeout(worker.debounce);
        if (worker.retry !== undefined) clock.clearTimeout(worker.retry);
      }
      queue.clear();
      const inFlight = queue.pending;
      logger.log('info', 'stopping', { inFlight });
      await Promise.all(workers.map((worker) => worker.watch?.close() ?? Promise.resolve()));
      await queue.onIdle();
      await store.flush();
      await admin.close();
      logger.log('info', 'stopped', {});
    },
  };
}
