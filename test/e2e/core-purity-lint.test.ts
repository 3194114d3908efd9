import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Lints `code` as if it were the file at `relPath`, with the project's own eslint.config.js. */
async function ruleIdsFor(relPath: string, code: string): Promise<string[]> {
  // The probe file does not exist on disk, so type information is switched off for it; the
  // purity rules are syntactic and do not need it.
  const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath: `${root}${relPath}` });
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? `fatal: ${message.message}`)
    .filter((ruleId) => !ruleId.startsWith('@typescript-eslint/no-unused-vars'))
    .sort();
}

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
