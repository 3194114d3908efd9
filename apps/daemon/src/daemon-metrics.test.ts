import { describe, expect, it } from 'vitest';
import { DaemonMetrics } from './daemon-metrics.js';

describe('DaemonMetrics', () => {
  it('renders counters, the duration histogram, queue gauges and last successes', () => {
    const metrics = new DaemonMetrics();
    metrics.countStep('docs', 'push', 'pushed');
    metrics.countStep('docs', 'push', 'pushed');
    metrics.countStep('web"site', 'cycle', 'error');
    metrics.recordCycle('docs', 0.3, true, 1_700_000_000_000);
    metrics.recordCycle('web"site', 12, false, 1_700_000_001_000);
    metrics.setQueue(3, 1);
    metrics.setCacheSource((repository) => (repository === 'docs' ? 4096 : 0));
    const text = metrics.render(['docs', 'web"site']);
    expect(text).toContain(
      'docsync_daemon_syncs_total{repository="docs",operation="push",outcome="pushed"} 2\n',
    );
    expect(text).toContain(
      'docsync_daemon_syncs_total{repository="web\\"site",operation="cycle",outcome="error"} 1\n',
    );
    expect(text).toContain(
      'docsync_daemon_sync_duration_seconds_bucket{repository="docs",le="0.25"} 0\n',
    );
    expect(text).toContain(
      'docsync_daemon_sync_duration_seconds_bucket{repository="docs",le="0.5"} 1\n',
    );
    expect(text).toContain(
      'docsync_daemon_sync_duration_seconds_bucket{repository="docs",le="+Inf"} 1\n',
    );
    expect(text).toContain('docsync_daemon_sync_duration_seconds_sum{repository="docs"} 0.3\n');
    expect(text).toContain('docsync_daemon_queue_depth 3\n');
    expect(text).toContain('docsync_daemon_syncs_in_flight 1\n');
    expect(text).toContain(
      'docsync_daemon_last_success_timestamp_seconds{repository="docs"} 1700000000\n',
    );
    expect(text).not.toContain('docsync_daemon_last_success_timestamp_seconds{repository="web');
    expect(text).toContain('docsync_daemon_repository_up{repository="docs"} 1\n');
    expect(text).toContain('docsync_daemon_repository_up{repository="web\\"site"} 0\n');
    expect(text).toContain('docsync_daemon_cache_bytes{repository="docs"} 4096\n');
    expect(text).toContain('docsync_daemon_cache_bytes{repository="web\\"site"} 0\n');
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes [1-9]\d*$/m);
    // Every sample line belongs to a family announced with # TYPE.
    const families = new Set(
      text
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    for (const line of text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))) {
      const name = line.split(/[{ ]/)[0] ?? '';
      expect(
        families.has(name) || families.has(name.replace(/_(bucket|sum|count)$/, '')),
        name,
      ).toBe(true);
    }
  });
});
