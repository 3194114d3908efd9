import { describe, expect, it } from 'vitest';
import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { corpusSpaces } from '../testing/corpora.js';
import { readCorpusTree } from '../testing/read-corpus.js';
import { ConversionCache } from './conversion-cache.js';
import { gitBlobId } from './git-blob-id.js';
import { treeToRevision } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { flattenPages } from './flatten-pages.js';
import { revisionToTree } from './revision-to-tree.js';

/** The content with the document page `id` replaced by `edit(page)`; other objects are kept. */
function withPage(
  content: RevisionContent,
  id: string,
  edit: (page: RevisionPage) => RevisionPage,
): RevisionContent {
  const replace = (pages: readonly RevisionPage[]): RevisionPage[] =>
    pages.map((page) =>
      page.id === id
        ? edit(page)
        : page.type === 'link'
          ? page
          : { ...page, pages: replace(page.pages) },
    );
  return { ...content, pages: replace(content.pages) };
}

const markdownCount = (tree: readonly TreeFile[]) =>
  tree.filter((file) => file.path.endsWith('.md') && !file.path.endsWith('SUMMARY.md')).length;

describe('ConversionCache', () => {
  for (const space of corpusSpaces) {
    it(`gives the same revision and the same tree as no cache, cold and warm, for ${space}`, () => {
      const tree = readCorpusTree(space);
      const plain = treeToRevision(tree, { idNamespace: space });
      const written = revisionToTree(plain.content, { config: plain.config });
      const cache = new ConversionCache();
      for (let run = 0; run < 2; run++) {
        const cached = treeToRevision(tree, { idNamespace: space, cache });
        expect(cached).toEqual(plain);
        const files = revisionToTree(cached.content, { config: cached.config, cache }).files;
        expect(files).toEqual(written.files);
      }
    });
  }

  it('does not parse a markdown file again when its blob id was parsed before', () => {
    const tree = readCorpusTree('lawnchair-docs/help');
    const cache = new ConversionCache();
    treeToRevision(tree, { cache });
    const cold = cache.stats();
    expect(cold.parseHits).toBe(0);
    expect(cold.parseMisses).toBe(markdownCount(tree));
    treeToRevision(tree, { cache });
    expect(cache.stats().parseMisses).toBe(cold.parseMisses);
    expect(cache.stats().parseHits).toBe(cold.parseMisses);
  });

  it('parses only the file that changed in a tree read again', () => {
    const tree = readCorpusTree('lawnchair-docs/help');
    const cache = new ConversionCache();
    const base = treeToRevision(tree, { cache }).content;
    const changed = tree.map((file) =>
      file.path === 'core-features/search.md' && file.text !== undefined
        ? {
            ...file,
            text: `${file.text}\nOne more line.\n`,
            oid: gitBlobId(`${file.text}\nOne more line.\n`),
          }
        : file,
    );
    const before = cache.stats();
    const next = treeToRevision(changed, { base, cache });
    expect(cache.stats().parseMisses - before.parseMisses).toBe(1);
    expect(next).toEqual(treeToRevision(changed, { base }));
  });

  it('renders only the page that changed, and gives what an uncached write gives', () => {
    const { content } = treeToRevision(readCorpusTree('lawnchair-docs/help'));
    const cache = new ConversionCache();
    revisionToTree(content, { cache });
    const page = flattenPages(content.pages).find(
      (p) => p.type === 'document' && p.title === 'Search',
    );
    if (page?.type !== 'document') throw new Error('no Search page');
    const next = withPage(content, page.id, () => ({ ...page, title: 'Search, renamed' }));
    const before = cache.stats();
    const files = revisionToTree(next, { cache }).files;
    const after = cache.stats();
    // The page itself and SUMMARY.md, which lists its title.
    expect(after.renderMisses - before.renderMisses).toBe(2);
    expect(files).toEqual(revisionToTree(next).files);
  });

  it('renders again the pages that link to a page that moved', () => {
    const { content } = treeToRevision(readCorpusTree('lawnchair-docs/help'));
    const cache = new ConversionCache();
    revisionToTree(content, { cache });
    const lawnicons = flattenPages(content.pages).find(
      (p) => p.type === 'document' && p.git?.path === 'integrations/lawnicons.md',
    );
    if (lawnicons?.type !== 'document' || !lawnicons.git) throw new Error('no Lawnicons page');
    const moved = withPage(content, lawnicons.id, () => ({
      ...lawnicons,
      git: { ...lawnicons.git, path: 'integrations/icons.md' } as { oid: string; path: string },
    }));
    const files = revisionToTree(moved, { cache }).files;
    expect(files).toEqual(revisionToTree(moved).files);
    const linking = files.find((file) => file.path === 'core-features/theming-and-icons.md');
    expect(linking?.text).toContain('integrations/icons.md');
  });

  it('reads a markdown file without its text when its blob was parsed, and keeps unchanged documents', () => {
    const tree = readCorpusTree('lawnchair-docs/help');
    const cache = new ConversionCache();
    const first = treeToRevision(tree, { cache });
    // Pages come without text: the cache holds their parses (SUMMARY.md is always read).
    const bare = tree.map((file) =>
      file.path.endsWith('.md') && file.path !== 'SUMMARY.md'
        ? { path: file.path, oid: file.oid, size: file.size }
        : file,
    );
    const cold = cache.stats();
    const again = treeToRevision(bare, { base: first.content, cache });
    expect(again).toEqual(treeToRevision(tree, { base: first.content }));
    const documents = (content: RevisionContent) =>
      flattenPages(content.pages).flatMap((page) =>
        page.type === 'document' ? [page.document] : [],
      );
    // Resolved documents are the same objects as last time, so storing them again is free.
    const before = documents(first.content);
    const after = documents(again.content);
    expect(after).toHaveLength(before.length);
    after.forEach((document, index) => {
      expect(document).toBe(before[index]);
    });
    expect(cache.stats().resolveMisses).toBe(cold.resolveMisses);
    expect(cache.stats().parseMisses).toBe(cold.parseMisses);
  });

  it('resolves a page again when a page it links to moved', () => {
    const tree = readCorpusTree('lawnchair-docs/help');
    const cache = new ConversionCache();
    const first = treeToRevision(tree, { cache });
    const moved = tree.map((file) => {
      if (file.path === 'integrations/lawnicons.md')
        return { ...file, path: 'integrations/icons.md' };
      if (file.path === 'SUMMARY.md' && file.text !== undefined) {
        const text = file.text.replace('integrations/lawnicons.md', 'integrations/icons.md');
        return { ...file, text, oid: gitBlobId(text) };
      }
      return file;
    });
    const next = treeToRevision(moved, { base: first.content, cache });
    expect(next).toEqual(treeToRevision(moved, { base: first.content }));
  });

  it('forgets the least recently used parses beyond a bound, and then needs their text', () => {
    const tree = readCorpusTree('lawnchair-docs/help');
    const cache = new ConversionCache();
    treeToRevision(tree, { cache });
    const pages = tree.filter((file) => file.path.endsWith('.md') && file.path !== 'SUMMARY.md');
    cache.trimParses(1);
    expect(pages.filter((file) => cache.hasParse(file.oid))).toHaveLength(1);
    const bare = tree.map((file) =>
      pages.includes(file) ? { path: file.path, oid: file.oid, size: file.size } : file,
    );
    const read = treeToRevision(bare, { cache });
    expect(read.diagnostics.some((d) => d.ruleId === 'summary-missing-file')).toBe(true);
    expect(treeToRevision(tree, { cache })).toEqual(treeToRevision(tree));
  });

  it('writes only the pages asked for, each as the whole tree writes it', () => {
    const { content, config } = treeToRevision(readCorpusTree('lawnchair-docs/help'));
    const whole = revisionToTree(content, { config }).files;
    const linking = flattenPages(content.pages).find(
      (p) => p.type === 'document' && p.git?.path === 'core-features/theming-and-icons.md',
    );
    if (linking === undefined) throw new Error('no Theming page');
    const only = revisionToTree(content, { config, onlyPages: new Set([linking.id]) }).files;
    expect(only).toEqual(
      whole.filter((file) => file.path === 'core-features/theming-and-icons.md'),
    );
  });
});
