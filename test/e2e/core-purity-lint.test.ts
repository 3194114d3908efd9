import { describe, expect, it } from 'vitest';
import { ruleIdsFor } from '../support/lint-probe.ts';

const impure = [
  "import { readFile } from 'node:fs/promises';",
  "import * as http from 'http';",
  'export const env = process.env.HOME;',
  'export const now = Date.now();',
  'export const today = new Date();',
  "export const page = await fetch('https://example.test');",
  'export const id = Math.random();',
].join('\n');

describe('the lint rule that keeps packages/core pure', () => {
  it('rejects fs, network, clock, randomness and env in packages/core', async () => {
    expect(await ruleIdsFor('packages/core/src/purity-probe.ts', impure)).toEqual([
      'no-restricted-globals',
      'no-restricted-globals',
      'no-restricted-imports',
      'no-restricted-imports',
      'no-restricted-syntax',
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
  });

  it('allows pure code in packages/core (a Date from a given time is data)', async () => {
    const pure = 'export const at = (ms: number): string => new Date(ms).toISOString();\n';
    expect(await ruleIdsFor('packages/core/src/purity-probe.ts', pure)).toEqual([]);
  });

  it('applies to packages/core only', async () => {
    expect(await ruleIdsFor('packages/sync/src/purity-probe.ts', impure)).toEqual([]);
  });
});
