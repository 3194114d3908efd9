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
  const module = (await import(`./${file}`)) as { suite: BenchSuite };
  const results = await runSuite(module.suite);
  console.log(formatSuite(module.suite, results));
}
