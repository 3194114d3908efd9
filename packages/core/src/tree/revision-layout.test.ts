import { describe, expect, it } from 'vitest';
import { corpusSpaces } from '../testing/corpora.js';
import { readCorpusTree } from '../testing/read-corpus.js';
import { flattenPages } from './flatten-pages.js';
import { layoutRevision, pageTreeFile, revisionToTree } from './revision-to-tree.js';
import { treeToRevision } from './tree-to-revision.js';

/**
 * A page read alone (its file from the revision's layout, as the service answers a markdown read)
 * must be the file the whole tree writes for it, byte for byte, and a tree written from a kept
 * layout the tree written without one.
 */
describe('layoutRevision and pageTreeFile', () => {
  for (const space of corpusSpaces)
    it(`write each page of ${space} as the whole tree writes it`, () => {
      const read = treeToRevision(readCorpusTree(space), { idNamespace: 'space' });
      const whole = revisionToTree(read.content, { config: read.config });
      const layout = layoutRevision(read.content, read.config);
      const byPath = new Map(whole.files.map((file) => [file.path, file]));
      const pages = flattenPages(read.content.pages).flatMap((page) =>
        page.type === 'document' ? [page] : [],
      );
      expect(pages.length).toBeGreaterThan(5);
      for (const page of pages) {
        const alone = pageTreeFile(page, layout);
        expect(byPath.get(alone.path)).toEqual(alone);
      }
      expect(revisionToTree(read.content, { config: read.config, layout })).toEqual(whole);
    });

  it('says which page a layout does not place', () => {
    const read = treeToRevision(readCorpusTree(corpusSpaces[0]), { idNamespace: 'space' });
    const page = flattenPages(read.content.pages).find((p) => p.type === 'document');
    if (page?.type !== 'document') throw new Error('no document page');
    const empty = layoutRevision({ pages: [], files: [], reusableContents: [] });
    expect(() => pageTreeFile(page, empty)).toThrow(`page \`${page.id}\` is not in the layout`);
  });
});
