import {
  ConversionCache,
  diffRevisions,
  gitBlobId,
  revisionToTree,
  treeToRevision,
  type RevisionContent,
  type RevisionPage,
  type TreeFile,
} from '@docsync/core';
import { generateSpace } from './generate-space.ts';
import { formatSuite, runSuite, type BenchSuite } from './harness.ts';

/** A copy of `pages` with the page `id` replaced by `edit(page)`; every other page object is kept. */
function replacePage(
  pages: readonly RevisionPage[],
  id: string,
  edit: (page: RevisionPage) => RevisionPage,
): RevisionPage[] {
  const out = pages.map((page) => {
    if (page.id === id) return edit(page);
    if (page.type === 'link') return page;
    const children = replacePage(page.pages, id, edit);
    return children === page.pages ? page : { ...page, pages: children };
  });
  return out.every((page, index) => page === pages[index]) ? (pages as RevisionPage[]) : out;
}

// Setup: the generated tree is read once and written once, so that the cases start from the
// canonical tree docsync writes and from the revision read from it (with its blob ids).
const generated = generateSpace();
const revision: RevisionContent = treeToRevision(generated.files, { idNamespace: 'bench' }).content;
const tree: TreeFile[] = revisionToTree(revision).files;
const canonical: RevisionContent = treeToRevision(tree, { base: revision }).content;
const pages = canonical.pages.flatMap(function all(page): RevisionPage[] {
  return [page, ...('pages' in page ? page.pages.flatMap(all) : [])];
});
const documentPages = pages.filter((page) => page.type === 'document');
const edited = documentPages[Math.floor(documentPages.length / 2)];
if (!edited) throw new Error('the generated space has no pages');
const warmCache = new ConversionCache();
revisionToTree(canonical, { cache: warmCache });
let edits = 0;

// A re-import of the tree with one page changed, as the service makes it: the revision read from
// the tree before is the base, and the conversion cache is warm. Each run changes the page anew,
// so it is parsed every time.
const importCache = new ConversionCache();
const importBase: RevisionContent = treeToRevision(tree, {
  base: canonical,
  cache: importCache,
}).content;
const importBaseFiles = new Map(tree.map((file) => [file.path, file.oid]));
const reimportedPath = edited.git?.path;
let reimports = 0;

/** The tree with the edited page's file changed anew. */
function treeWithOnePageChanged(): TreeFile[] {
  reimports++;
  return tree.map((file) => {
    if (file.path !== reimportedPath) return file;
    const text = `${file.text ?? ''}\nRe-imported ${reimports}.\n`;
    return { ...file, text, oid: gitBlobId(text), size: Buffer.byteLength(text) };
  });
}

/** One-page re-import: the whole read (the baseline) against the read given `baseFiles`. */
const reimportSuite: BenchSuite = {
  name: `One page changed, tree → revision (${documentPages.length} pages, warm cache)`,
  unit: 'read',
  baseline: {
    name: 'whole read (base, cache)',
    run: () => {
      const read = treeToRevision(treeWithOnePageChanged(), {
        base: importBase,
        cache: importCache,
      });
      if (read.incremental) throw new Error('expected a whole read');
      return 1;
    },
  },
  cases: [
    {
      name: 'incremental read (base, baseFiles, cache)',
      run: () => {
        const read = treeToRevision(treeWithOnePageChanged(), {
          base: importBase,
          baseFiles: importBaseFiles,
          cache: importCache,
        });
        if (!read.incremental) throw new Error('expected an incremental read');
        return 1;
      },
    },
  ],
  note: 'Target: a few ms for the incremental read; the ratio column is how many times faster.',
};

/** The one-page re-import, with both medians and their ratio spelled out. */
export async function report(): Promise<string> {
  const [whole, incremental] = await runSuite(reimportSuite);
  const ratio = whole && incremental ? whole.medianMs / incremental.medianMs : Number.NaN;
  return [
    formatSuite(
      reimportSuite,
      [whole, incremental].filter((r) => r !== undefined),
    ),
    `one page changed: whole read ${whole?.medianMs.toFixed(1) ?? '?'} ms, incremental read ${incremental?.medianMs.toFixed(2) ?? '?'} ms (${ratio.toFixed(0)}× faster)`,
    '',
  ].join('\n');
}

/** Revision ⇄ tree on the generated space, next to hashing the same files' bytes. */
export const suite: BenchSuite = {
  name: `Revision ⇄ tree (${documentPages.length} pages, ${revision.files.length} assets, ${(generated.bytes.reduce((n, b) => n + b.byteLength, 0) / 1e6).toFixed(1)} MB)`,
  unit: 'file',
  baseline: {
    // The floor any reader of a git tree pays: every file's bytes and its blob id. docsync takes
    // the blob ids from git (a TreeFile carries its oid), so this is work it never does itself;
    // it puts the conversion figures next to a cost every sync already has.
    name: 'git blob ids of every file',
    run: () => {
      for (const bytes of generated.bytes) gitBlobId(bytes);
      return generated.bytes.length;
    },
  },
  cases: [
    {
      name: 'revision → tree',
      run: () => revisionToTree(canonical).files.length,
    },
    {
      name: 'tree → revision',
      run: () => {
        treeToRevision(tree, { base: canonical });
        return tree.length;
      },
    },
    {
      name: 'tree → revision, warm parse cache',
      run: () => {
        treeToRevision(tree, { base: canonical, cache: warmCache });
        return tree.length;
      },
    },
    {
      // An edit in the hosted editor: a new object for the page (and its ancestors), the rest
      // shared. Each run edits it anew, so the page is rendered every time.
      name: 'one-page change: diff + re-render (warm cache)',
      run: () => {
        edits++;
        const next: RevisionContent = {
          ...canonical,
          pages: replacePage(canonical.pages, edited.id, (page) =>
            page.type === 'document'
              ? {
                  ...page,
                  document: {
                    ...page.document,
                    nodes: [
                      ...page.document.nodes,
                      {
                        object: 'block',
                        type: 'paragraph',
                        data: {},
                        nodes: [
                          {
                            object: 'text',
                            leaves: [{ object: 'leaf', text: `Edit ${edits}.`, marks: [] }],
                          },
                        ],
                      },
                    ],
                  },
                }
              : page,
          ),
        };
        const diff = diffRevisions(canonical, next);
        if (diff.pages.edited.length !== 1) throw new Error('expected one edited page');
        return revisionToTree(next, { cache: warmCache }).files.length;
      },
    },
  ],
  // One conversion takes seconds: five measured runs after one warm-up are enough for a median.
  minTimeMs: 0,
  warmup: 1,
  note: 'Targets: revision → tree and tree → revision < 5,000 ms; one-page change < 200 ms.',
};
