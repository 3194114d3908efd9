/**
 * `docsync push` and `pull` against the real server (SQLite in a data directory, the embedded
 * default, on a loopback port) for a generated repository of 1,000 and of 10,000 pages, beside
 * `git clone --local` of the same repository in the same run. Each case runs once or a few times
 * (a first push cannot be repeated on the same space), so the figures are single wall times or
 * medians of a few, with the requests, bytes sent and bytes received that the client counted.
 *
 * Sizes: `BENCH_SYNC_PAGES` (comma-separated page counts, default `1000,10000`); the 10,000-page
 * case takes minutes, so routine runs can pass `BENCH_SYNC_PAGES=1000`. Pulls read the service's
 * `git/tree` listing and fetch only the pages (in batches) and files the repository lacks. All
 * cases run at every size up to `BENCH_SYNC_PULL_MAX_PAGES` (default 10,000); above it pulls are
 * not run. One page's markdown read is sampled at every size (p50, p99 of up to 1,000 pages, each read
 * once, by a reader in a process of its own: `read-pages.ts`). The service runs as `docsync serve` in its own process unless `BENCH_SYNC_SERVER=in-process`. Targets
 * (issue #7): a second push with one page changed under 1 s on the 10,000-page repository, and
 * proportional to the change. The "in import" column is the time spent in the service's
 * `git/import` (the service reading and storing the tree), the rest is the client and the other
 * requests.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import {
  createSyncClient,
  pull,
  push,
  type SyncClient,
  type SyncContext,
  type SyncResult,
} from '@docsync/sync';
import { benchTempDir, startBenchServer } from './bench-server.ts';
import { canonicalFiles, git, writeFiles } from './generate-space.ts';

const sizes = (process.env['BENCH_SYNC_PAGES'] ?? '1000,10000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 1);
/** Runs of the cases that can be repeated (a new edit each time); the median is reported. */
const REPEATS = 3;
/** Above this size pulls are sampled, not run (a first pull writes every file: about a minute at 10,000 pages). */
const pullMaxPages = Number(process.env['BENCH_SYNC_PULL_MAX_PAGES'] ?? 10_000);
const DOCS = 'docs';
/**
 * Where the service runs: `docsync serve` in its own process (the default, as users run it), or
 * `in-process` (`BENCH_SYNC_SERVER=in-process`: the client and the server share one event loop and
 * one heap, as in the figures before issue 31's fourth round).
 */
const ownProcess = process.env['BENCH_SYNC_SERVER'] !== 'in-process';
/** Pages read as markdown (and as many others as JSON) after the first push, at most. */
const READ_SAMPLES = 1000;
/** The page reader the samples are timed in (a process of its own). */
const READER = fileURLToPath(new URL('./read-pages.ts', import.meta.url));

/** What the client sent and received. */
interface Traffic {
  requests: number;
  sent: number;
  received: number;
  /** Wall time spent in `POST …/git/import` (the service reading and storing the tree). */
  importMs: number;
}

/** One measured case. */
interface Measured extends Traffic {
  name: string;
  ms: number;
  blobs: number | undefined;
  runs: number;
}

function bodyBytes(body: unknown): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

/**
 * `fetch` that counts requests and bytes both ways into `traffic`. A response's bytes are its
 * `Content-Length` when it has one (the service's JSON answers do), and the response goes to the
 * client untouched: reading every body here and handing the client a copy cost a first pull of
 * 10,000 pages (30 MB received) about 0.3 s that was the benchmark's, not the client's.
 */
