import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePage, renderPage, type PageToRender } from '@docsync/core';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { BenchSuite } from './harness.ts';

const corpora = fileURLToPath(new URL('../../packages/core/fixtures/corpora/', import.meta.url));

/** Every page of the corpora: each `.md` file but the `SUMMARY.md` tables of contents. */
const pages: readonly string[] = readdirSync(corpora, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.md') && basename(path) !== 'SUMMARY.md')
  .sort()
  .map((path) => readFileSync(join(corpora, path), 'utf8'));

const parsedPages: readonly PageToRender[] = pages.map((page) => {
  const { metadata, document } = parsePage(page);
  return { metadata, document };
});

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkStringify).freeze();

/** Markdown parse and render of the corpora, next to bare remark with GFM doing the same. */
export const suite: BenchSuite = {
  name: `Markdown ⇄ document (${pages.length} corpus pages per run)`,
  unit: 'page',
  baseline: {
    name: 'remark+GFM parse+stringify',
    run: () => {
      // No `run`: none of these plugins adds a transform, so parse → stringify is the whole pipeline.
      for (const page of pages) remark.stringify(remark.parse(page));
      return pages.length;
    },
  },
  cases: [
    {
      name: 'docsync parsePage',
      run: () => {
        for (const page of pages) parsePage(page);
        return pages.length;
      },
    },
    {
      name: 'docsync renderPage (pre-parsed)',
      run: () => {
        for (const page of parsedPages) renderPage(page);
        return pages.length;
      },
    },
    {
      name: 'docsync parsePage+renderPage',
      run: () => {
        for (const page of pages) renderPage(parsePage(page));
        return pages.length;
      },
    },
  ],
  // One run converts the whole corpus (a few hundred ms), so measure longer for a stable median.
  minTimeMs: 3_000,
  note: 'Target: docsync parsePage+renderPage at ≥ 2× the throughput of bare remark+GFM (issue 19; issue 5 asked ≥ 0.5×).',
};
