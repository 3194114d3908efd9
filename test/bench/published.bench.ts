/**
 * Published sites (issue 28): the latency of a page of a 10,000-page site as a reader's browser
 * asks for it, rendered cold (first request of a page: the page tree read, the document loaded
 * and rendered) and cached (the same page again: from the cache of rendered pages), against the
 * same server sending a static file of the same size (the baseline). Sequential requests over
 * keep-alive from one client, so each figure is one request's whole time. Target: cached within
 * 2x of the static file. `PUBLISHED_BENCH_PAGES` sets the site's size (default 10,000).
 */
import { performance } from 'node:perf_hooks';
import { benchTree, startBenchServer } from './bench-server.ts';
import { generateSpace } from './generate-space.ts';

const pages = Number(process.env['PUBLISHED_BENCH_PAGES'] ?? 10_000);
/** Pages asked for in each round (each distinct, picked across the whole tree). */
const SAMPLE = 400;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Times each GET of `urls` in turn (the body read whole); fails on any status but 200. */
async function timeGets(urls: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  }
  return times;
}

/** The figures of published pages, cold and cached, beside the static file of the same size. */
export async function report(): Promise<string> {
  let staticBody = Buffer.alloc(0);
  const server = await startBenchServer(
    'published',
    {},
    {
      beforeListen: (app) => {
        app.get('/bench-static', (_request, reply) =>
          reply.header('content-type', 'text/html; charset=utf-8').send(staticBody),
        );
      },
    },
  );
  try {
    const spaceId = await server.createSpace('Handbook');
    const generated = generateSpace(20261127, {
      pages,
      assets: Math.max(1, Math.floor(pages / 50)),
    });
    const tree = await benchTree(server.client, spaceId, generated);
    await tree.importTree();
    const created = await fetch(`${server.baseUrl}/v1/orgs/${server.organizationId}/sites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Handbook', visibility: 'public', spaces: [spaceId] }),
    });
    const site = (await created.json()) as { urls: { published: string } };
    // Page addresses are their paths in the tree (`group/page.md` → `group/page`, a folder's README its folder).
    const paths = generated.files
      .map((file) => file.path)
      .filter((path) => path.endsWith('.md') && path !== 'SUMMARY.md')
      .map((path) => path.replace(/(^|\/)README\.md$/, '').replace(/\.md$/, ''));
    const step = Math.max(1, Math.floor(paths.length / SAMPLE));
    const urls = paths
      .filter((_, index) => index % step === 0)
      .slice(0, SAMPLE)
      .map((path) => `${site.urls.published}/${path}`);
    // The first request reads the page tree of 10,000 pages once: reported apart, not in "cold".
    const first = await timeGets([urls[0] ?? site.urls.published]);
    const cold = await timeGets(urls);
    const cached = await timeGets(urls);
    const sizes = await Promise.all(
      urls.slice(0, 20).map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength),
    );
    staticBody = Buffer.alloc(percentile(sizes, 50), 'x');
    const staticTimes = await timeGets(urls.map(() => `${server.baseUrl}/bench-static`));
    const row = (name: string, times: readonly number[]) =>
      `  ${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(2).padStart(7)} ms`;
    const ratio = percentile(cached, 50) / percentile(staticTimes, 50);
    return [
      `published site of ${pages} pages (${urls.length} pages asked, ${staticBody.byteLength}-byte median page)`,
      `  first request (reads the page tree)  ${(first[0] ?? 0).toFixed(1)} ms`,
      row('page, cold (rendered)', cold),
      row('page, cached (same page again)', cached),
      row('baseline: static file, same size', staticTimes),
      `  cached p50 / static p50 = ${ratio.toFixed(2)}x (target: within 2x)`,
      '',
    ].join('\n');
  } finally {
    await server.close();
  }
}