function countingFetch(traffic: Traffic): typeof fetch {
  return async (input, init) => {
    const start = performance.now();
    traffic.requests += 1;
    traffic.sent += bodyBytes(init?.body);
    const response = await fetch(input, init);
    const length = response.headers.get('content-length');
    if (length !== null && /^\d+$/.test(length)) {
      traffic.received += Number(length);
      if (response.url.endsWith('/git/import')) traffic.importMs += performance.now() - start;
      return response;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    traffic.received += bytes.byteLength;
    if (response.url.endsWith('/git/import')) traffic.importMs += performance.now() - start;
    const empty = response.status === 204 || response.status === 304;
    return new Response(empty ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** What one case does: an untimed `prepare` (an edit, a commit), then the timed `run`. */
interface BenchStep {
  prepare?: () => Promise<void>;
  run: (index: number) => Promise<SyncResult | undefined>;
}

/** Runs the step `times` times and reports the median time and the median run's traffic. */
async function measure(
  name: string,
  traffic: Traffic,
  times: number,
  step: BenchStep,
): Promise<Measured> {
  const runs: Measured[] = [];
  for (let index = 0; index < times; index++) {
    await step.prepare?.();
    const before = { ...traffic };
    const start = performance.now();
    const result = await step.run(index);
    runs.push({
      name,
      ms: performance.now() - start,
      requests: traffic.requests - before.requests,
      sent: traffic.sent - before.sent,
      received: traffic.received - before.received,
      importMs: traffic.importMs - before.importMs,
      blobs: result?.uploaded?.blobs,
      runs: times,
    });
  }
  const middle = median(runs.map((r) => r.ms));
  // Progress on stderr: a 10,000-page run takes minutes.
  console.error(`  ${name}: ${middle.toFixed(0)} ms`);
  return runs.find((r) => r.ms === middle) ?? (runs[0] as Measured);
}

function expectOutcome(result: SyncResult, outcome: SyncResult['outcome']): SyncResult {
  if (result.outcome !== outcome)
    throw new Error(`expected \`${outcome}\`, the sync ended \`${result.outcome}\``);
  return result;
}

function formatBytes(bytes: number): string {
  if (bytes < 10_000) return `${String(bytes)} B`;
  if (bytes < 10_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Measures every case on a generated repository of `pages` pages. */
async function measureSize(pages: number): Promise<string> {
  const bench = await startBenchServer('sync', {}, { tmpfs: true, ownProcess });
  const { root, baseUrl, client: admin } = bench;
  try {
    const space = { id: await bench.createSpace(`Bench ${String(pages)}`) };

    // The repository: the canonical tree under docs/, one commit, written by git itself.
    const repo = join(root, 'repo');
    const files = canonicalFiles(pages);
    await writeFiles(join(repo, DOCS), files);
    await git(repo, 'init', '-q', '-b', 'main');
    await git(repo, 'add', '-A');
    await git(repo, 'commit', '-q', '-m', 'Generated docs');
    const totalBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    const pagePaths = files
      .map((file) => file.path)
      .filter((path) => /(?<!SUMMARY)\.md$/.test(path));

    const traffic: Traffic = { requests: 0, sent: 0, received: 0, importMs: 0 };
    const client = createSyncClient({ baseUrl, token: bench.token, fetch: countingFetch(traffic) });
    const config = { url: baseUrl, space: space.id, branch: 'main', dir: DOCS };
    const context = (dir: string): SyncContext => ({ fs, dir, config, client });
    let edits = 0;
    /** Appends a paragraph to one page (a different one each time) and commits it. */
    const editPage = async () => {
      edits += 1;
      const path = join(repo, DOCS, pagePaths[(edits * 7919) % pagePaths.length] ?? '');
      await writeFile(path, `${await readFile(path, 'utf8')}\nEdit ${String(edits)} in git.\n`);
      await git(repo, 'commit', '-q', '-am', `Edit ${String(edits)}`);
    };

    const results: Measured[] = [];
    results.push(
      await measure('git clone --local (baseline)', traffic, REPEATS, {
        run: async (index) => {
          await git(root, 'clone', '-q', '--local', repo, join(root, `clone-${String(index)}`));
          return undefined;
        },
      }),
    );
    results.push(
      await measure('first push --merge (into the main content)', traffic, 1, {
        run: async () => expectOutcome(await push(context(repo), { merge: true }), 'pushed'),
      }),
    );
    // One page's markdown read through the API (what a reader or an editor asks for), right after
    // the first push and before any pull, each page read once: no read is served from a cache.
    // The reads are timed in a process of their own, as a reader's are: this one holds the
    // generated files and the push's garbage, and its collector's pauses are not the service's.
    const notes: string[] = [];
    const read = await samplePageReads(bench, space.id);
    notes.push(
      `one page read as markdown: p50 ${read.markdown.p50.toFixed(1)} ms, p99 ${read.markdown.p99.toFixed(1)} ms; ` +
        `as a JSON document: p50 ${read.document.p50.toFixed(1)} ms, p99 ${read.document.p99.toFixed(1)} ms ` +
        `(${String(read.samples)} pages, each read once, sequentially, after the first push, by a reader in its own process)`,
    );
    results.push(
      await measure('second push --merge, one page changed', traffic, REPEATS, {
        prepare: editPage,
        run: async () => expectOutcome(await push(context(repo), { merge: true }), 'pushed'),
      }),
    );
    await git(repo, 'checkout', '-q', '-b', 'review');
    results.push(
      await measure('push opening a change request, one page changed', traffic, 1, {
        prepare: editPage,
        run: async () => expectOutcome(await push(context(repo), { branch: 'review' }), 'pushed'),
      }),
    );
    results.push(
      await measure('push updating the change request, one page changed', traffic, REPEATS, {
        prepare: editPage,
        run: async () => expectOutcome(await push(context(repo), { branch: 'review' }), 'pushed'),
      }),
    );
    await git(repo, 'checkout', '-q', 'main');
    if (pages <= pullMaxPages) {
      results.push(
        await measure('first pull into an empty repository', traffic, 1, {
          prepare: async () => {
            await mkdir(join(root, 'empty'));
            await git(join(root, 'empty'), 'init', '-q', '-b', 'main');
          },
          run: async () => expectOutcome(await pull(context(join(root, 'empty'))), 'pulled'),
        }),
      );
      // Once: the space does not record the commit a pull writes, so a second service edit
      // would find both sides changed and merge (see the sync README's known gaps).
      results.push(
        await measure('pull of a merged change request, one page changed', traffic, 1, {
          prepare: async () => {
            edits += 1;
            await editInService(admin, space.id, pagePaths[edits % pagePaths.length] ?? '');
          },
          run: async () => expectOutcome(await pull(context(repo)), 'pulled'),
        }),
      );
    } else {
      notes.push(`pulls not run above ${String(pullMaxPages)} pages (BENCH_SYNC_PULL_MAX_PAGES)`);
    }

    const clone = results[0]?.ms ?? 1;
    const row = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(52) : cell.padStart(10))).join(' ');
    return [
      `### ${String(pages)} pages (${String(files.length)} files, ${(totalBytes / 1e6).toFixed(1)} MB)`,
      row(['case', 'runs', 'ms', '× clone', 'in import', 'requests', 'sent', 'received', 'blobs']),
      ...results.map((r) =>
        row([
          r.name,
          String(r.runs),
          r.ms.toFixed(0),
          `${(r.ms / clone).toFixed(1)}×`,
          r.importMs === 0 ? '' : r.importMs.toFixed(0),
          String(r.requests),
          formatBytes(r.sent),
          formatBytes(r.received),
          r.blobs === undefined ? '' : String(r.blobs),
        ]),
      ),
      ...notes,
      '',
    ].join('\n');
  } finally {
    await bench.close();
  }
}

/**
 * An edit made in the service: a change request that appends a paragraph to the page at `path`,
 * merged; the next pull takes it back as a `DOCSYNC-n` commit.
 */
async function editInService(admin: SyncClient, spaceId: string, path: string): Promise<void> {
  const { pages } = await admin.api.request('listPages', { params: { spaceId } });
  type Node = { id: string; git?: { path: string }; pages?: Node[] };
  const all = (list: readonly Node[]): Node[] =>
    list.flatMap((page) => [page, ...all(page.pages ?? [])]);
  const page = all(pages as Node[]).find((candidate) => candidate.git?.path === path);
  if (page === undefined) throw new Error(`no page at \`${path}\``);
  const read = await admin.api.request('getPageById', {
    params: { spaceId, pageId: page.id },
    query: { format: 'markdown' },
  });
  const opened = await admin.api.request('createChangeRequest', {
    params: { spaceId },
    body: { subject: `Edit ${path}` },
  });
  await admin.api.request('applyChangeRequestContentChanges', {
    params: { spaceId, changeRequestId: opened.id },
    body: {
      changes: [
        {
          type: 'update_page',
          page: page.id,
          document: { markdown: `${read.markdown ?? ''}\nEdited in the service.\n` },
        },
      ],
    },
  });
  await admin.api.request('mergeChangeRequest', {
    params: { spaceId, changeRequestId: opened.id },
  });
}

/** The value below which `fraction` of `values` fall (nearest rank). */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** Times of reads made by `read-pages.ts` in a process of its own, in milliseconds. */
async function readInOwnProcess(request: {
  baseUrl: string;
  token: string;
  spaceId: string;
  reads: { pageId: string; format: 'markdown' | 'document' }[];
}): Promise<number[]> {
  const reader = spawn(process.execPath, [READER], { stdio: ['pipe', 'pipe', 'inherit'] });
  reader.stdin.end(JSON.stringify(request));
  const [output, [code]] = await Promise.all([
    text(reader.stdout),
    once(reader, 'exit') as Promise<[number | null]>,
  ]);
  if (code !== 0) throw new Error(`the page reader exited with ${String(code)}`);
  return JSON.parse(output) as number[];
}

/**
 * Times of reading pages as markdown and as a JSON document, sequentially, each page once per
 * format (different pages for the two formats, so neither read warms the other's), by a reader
 * in a process of its own (see `read-pages.ts`).
 */
async function samplePageReads(
  bench: { baseUrl: string; token: string; client: SyncClient },
  spaceId: string,
) {
  const { pages } = await bench.client.api.request('listPages', { params: { spaceId } });
  type Node = { id: string; type: string; pages?: Node[] };
  const all = (list: readonly Node[]): Node[] =>
    list.flatMap((page) => [page, ...all(page.pages ?? [])]);
  const documents = all(pages as Node[]).filter((page) => page.type === 'document');
  const samples = Math.min(READ_SAMPLES, Math.floor(documents.length / 2));
  const ids = documents.map((page) => page.id);
  const times = await readInOwnProcess({
    baseUrl: bench.baseUrl,
    token: bench.token,
    spaceId,
    reads: [
      ...ids.slice(0, samples).map((pageId) => ({ pageId, format: 'markdown' as const })),
      ...ids.slice(samples, 2 * samples).map((pageId) => ({ pageId, format: 'document' as const })),
    ],
  });
  const summary = (some: readonly number[]) => ({
    p50: percentile(some, 0.5),
    p99: percentile(some, 0.99),
  });
  return {
    markdown: summary(times.slice(0, samples)),
    document: summary(times.slice(samples)),
    samples,
  };
}

/** Measures each size and returns the tables. */
export async function report(): Promise<string> {
  const out = [
    `## Sync: push and pull against the real server (SQLite data directory, loopback), beside git clone --local`,
    '',
    ownProcess
      ? 'The service runs as `docsync serve` in its own process (the built CLI).'
      : "The service runs in the benchmark's process (BENCH_SYNC_SERVER=in-process).",
    `Temporary files (server data, repositories, clones) under ${benchTempDir()}` +
      (benchTempDir() === '/dev/shm'
        ? ' (a tmpfs)'
        : ' (no /dev/shm here: on disk, so the clone baseline may swing)'),
    '',
  ];
  for (const pages of sizes) out.push(await measureSize(pages));
  out.push(
    'Target: second push with one page changed < 1,000 ms on 10,000 pages, and proportional to the change. ' +
      '"× clone" is the wall time over the same run\'s `git clone --local` median.',
    '',
  );
  return out.join('\n');
}
