import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ClosingLineReporter } from './test/support/closing-line-reporter.ts';

/** Every workspace with tests becomes a vitest project named after its package. */
const workspaceDirs = [
  ...['packages', 'apps'].flatMap((parent) =>
    existsSync(parent) ? readdirSync(parent).map((name) => join(parent, name)) : [],
  ),
  'test',
].filter((dir) => existsSync(join(dir, 'package.json')));

export default defineConfig({
  test: {
    projects: workspaceDirs.map((dir) => ({
      extends: true,
      test: {
        name: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string })
          .name,
        root: dir,
        include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
      },
    })),
    reporters: ['default', new ClosingLineReporter()],
  },
});
