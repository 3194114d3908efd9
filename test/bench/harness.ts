/**
 * A small benchmark harness: every suite names a baseline and the cases measured against it in
 * the same run, and the report prints figures and ratios. Benchmarks never fail on time.
 */

/** One measured function. `run` returns the number of units it processed (pages, requests…). */
export interface BenchCase {
  name: string;
  run: () => number | Promise<number>;
}

/** A baseline and the cases compared with it. */
export interface BenchSuite {
  name: string;
  /** What one unit is, for the throughput column (`page`, `start`…). */
  unit: string;
  baseline: BenchCase;
  cases: BenchCase[];
  /** Minimum measuring time per case in milliseconds (default 1,000). */
  minTimeMs?: number;
  /** Unmeasured warm-up runs per case (default 2). */
  warmup?: number;
  /** A sentence printed under the table: the target, or what the ratio means. */
  note?: string;
}

/** What one case measured. */
export interface CaseResult {
  name: string;
  runs: number;
  units: number;
  /** Median wall time of one run, in milliseconds. */
  medianMs: number;
  /** Units per second over all measured runs. */
  unitsPerSecond: number;
}

async function measure(
  benchCase: BenchCase,
  minTimeMs: number,
  warmup: number,
): Promise<CaseResult> {
  for (let i = 0; i < warmup; i++) await benchCase.run();
  const times: number[] = [];
  let units = 0;
  const start = performance.now();
  while (performance.now() - start < minTimeMs || times.length < 5) {
    const t0 = performance.now();
    units += await benchCase.run();
    times.push(performance.now() - t0);
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return {
    name: benchCase.name,
    runs: times.length,
    units,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    unitsPerSecond: (units / total) * 1000,
  };
}

/** Measures a suite: the baseline first, then each case; returns the results, baseline first. */
export async function runSuite(suite: BenchSuite): Promise<CaseResult[]> {
  const minTimeMs = suite.minTimeMs ?? 1000;
  const warmup = suite.warmup ?? 2;
  const results = [await measure(suite.baseline, minTimeMs, warmup)];
  for (const benchCase of suite.cases) results.push(await measure(benchCase, minTimeMs, warmup));
  return results;
}

/** Formats a suite's results as a table with throughput ratios against the baseline. */
export function formatSuite(suite: BenchSuite, results: readonly CaseResult[]): string {
  const [baseline] = results;
  if (!baseline) return `${suite.name}: no results\n`;
  const rows = results.map((r, i) => [
    i === 0 ? `${r.name} (baseline)` : r.name,
    String(r.runs),
    r.medianMs.toFixed(2),
    r.unitsPerSecond.toFixed(1),
    (r.unitsPerSecond / baseline.unitsPerSecond).toFixed(2) + '×',
  ]);
  const header = ['case', 'runs', 'median ms/run', `${suite.unit}s/s`, 'vs baseline'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [
    `## ${suite.name}`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...(suite.note ? [suite.note] : []),
    '',
  ].join('\n');
}
