/**
 * Translation runs (issue 26) on a generated space of 1,000 pages, on the embedded default (SQLite
 * in a data directory) over a loopback port, with the pseudo translator (in process: the figures
 * are docsync's own work, not a translation service's):
 *
 * - the first run (baseline): every text block sent to the translator, the translated space made
 *   and written;
 * - a re-run after one page changed (median of 5, a different page each time): only that page's
 *   changed block is sent; the rest comes from the translation's memory.
 *
 * A run's time is from `POST …/run` (or the create) to the translation reading `completed` with
 * one more run, polled every 10 ms. Size: `BENCH_TRANSLATION_PAGES` (default 1,000).
 */
import type { Translation } from '@docsync/api';
import { benchTree, median, startBenchServer } from './bench-server.ts';
import { generateSpace } from './generate-space.ts';

const pages = Number(process.env['BENCH_TRANSLATION_PAGES'] ?? 1_000);
const REPEATS = 5;

const progress = (line: string) => {
  process.stderr.write(`translation: ${line}\n`);
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** Measures both cases; the report's table. */
export async function report(): Promise<string> {
  const bench = await startBenchServer('translation');
  try {
    const { client } = bench;
    const spaceId = await bench.createSpace(`Bench ${String(pages)}`);
    const generated = generateSpace(20261127, { pages, assets: Math.max(1, pages / 10) });
    const { importTree, editPage } = await benchTree(client, spaceId, generated);
    await importTree();

    const base = `${bench.baseUrl}/v1/orgs/${bench.organizationId}/translations`;
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${String(response.status)}`);
      return response.status === 204 ? undefined : ((await response.json()) as Translation);
    };
    /** Does `start`, then waits for the translation to complete run number `runs`. */
    const run = async (runs: number, start: () => Promise<Translation | undefined>) => {
      const began = performance.now();
      const started = await start();
      const id = started?.id ?? translationId;
      for (;;) {
        const read = (await call('GET', `${base}/${id}`)) as Translation;
        if (read.lastError !== undefined) throw new Error(read.lastError.message);
        if (read.status === 'completed' && read.stats.runs === runs)
          return { ms: performance.now() - began, translation: read };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    let translationId = '';
    const first = await run(1, () =>
      call('POST', base, { language: 'fr', source: { space: spaceId } }),
    );
    translationId = first.translation.id;
    progress(
      `first run ${first.ms.toFixed(0)} ms, ${String(first.translation.stats.latestWords)} words`,
    );

    const reruns: { ms: number; words: number; pages: number }[] = [];
    for (let n = 1; n <= REPEATS; n++) {
      await editPage(n);
      await importTree();
      const again = await run(n + 1, () => call('POST', `${base}/${translationId}/run`));
      reruns.push({
        ms: again.ms,
        words: again.translation.stats.latestWords,
        pages: again.translation.stats.latestPages,
      });
      progress(`re-run ${again.ms.toFixed(0)} ms`);
    }
    const rerun = median(reruns.map((r) => r.ms));
    const lines = [
      `translation: a generated space of ${pages.toLocaleString('en')} pages, pseudo translator, SQLite, loopback HTTP`,
      '',
      '| case | time | translated | ratio |',
      '|---|---|---|---|',
      `| first run (baseline) | ${ms(first.ms)} | ${String(first.translation.stats.latestPages)} pages, ${String(first.translation.stats.latestWords)} words | 1.00× |`,
      `| re-run after a one-page change (median of ${String(REPEATS)}: ${reruns.map((r) => r.ms.toFixed(0)).join(', ')} ms) | ${ms(rerun)} | ${reruns.map((r) => `${String(r.pages)} page, ${String(r.words)} words`).join('; ')} | ${(first.ms / rerun).toFixed(1)}× faster |`,
    ];
    return `${lines.join('\n')}\n`;
  } finally {
    await bench.close();
  }
}
