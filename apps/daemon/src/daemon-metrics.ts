/** Upper bounds of the sync duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** What one push or pull step of a cycle ended with. */
export type StepOutcome =
  'pushed' | 'pulled' | 'merged' | 'in-sync' | 'nothing-to-do' | 'conflicts' | 'deferred' | 'error';

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The daemon's counters and gauges, rendered in the Prometheus text format (version 0.0.4).
 * Repositories are a label: the set is fixed by the config, so series stay few.
 */
export class DaemonMetrics {
  readonly #syncs = new Map<string, number>();
  readonly #durations = new Map<string, Histogram>();
  readonly #lastSuccess = new Map<string, number>();
  readonly #healthy = new Map<string, boolean>();
  #queued = 0;
  #running = 0;
  #cacheBytes: (repository: string) => number = () => 0;

  /** Counts a step of a cycle (`push`, `pull`; `cycle` for a cycle that failed) and how it ended. */
  countStep(repository: string, operation: 'push' | 'pull' | 'cycle', outcome: StepOutcome): void {
    const key = JSON.stringify([repository, operation, outcome]);
    this.#syncs.set(key, (this.#syncs.get(key) ?? 0) + 1);
  }

  /** Records a finished cycle: its duration, and when it succeeded. */
  recordCycle(repository: string, seconds: number, ok: boolean, at: number): void {
    let histogram = this.#durations.get(repository);
    if (histogram === undefined) {
      histogram = { counts: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.#durations.set(repository, histogram);
    }
    DURATION_BUCKETS.forEach((bound, index) => {
      if (seconds <= bound && histogram.counts[index] !== undefined) histogram.counts[index] += 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.#healthy.set(repository, ok);
    if (ok) this.#lastSuccess.set(repository, at);
  }

  /** Records a success that did no work (nothing moved), or one from the state file at start. */
  recordLastSuccess(repository: string, at: number): void {
    this.#healthy.set(repository, true);
    this.#lastSuccess.set(repository, at);
  }

  /** The queue's state: cycles waiting, cycles running. */
  setQueue(queued: number, running: number): void {
    this.#queued = queued;
    this.#running = running;
  }

  /** Where the estimated bytes each repository holds in the shared cache come from. */
  setCacheSource(bytes: (repository: string) => number): void {
    this.#cacheBytes = bytes;
  }

  /** The Prometheus text exposition of every metric. */
  render(repositories: readonly string[]): string {
    const lines: string[] = [];
    lines.push(
      '# HELP docsync_daemon_syncs_total Push and pull steps by repository and outcome.',
      '# TYPE docsync_daemon_syncs_total counter',
    );
    for (const [key, value] of [...this.#syncs].sort()) {
      const [repository, operation, outcome] = JSON.parse(key) as [string, string, string];
      lines.push(
        `docsync_daemon_syncs_total{repository="${label(repository)}",operation="${operation}",outcome="${outcome}"} ${String(value)}`,
      );
    }
    lines.push(
      '# HELP docsync_daemon_sync_duration_seconds Duration of sync cycles that did work.',
      '# TYPE docsync_daemon_sync_duration_seconds histogram',
    );
    for (const [repository, histogram] of [...this.#durations].sort()) {
      const name = label(repository);
      DURATION_BUCKETS.forEach((bound, index) => {
        lines.push(
          `docsync_daemon_sync_duration_seconds_bucket{repository="${name}",le="${String(bound)}"} ${String(histogram.counts[index] ?? 0)}`,
        );
      });
      lines.push(
        `docsync_daemon_sync_duration_seconds_bucket{repository="${name}",le="+Inf"} ${String(histogram.count)}`,
        `docsync_daemon_sync_duration_seconds_sum{repository="${name}"} ${String(histogram.sum)}`,
        `docsync_daemon_sync_duration_seconds_count{repository="${name}"} ${String(histogram.count)}`,
      );
    }
    lines.push(
      '# HELP docsync_daemon_queue_depth Sync cycles waiting for a slot.',
      '# TYPE docsync_daemon_queue_depth gauge',
      `docsync_daemon_queue_depth ${String(this.#queued)}`,
      '# HELP docsync_daemon_syncs_in_flight Sync cycles running.',
      '# TYPE docsync_daemon_syncs_in_flight gauge',
      `docsync_daemon_syncs_in_flight ${String(this.#running)}`,
      '# HELP docsync_daemon_last_success_timestamp_seconds When a repository last synced without an error.',
      '# TYPE docsync_daemon_last_success_timestamp_seconds gauge',
    );
    for (const repository of repositories) {
      const at = this.#lastSuccess.get(repository);
      if (at !== undefined)
        lines.push(
          `docsync_daemon_last_success_timestamp_seconds{repository="${label(repository)}"} ${String(at / 1000)}`,
        );
    }
    lines.push(
      '# HELP docsync_daemon_repository_up 1 when the repository’s last cycle succeeded.',
      '# TYPE docsync_daemon_repository_up gauge',
    );
    for (const repository of repositories)
      lines.push(
        `docsync_daemon_repository_up{repository="${label(repository)}"} ${this.#healthy.get(repository) === true ? '1' : '0'}`,
      );
    lines.push(
      '# HELP docsync_daemon_cache_bytes What a repository’s cycles read from git and the shared cache keeps (estimated; 0 when idle).',
      '# TYPE docsync_daemon_cache_bytes gauge',
    );
    for (const repository of repositories)
      lines.push(
        `docsync_daemon_cache_bytes{repository="${label(repository)}"} ${String(this.#cacheBytes(repository))}`,
      );
    const memory = process.memoryUsage();
    lines.push(
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${String(memory.rss)}`,
      '# HELP nodejs_heap_size_used_bytes V8 heap in use, in bytes.',
      '# TYPE nodejs_heap_size_used_bytes gauge',
      `nodejs_heap_size_used_bytes ${String(memory.heapUsed)}`,
      '# HELP nodejs_heap_size_total_bytes V8 heap reserved, in bytes.',
      '# TYPE nodejs_heap_size_total_bytes gauge',
      `nodejs_heap_size_total_bytes ${String(memory.heapTotal)}`,
      '# HELP nodejs_external_memory_bytes Memory of buffers and other objects outside the V8 heap, in bytes.',
      '# TYPE nodejs_external_memory_bytes gauge',
      `nodejs_external_memory_bytes ${String(memory.external + memory.arrayBuffers)}`,
    );
    return `${lines.join('\n')}\n`;
  }
}
