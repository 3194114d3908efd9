/**
 * Golden documents: every page of the `git-sync-normalization` corpus (GitBook's own fixture
 * space, one page per kind of block) read into its page metadata, JSON document and diagnostics,
 * compared with the committed `fixtures/golden/<page>.json`. A change of the document model or of
 * how a construct is read shows up as a diff of those files, to review like code.
 *
 * After an intended change: `UPDATE=1 npm exec -- vitest run packages/core/src/markdown/golden-documents.test.ts`
 * rewrites them; read `git diff packages/core/fixtures/golden` before committing.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePage } from './parse-page.js';

const SPACE = 'git-sync-normalization';
const corpus = fileURLToPath(new URL(`../../fixtures/corpora/${SPACE}/`, import.meta.url));
const golden = fileURLToPath(new URL(`../../fixtures/golden/${SPACE}/`, import.meta.url));
const update = process.env['UPDATE'] === '1';

function filesOf(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path, suffix);
    return name.endsWith(suffix) ? [path] : [];
  });
}

const pages = filesOf(corpus, '.md')
  .map((path) => relative(corpus, path))
  .filter((path) => path !== 'SUMMARY.md')
  .sort();
const goldenPath = (page: string) => join(golden, page.replace(/\.md$/, '.json'));

describe(`golden documents of ${SPACE}`, () => {
  if (update) rmSync(golden, { recursive: true, force: true });

  for (const page of pages)
    it(`reads ${page} as fixtures/golden/${SPACE}/${page.replace(/\.md$/, '.json')} says`, () => {
      const parsed = parsePage(readFileSync(join(corpus, page), 'utf8'));
      const json = `${JSON.stringify(parsed, null, 2)}\n`;
      const path = goldenPath(page);
      if (update) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, json);
        return;
      }
      expect(
        json,
        `${page} reads differently: if intended, rerun with UPDATE=1 and review the diff`,
      ).toBe(readFileSync(path, 'utf8'));
    });

  it('keeps no golden file of a page that is gone', () => {
    const kept = filesOf(golden, '.json')
      .map((path) => relative(golden, path))
      .sort();
    expect(kept).toEqual(pages.map((page) => page.replace(/\.md$/, '.json')));
  });
});
