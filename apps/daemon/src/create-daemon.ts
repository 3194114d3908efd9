import PQueue from 'p-queue';
import { readToken } from '@docsync/sync';
import { startAdminServer, type AdminServer } from './admin-server.js';
import { BufferBound } from './buffer-bound.js';
import type { Clock, TimerHandle } from './clock.js';
import type { DaemonConfig } from './daemon-config.js';
import { DaemonMetrics } from './daemon-metrics.js';
import type { Logger } from './json-logger.js';
import { ObjectCache } from './object-cache.js';
import { RepositoryWorker } from './repository-worker.js';
import { SharedClient } from './shared-client.js';
import { SharedTimer } from './shared-timer.js';
import { readDaemonState, StateStore } from './state-store.js';
import { watchRefs, watchWorkingTree } from './watch-repository.js';

export type { Clock, TimerHandle } from './clock.js';

/** How far buffer memory may grow between two full collections (see `BufferBound`). */
const BUFFER_SLACK_BYTES = 16 * 1024 * 1024;

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

/**
 * Starts the daemon: every repository's refs are watched (chokidar), changes are debounced and
 * coalesced into one cycle (`syncRepository`), cycles run through a p-queue (one at a time per
 * repository, `concurrency` across them), a failed cycle is retried with backoff without
 * holding up the others, every repository is rescanned and its space polled each
 * `pollInterval`, and each gets a forced cycle at start. The repositories share one client, one
 * bounded cache (`ObjectCache`) and one timer (`SharedTimer`: the poll, every debounce and
 * retry). Resolves once the watches are in place and the admin port listens.
 */
export async function createDaemon(deps: DaemonDeps): Promise<Daemon> {
  const { config, logger } = deps;
  const clock = new SharedTimer(deps.clock);
  const objects = new ObjectCache({
    maxBytes: config.cacheSizeBytes,
    ttlMs: config.cacheTtlMs,
    clock,
  });
  const metrics = new DaemonMetrics();
  const names = config.repositories.map((repository) => repository.name);
  const store = new StateStore(config.stateDir, await readDaemonState(config.stateDir), (error) => {
    logger.log('error', 'state-write-failed', { stateDir: config.stateDir, error });
  });
  for (const [name, entry] of Object.entries(store.state.repositories))
    if (entry.lastSuccess !== undefined && names.includes(name))
      metrics.recordLastSuccess(name, Date.parse(entry.lastSuccess));
  metrics.setCacheSource((name) => objects.bytesOf(name));
  const queue = new PQueue({ concurrency: config.concurrency });
  const updateQueueMetrics = () => {
    metrics.setQueue(queue.size, queue.pending);
  };
  queue.on('add', updateQueueMetrics);
  queue.on('active', updateQueueMetrics);
  queue.on('next', updateQueueMetrics);
  // After every cycle: dead buffers past the bound are collected before they pile up.
  const buffers = new BufferBound({ slackBytes: BUFFER_SLACK_BYTES });
  queue.on('next', () => buffers.settle());
  let stopping = false;
  let poll: TimerHandle | undefined;

  const context = {
    config,
    logger,
    clock,
    metrics,
    store,
    queue,
    token: () =>
      readToken({
        env: config.tokenFile === undefined ? deps.env : {},
        tokenFile: config.tokenFile,
        readFile: (path) => deps.readFile(path),
      }),
    client: new SharedClient(config.url),
    objects,
    watchWorkingTree,
    stopping: () => stopping,
    random: deps.random,
  };
  const workers = config.repositories.map(
    (repository) => new RepositoryWorker(repository, context),
  );

  function pollAll(): void {
    poll = clock.setTimeout(pollAll, config.pollIntervalMs);
    objects.purgeIdle();
    // A repository waiting out its debounce or a retry is already on its way.
    for (const worker of workers) if (!worker.waiting) worker.schedule(false);
  }

  const admin: AdminServer = await startAdminServer(config.listen, {
    unsynced: () => workers.filter((worker) => !worker.synced).map((worker) => worker.name),
    metrics: () => {
      objects.purgeIdle();
      return metrics.render(names);
    },
    trigger: (name) => trigger(name),
  });

  function trigger(name?: string): string[] | undefined {
    const chosen = name === undefined ? workers : workers.filter((worker) => worker.name === name);
    if (chosen.length === 0) return undefined;
    for (const worker of chosen) worker.schedule(true);
    return chosen.map((worker) => worker.name);
  }

  for (const worker of workers) {
    const { repository } = worker;
    try {
      worker.watch = await watchRefs(repository, {
        onChange: (kind) => {
          worker.onChange(kind);
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
    cacheSizeBytes: config.cacheSizeBytes,
    cacheTtlMs: config.cacheTtlMs,
    debounceMs: config.debounceMs,
    pollIntervalMs: config.pollIntervalMs,
  });
  for (const worker of workers) worker.schedule(true);
  poll = clock.setTimeout(pollAll, config.pollIntervalMs);

  return {
    adminUrl: admin.url,
    trigger,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (poll !== undefined) clock.clearTimeout(poll);
      for (const worker of workers) worker.stop();
      queue.clear();
      const inFlight = queue.pending;
      logger.log('info', 'stopping', { inFlight });
      await Promise.all(workers.map((worker) => worker.closeWatches()));
      await queue.onIdle();
      await store.flush();
      await admin.close();
      logger.log('info', 'stopped', {});
    },
  };
}
