import { cachesOf } from '../caches/server-caches.js';
import { renderCacheMetrics } from '../caches/cache-metrics.js';
import type { ServerRoute } from '../http/server-route.js';

/**
 * The server's figures in the Prometheus text format: hits, misses, entries and bytes of each
 * in-process cache. Any known token may read them (they say nothing about content).
 */
export const metricsRoute: ServerRoute = {
  method: 'GET',
  path: '/metrics',
  summary:
    "The server's figures in the Prometheus text format: hits, misses, entries and bytes of each in-process cache.",
  handler: async ({ ctx, reply }) => {
    const stats = [...cachesOf(ctx.caches), ctx.reads, ctx.conversions].map((cache) =>
      cache.stats(),
    );
    await reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .send(renderCacheMetrics(stats));
  },
};
