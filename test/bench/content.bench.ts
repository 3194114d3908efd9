/**
 * The service's write and read paths on a generated space of 10,000 pages (issue #6), on the
 * embedded default (SQLite in a data directory) over a loopback port:
 *
 * - tree import the first time (every page parsed and stored), and again with one page changed
 *   (target: at least 50× faster than the first, proportional to the change);
 * - `GET …/content/page/{pageId}` as a document and as markdown: p50 and p99 over random pages;
 * - merge of a change request that edits 10 pages of the space.
 *
 * The baseline, measured in the same run, is core's `treeToRevision` of the same tree in this
 * process: the conversion alone, with no blob reads, no database and no HTTP.
 *
 * Size: `BENCH_CONTENT_PAGES` (default 10,000; assets are a fifth of that).
 */
import { treeToRevision } from '@docsync/core';
import { benchTree, documentPageIds, median, startBenchServer } from './bench-server.ts';
import { generateSpace } from './generate-space.ts';

const pages = Number(process.env['BENCH_CONTENT_PAGES'] ?? 10_000);
/** Runs of the repeatable cases (a different page each time); the median is reported. */
const REPEATS = 5;
const READS = Number(process.env['BENCH_CONTENT_READS'] ?? 2_000);

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Figures as they come, on stderr: the whole report takes minutes at full size. */
const progress = (line: string) => {
  process.stderr.write(`content: ${line}\n`);
};

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Measures every case; the report's table. */
export async function report(): Promise<string> {
  const bench = await startBenchServer('content');
  try {
    const { client } = bench;
    const spaceId = await bench.createSpace(`Bench ${String(pages)}`);

    const generated = generateSpace(20261124, { pages, assets: Math.max(1, pages / 5) });
    const { importTree, editPage } = await benchTree(client, spaceId, generated);

    const baselineStart = performance.now();
    treeToRevision(generated.files, { idNamespace: 'bench' });
    const baselineMs = performance.now() - baselineStart;
    progress(`baseline ${baselineMs.toFixed(0)} ms`);
    const firstMs = await timed(importTree);
    progress(`first import ${firstMs.toFixed(0)} ms`);

    const reimports: number[] = [];
    for (let n = 1; n <= REPEATS; n++) {
      await editPage(n);
      reimports.push(await timed(importTree));
      progress(`re-import ${String(reimports.at(-1)?.toFixed(0))} ms`);
    }

    // Reads: random pages, sequentially (latency, not throughput).
    const revision = await client.api.request('getCurrentRevision', { params: { spaceId } });
    const ids = documentPageIds(revision.pages);
    const read = async (format: 'document' | 'markdown') => {
      const times: number[] = [];
      for (let n = 0; n < READS; n++) {
        const pageId = ids[(n * 104_729) % ids.length] ?? '';
        times.push(
          await timed(() =>
            client.api.request('getPageById', { params: { spaceId, pageId }, query: { format } }),
          ),
        );
      }
      return times;
    };
    const documentReads = await read('document');
    progress(`document reads p99 ${percentile(documentReads, 0.99).toFixed(1)} ms`);
    const markdownReads = await read('markdown');
    progress(`markdown reads p99 ${percentile(markdownReads, 0.99).toFixed(1)} ms`);

    // Merge: a change request editing 10 pages, merged into the space.
    const merges: number[] = [];
    for (let n = 0; n < 3; n++) {
      const changeRequest = await client.api.request('createChangeRequest', {
        params: { spaceId },
        body: { subject: `Ten pages ${String(n)}` },
      });
      await client.api.request('applyChangeRequestContentChanges', {
        params: { spaceId, changeRequestId: changeRequest.id },
        body: {
          changes: Array.from({ length: 10 }, (_, k) => ({
            type: 'update_page' as const,
            page: ids[((n * 10 + k) * 31) % ids.length] ?? '',
            document: {
              markdown: `# Edited ${String(n)}.${String(k)}\n\nChanged in a change request.\n`,
            },
          })),
        },
      });
      merges.push(
        await timed(() =>
          client.api.request('mergeChangeRequest', {
            params: { spaceId, changeRequestId: changeRequest.id },
            timeoutMs: 0,
          }),
        ),
      );
      progress(`merge ${String(merges.at(-1)?.toFixed(0))} ms`);
    }

    const reimport = median(reimports);
    const lines = [
      `content: a generated space of ${pages.toLocaleString('en')} pages and ${Math.max(1, pages / 5).toLocaleString('en')} assets, SQLite, loopback HTTP`,
      '',
      '| case | time | ratio |',
      '|---|---|---|',
      `| core treeToRevision, in process (baseline) | ${ms(baselineMs)} | 1.00× |`,
      `| first import (POST …/git/import) | ${ms(firstMs)} | ${(baselineMs / firstMs).toFixed(2)}× |`,
      `| re-import, one page changed (median of ${String(REPEATS)}: ${reimports.map((t) => t.toFixed(0)).join(', ')} ms) | ${ms(reimport)} | ${(baselineMs / reimport).toFixed(2)}× |`,
      `| GET page format=document (${String(READS)} reads) | p50 ${ms(percentile(documentReads, 0.5))}, p99 ${ms(percentile(documentReads, 0.99))} | |`,
      `| GET page format=markdown (${String(READS)} reads) | p50 ${ms(percentile(markdownReads, 0.5))}, p99 ${ms(percentile(markdownReads, 0.99))} | |`,
      `| merge of a 10-page change request (median of 3: ${merges.map((t) => t.toFixed(0)).join(', ')} ms) | ${ms(median(merges))} | |`,
      '',
      `One-page re-import against the first import: ${(firstMs / reimport).toFixed(1)}× faster (target ≥ 50×).`,
    ];
    return `${lines.join('\n')}\n`;
  } finally {
    await bench.close();
  }
}
