import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchSuite } from './harness.ts';

const bin = fileURLToPath(new URL('../../apps/cli/dist/bin.js', import.meta.url));

function spawnNode(args: string[]): number {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return 1;
}

/** How long `docsync --version` takes to start, next to a bare `node -e ""` on the same Node. */
export const suite: BenchSuite = {
  name: 'CLI start-up',
  unit: 'start',
  baseline: { name: 'node -e ""', run: () => spawnNode(['-e', '']) },
  cases: [{ name: 'docsync --version', run: () => spawnNode([bin, '--version']) }],
  note: 'A ratio near 1× means the CLI adds little to Node’s own start-up.',
};
