import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const MB = 1024 * 1024;

/**
 * The young generation's size (`new_space`, in bytes) in a fresh Node.js process after a churn
 * of objects that outlive a scavenge or two (what grows the semi-spaces), with
 * `boundYoungGeneration` called first or not.
 */
async function newSpaceAfterChurn(bound: boolean): Promise<number> {
  const module = new URL('./young-generation.ts', import.meta.url).href;
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { boundYoungGeneration } from ${JSON.stringify(module)};
    if (${String(bound)}) boundYoungGeneration();
    const kept = [];
    for (let round = 0; round < 100; round++) {
      kept.push(Array.from({ length: 10000 }, (_, i) => ({ i, text: 'page ' + i, pair: [i, round] })));
      if (kept.length > 20) kept.shift();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.space_size);
  `;
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

describe('boundYoungGeneration', () => {
  it(
    'keeps the semi-spaces at their starting size where they would otherwise grow',
    { timeout: 60_000 },
    async () => {
      const [grown, bounded] = await Promise.all([
        newSpaceAfterChurn(false),
        newSpaceAfterChurn(true),
      ]);
      // Without it the same churn grows them to several times that (128 MB on a large machine).
      expect(grown).toBeGreaterThan(8 * MB);
      expect(bounded).toBeLessThanOrEqual(2 * MB);
    },
  );
});
