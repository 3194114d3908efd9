import { describe, expect, it } from 'vitest';
import { layers } from '../../eslint.config.js';
import { ruleIdsFor } from '../support/lint-probe.ts';

const ALL = ['core', 'api', 'git', 'client', 'sync', 'daemon', 'server', 'cli', 'action'];

/** One import of each of the project's packages and apps; a probe uses every name. */
function importing(names: readonly string[]): string {
  return `${names
    .map((name, index) => `import * as m${String(index)} from '@docsync/${name}';`)
    .join(
      '\n',
    )}\nexport const all = [${names.map((_, index) => `m${String(index)}`).join(', ')}];\n`;
}

describe('the lint rule that keeps the layers of docs/architecture.md', () => {
  for (const [folder, allowed] of Object.entries(layers)) {
    const own = folder.split('/')[1] ?? '';
    const forbidden = ALL.filter((name) => name !== own && !allowed.includes(name));

    it(`lets ${folder} import ${allowed.length === 0 ? 'none of ours' : allowed.join(', ')}, and nothing else of ours`, async () => {
      const probe = `${folder}/src/layering-probe.ts`;
      expect(await ruleIdsFor(probe, importing(allowed))).toEqual([]);
      for (const name of forbidden)
        expect(await ruleIdsFor(probe, importing([name])), `${folder} → @docsync/${name}`).toEqual([
          'no-restricted-imports',
        ]);
    });
  }

  it('lets only packages/git import isomorphic-git', async () => {
    const code = "import * as git from 'isomorphic-git';\nexport const g = git;\n";
    expect(await ruleIdsFor('packages/git/src/layering-probe.ts', code)).toEqual([]);
    expect(await ruleIdsFor('packages/sync/src/layering-probe.ts', code)).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('refuses relative imports into another package or app', async () => {
    const code = "import { x } from '../../../apps/server/src/index.js';\nexport const y = x;\n";
    expect(await ruleIdsFor('packages/sync/src/layering-probe.ts', code)).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('lets tests use test-utils, and apps’ tests the server’s harness, but not packages’ tests', async () => {
    const harness =
      "import { startTestServer } from '@docsync/server/testing';\nexport const s = startTestServer;\n";
    const utils =
      "import { makeTempDir } from '@docsync/test-utils';\nexport const t = makeTempDir;\n";
    expect(await ruleIdsFor('apps/daemon/src/probe.test.ts', harness)).toEqual([]);
    expect(await ruleIdsFor('packages/sync/src/probe.test.ts', utils)).toEqual([]);
    expect(await ruleIdsFor('packages/sync/src/probe.test.ts', harness)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIdsFor('packages/sync/src/probe.ts', utils)).toEqual([
      'no-restricted-imports',
    ]);
  });
});
