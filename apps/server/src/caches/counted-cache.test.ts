import { describe, expect, it } from 'vitest';
import { renderCacheMetrics } from './cache-metrics.js';
import { CountedCache } from './counted-cache.js';

describe('CountedCache', () => {
  it('counts hits and misses, and not peeks', () => {
    const cache = new CountedCache<string, { n: number }>('things', {
      maxEntries: 10,
      maxBytes: 100,
    });
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', { n: 1 }, 10);
    expect(cache.get('a')).toEqual({ n: 1 });
    expect(cache.peek('a')).toEqual({ n: 1 });
    expect(cache.stats()).toEqual({
      name: 'things',
      hits: 1,
      misses: 1,
      entries: 1,
      bytes: 10,
      maxBytes: 100,
    });
  });

  it('drops the least recently used entries past its bytes, and keeps no entry larger than them', () => {
    const cache = new CountedCache<string, { n: number }>('things', {
      maxEntries: 10,
      maxBytes: 100,
    });
    cache.set('a', { n: 1 }, 40);
    cache.set('b', { n: 2 }, 40);
    cache.get('a');
    cache.set('c', { n: 3 }, 40);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.stats().bytes).toBe(80);
    cache.set('d', { n: 4 }, 101);
    expect(cache.peek('d')).toBeUndefined();
    // Setting a key again updates its size.
    cache.set('a', { n: 1 }, 60);
    expect(cache.peek('c')).toBeDefined();
    expect(cache.stats().bytes).toBe(100);
  });

  it('drops the least recently used entries past its entries', () => {
    const cache = new CountedCache<string, { n: number }>('things', {
      maxEntries: 2,
      maxBytes: 1000,
    });
    for (const key of ['a', 'b', 'c']) cache.set(key, { n: 0 }, 1);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.stats().entries).toBe(2);
  });
});

describe('renderCacheMetrics', () => {
  it('writes each figure of each cache as a labelled Prometheus series', () => {
    const text = renderCacheMetrics([
      { name: 'documents', hits: 3, misses: 1, entries: 2, bytes: 512, maxBytes: 1024 },
    ]);
    expect(text).toContain('# TYPE docsync_server_cache_hits_total counter\n');
    expect(text).toContain('docsync_server_cache_hits_total{cache="documents"} 3\n');
    expect(text).toContain('docsync_server_cache_misses_total{cache="documents"} 1\n');
    expect(text).toContain('# TYPE docsync_server_cache_entries gauge\n');
    expect(text).toContain('docsync_server_cache_entries{cache="documents"} 2\n');
    expect(text).toContain('docsync_server_cache_bytes{cache="documents"} 512\n');
    expect(text).toContain('docsync_server_cache_max_bytes{cache="documents"} 1024\n');
  });
});
