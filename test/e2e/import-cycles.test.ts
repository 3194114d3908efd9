import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../support/import-graph.ts';

/**
 * No package or app has an import cycle between its own modules at run time (issue 20: the
 * storage migrations ⇄ open-database and parse-page ⇄ render-page cycles were broken; this keeps
 * new ones out). Type-only imports are erased and do not count. madge, the usual tool, declares
 * TypeScript below 6 as a peer, so the graph is read here with TypeScript's own parser.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const folders = [
  'packages/core',
  'packages/api',
  'packages/git',
  'packages/client',
  'packages/sync',
  'apps/server',
  'apps/cli',
  'apps/daemon',
  'apps/action',
];

describe('import cycles', () => {
  for (const folder of folders) {
    it(`${folder} has none`, () => {
      const src = join(repoRoot, folder, 'src');
      expect(importCycles(importGraph(src), src)).toEqual([]);
    });
  }

  it('finds a cycle through re-exports, and ignores type-only imports', async () => {
    const dir = await makeTempDir('cycles');
    try {
      const src = join(dir.path, 'src');
      mkdirSync(join(src, 'deep'), { recursive: true });
      const files: Record<string, string> = {
        'a.ts': "import { b } from './deep/b.js';\nexport const a = b;\n",
        'deep/b.ts': "export { c as b } from '../c.js';\n",
        'c.ts': "import { a } from './a.js';\nexport const c = () => a;\n",
        'd.ts':
          "import type { a } from './a.js';\nimport { type c } from './c.js';\nexport type D = [typeof a, typeof c];\n",
        'e.ts': "import { f } from './f.js';\nexport const e = f;\n",
        'f.ts': "export type { E } from './e.js';\nexport const f = 1;\n",
      };
      for (const [path, text] of Object.entries(files)) writeFileSync(join(src, path), text);
      expect(importCycles(importGraph(src), src)).toEqual([['a.ts', 'c.ts', 'deep/b.ts']]);
    } finally {
      await dir.remove();
    }
  });
});
