import type { Reporter, TestModule } from 'vitest/node';

/**
 * Adds one plain closing line to vitest's output, `vitest: N passed, N failed, N skipped`, so
 * that CI logs end with a count any tool can read, whatever reporter prints above it.
 */
export class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const count = (state: 'passed' | 'failed' | 'skipped') =>
      testModules.reduce((n, module) => n + [...module.children.allTests(state)].length, 0);
    // A module that failed without a failed test (an import error, a crash) counts once.
    const failedModules = testModules.filter(
      (module) =>
        module.state() === 'failed' && [...module.children.allTests('failed')].length === 0,
    ).length;
    const failed = count('failed') + failedModules;
    process.stdout.write(
      `\nvitest: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped\n`,
    );
  }
}
