import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { ClosingLineReporter } from './test/support/closing-line-reporter.ts';

/** Every workspace with tests becomes a vitest project named after its package. */
const workspaceDirs = [
  ...['packages', 'apps'].flatMap((parent) =>
    existsSync(parent) ? readdirSync(parent).map((name) => join(parent, name)) : [],
  ),
  'test',
].filter((dir) => existsSync(join(dir, 'package.json')));

/**
 * Test files run three at a time. Vitest's default is one worker fewer than the cores, which on
 * CI's 2-core machine is one: the suite ran file after file, mostly waiting on servers on
 * loopback, git and npm subprocesses, PostgreSQL and Chromium. Three rather than two keeps both
 * cores busy while a file waits; more would only add contention for two cores and for
 * PostgreSQL's 100 connections (a server test holds up to 11: a pool of 10 and a listener).
 * Files never share state: each server test opens its own in-memory SQLite or PostgreSQL schema
 * (`openTestDatabase`, `serveDatabase`), listens on port 0, and works in its own temp dir.
 */
const MAX_WORKERS = 3;

/**
 * A test's and a hook's timeouts. Vitest's defaults, 5 s and 10 s, suit one file running alone;
 * here a file shares two cores with two others (and with whatever else the machine runs), and at
 * load average 9 hooks that start a server (migrations, parse threads) took past 10 s and seeded
 * tests of a few seconds past 5 s. 30 s and 60 s still fail a hang within the run; tests that
 * legitimately take longer say so with a timeout of their own.
 */
const TEST_TIMEOUT_MS = 30_000;
const HOOK_TIMEOUT_MS = 60_000;

/**
 * Files that assert on wall-clock time (a conversion within 1 s, requests answered within 100 ms
 * while a parse runs): beside other files they would time the neighbours too, so they run after
 * everything else, one at a time, as a project of their own named `<package> (timed)`.
 */
const TIMED_FILES: Readonly<Record<string, readonly string[]>> = {
  [join('packages', 'core')]: ['src/markdown/pathological.test.ts'],
  [join('apps', 'server')]: ['src/parsing/event-loop.test.ts', 'src/http/fuzz.test.ts'],
};

/** A workspace's project, and its timed files' project when it has any. */
function projectsOf(dir: string): TestProjectInlineConfiguration[] {
  const name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string })
    .name;
  const timed = TIMED_FILES[dir] ?? [];
  const parallel: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name,
      root: dir,
      include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...timed],
    },
  };
  if (timed.length === 0) return [parallel];
  return [
    parallel,
    {
      extends: true,
      test: {
        name: `${name} (timed)`,
        root: dir,
        include: [...timed],
        maxWorkers: 1,
        sequence: { groupOrder: 1 },
      },
    },
  ];
}

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    projects: workspaceDirs.flatMap(projectsOf),
    reporters: ['default', new ClosingLineReporter()],
  },
});
