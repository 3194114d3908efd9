import { execFile } from 'node:child_process';
import { cp, readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeTempDir } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { corpusSpaces, expectedPageDifferences } from '../../packages/core/src/testing/corpora.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const docsync = join(root, 'node_modules/.bin/docsync');
const corpora = join(root, 'packages/core/fixtures/corpora');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('docsync fmt --out on the GitBook corpora', () => {
  for (const space of corpusSpaces) {
    it(`reproduces ${space}: every exporter-written page, SUMMARY.md and asset byte for byte`, async () => {
      const tmp = await makeTempDir('fmt-corpus');
      try {
        await cp(join(corpora, space), join(tmp.path, 'src'), { recursive: true });
        const { stdout } = await run(docsync, ['fmt', 'src', '--out', 'out'], { cwd: tmp.path });
        const unlisted = stdout
          .split('\n')
          .filter((line) => line.startsWith('? '))
          .map((line) => line.slice(2).split(' ')[0]);
        const sourceFiles = (await listFiles(join(tmp.path, 'src'))).filter(
          (path) => !unlisted.includes(path),
        );
        const differing: string[] = [];
        for (const path of sourceFiles) {
          const [before, after] = await Promise.all([
            readFile(join(tmp.path, 'src', path)),
            readFile(join(tmp.path, 'out', path)).catch(() => undefined),
          ]);
          if (!after?.equals(before)) differing.push(`${space}/${path}`);
        }
        const expected = Object.keys(expectedPageDifferences).filter((page) =>
          page.startsWith(`${space}/`),
        );
        expect(differing.sort()).toEqual(expected.sort());
        expect(await listFiles(join(tmp.path, 'out'))).toEqual(sourceFiles);
      } finally {
        await tmp.remove();
      }
    });
  }
});
