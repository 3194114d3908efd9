import { readFile } from 'node:fs/promises';
import { makeTempDir } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { bundleAction } from './bundle-action.js';
import { ACTION_ENTRY } from './testing/action-harness.js';

describe('the committed bundle', () => {
  // esbuild takes a few seconds on a loaded machine: more than the default 5 s leaves.
  it(
    'is what bundling the sources gives now, byte for byte (run `npm run bundle -w @docsync/action`)',
    { timeout: 60_000 },
    async () => {
      const dir = await makeTempDir('action-bundle');
      try {
        await bundleAction(dir.join('index.js'));
        const rebuilt = await readFile(dir.join('index.js'));
        const committed = await readFile(ACTION_ENTRY);
        expect(rebuilt.equals(committed)).toBe(true);
      } finally {
        await dir.remove();
      }
    },
  );
});
