import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePage, renderPage, type FastPathCount, type PageToRender } from '@docsync/core';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { canonicalFiles } from './generate-space.ts';
import { formatSuite, runSuite, type BenchSuite } from './harness.ts';

const corpora = fileURLToPath(new URL('../../packages/core/fixtures/corpora/', import.meta.url));

/** The pages under `dir`: each `.md` file but the `SUMMARY.md` tables of contents. */
function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md') && basename(path) !== 'SUMMARY.md')
    .sort()
    .map((path) => readFileSync(join(dir, path), 'utf8'));
}

/** Every page of the corpora. */
const pages: readonly string[] = pagesUnder(corpora);

const toRender = (page: string): PageToRender => {
  const { metadata, document } = parsePage(page);
  return { metadata, document };
};

const parsedPages: readonly PageToRender[] = pages.map(toRender);

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
      name: 'docsync renderPage (pre-parsed), no fast render path',
      run: () => {
        for (const page of parsedPages) renderPage(page, { fastPath: false });
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

/** How much of `rendered` the fast render path wrote itself: pages written whole, and blocks. */
function coverage(name: string, rendered: readonly PageToRender[]): string {
  const count: FastPathCount = { trees: 0, fastTrees: 0, blocks: 0, fastBlocks: 0 };
  for (const page of rendered) renderPage(page, { fastPathCount: count });
  const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
  return `| ${name} | ${String(rendered.length)} | ${percent(count.fastTrees, count.trees)} | ${percent(count.fastBlocks, count.blocks)} (${String(count.fastBlocks)} of ${String(count.blocks)}) |`;
}

/** The GitBook corpora beside the repository (../shared/corpora), when they are there. */
const sharedCorpora = [
  fileURLToPath(new URL('../../../shared/corpora/', import.meta.url)),
  '/work/shared/corpora/',
].find((dir) => existsSync(dir));

/**
 * Rendering the generated space's 10,000 pages (the sync benchmark's first pull renders them
 * all), with and without the fast render path; and how much of them, of the corpora in the
 * repository and of those beside it the fast path writes itself.
 */
export async function report(): Promise<string> {
  const generated = canonicalFiles(10_000)
    .filter((file) => file.path.endsWith('.md') && basename(file.path) !== 'SUMMARY.md')
    .map((file) => toRender(Buffer.from(file.bytes).toString('utf8')));
  const renderSuite: BenchSuite = {
    name: `Render of the generated space's pages (${String(generated.length)} pages per run)`,
    unit: 'page',
    baseline: {
      name: 'renderPage, no fast render path (toMarkdown)',
      run: () => {
        for (const page of generated) renderPage(page, { fastPath: false });
        return generated.length;
      },
    },
    cases: [
      {
        name: 'renderPage',
        run: () => {
          for (const page of generated) renderPage(page);
          return generated.length;
        },
      },
    ],
    minTimeMs: 3_000,
    warmup: 1,
    note: 'Target: ≥ 2× the baseline (issue 31).',
  };
  const corpusRows = [coverage('generated space (bench)', generated)];
  const roots: [string, string | undefined][] = [
    ['fixtures/corpora', corpora],
    ['shared/corpora', sharedCorpora],
  ];
  for (const [label, root] of roots) {
    if (root === undefined) continue;
    for (const dir of readdirSync(root, { withFileTypes: true })) {
      if (!dir.isDirectory() || dir.name === 'migrations') continue;
      const rendered = pagesUnder(join(root, dir.name)).map(toRender);
      corpusRows.push(coverage(`${label}/${dir.name}`, rendered));
    }
  }
  return [
    formatSuite(renderSuite, await runSuite(renderSuite)),
    '## Fast render path coverage',
    '| pages | count | written whole | top-level blocks written by it |',
    '| --- | ---: | ---: | ---: |',
    ...corpusRows,
    '',
  ].join('\n');
}
