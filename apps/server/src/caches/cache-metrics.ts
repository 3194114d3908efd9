import type { CacheStats } from './counted-cache.js';

/** The series of {@link renderCacheMetrics}: name, type, help and the value of each cache. */
const SERIES: readonly [string, 'counter' | 'gauge', string, (stats: CacheStats) => number][] = [
  ['docsync_server_cache_hits_total', 'counter', 'Lookups that found a value.', (s) => s.hits],
  ['docsync_server_cache_misses_total', 'counter', 'Lookups that found none.', (s) => s.misses],
  ['docsync_server_cache_entries', 'gauge', 'Entries kept.', (s) => s.entries],
  [
    'docsync_server_cache_bytes',
    'gauge',
    'Approximate bytes kept (0: bounded by entries only).',
    (s) => s.bytes,
  ],
  [
    'docsync_server_cache_max_bytes',
    'gauge',
    'Bound on the approximate bytes (0: none).',
    (s) => s.maxBytes,
  ],
];

/** The Prometheus text exposition (version 0.0.4) of the caches' figures, labelled by cache. */
export function renderCacheMetrics(caches: readonly CacheStats[]): string {
  const lines: string[] = [];
  for (const [name, type, help, value] of SERIES) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const stats of caches)
      lines.push(`${name}{cache="${stats.name}"} ${String(value(stats))}`);
  }
  return `${lines.join('\n')}\n`;
}
