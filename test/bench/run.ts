/**
 * `npm run bench`: runs every `*.bench.ts` beside this file (or those whose names contain one of
 * the arguments) and prints each suite's figures and ratios against its baseline.
 */
import { readdirSync } from 'node:fs';
import { formatSuite, runSuite, type BenchSuite } from './harness.ts';

const filters = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();

console.log(`docsync benchmarks on Node ${process.version}, ${new Date().toISOString()}\n`);
for (const file of files) {
  // A file exports a `suite` for the harness, or a `report()` when it measures in its own way
  // (load generators report latency percentiles the harness has no column for).
  const module = (await import(`./${file}`)) as {
    suite?: BenchSuite;
    report?: () => Promise<string>;
  };
  if (module.report) console.log(await module.report());
  if (module.suite) console.log(formatSuite(module.suite, await runSuite(module.suite)));
}
