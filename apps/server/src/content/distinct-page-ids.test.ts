import { gitBlobId, treeToRevision, type RevisionPage, type TreeFile } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { withDistinctPageIds } from './distinct-page-ids.js';

const file = (path: string, text: string): TreeFile => ({
  path,
  oid: gitBlobId(text),
  size: new TextEncoder().encode(text).byteLength,
  text,
});

/** A tree whose SUMMARY.md holds the same group twice and the same link twice. */
function tree(extra = ''): TreeFile[] {
  return [
    file('README.md', '# Home\n'),
    file(
      'SUMMARY.md',
      [
        '# Table of contents\n',
        '* [Home](README.md)',
        '* [Site](https://example.com)',
        '* [Site](https://example.com)\n',
        '## Guides\n',
        '* [A](a.md)\n',
        '## Guides\n',
        `* [B](b.md)${extra}\n`,
      ].join('\n'),
    ),
    file('a.md', '# A\n'),
    file('b.md', '# B\n'),
    file('c.md', '# C\n'),
  ];
}

const ids = (pages: readonly RevisionPage[]): string[] =>
  pages.flatMap((page) => [page.id, ...('pages' in page ? ids(page.pages) : [])]);

describe('withDistinctPageIds', () => {
  it('gives pages core read alike distinct ids, the same from one read to the next', () => {
    const first = treeToRevision(tree(), { idNamespace: 's' }).content;
    // What core gives: the two links share an id, and so do the two groups.
    expect(new Set(ids(first.pages)).size).toBe(ids(first.pages).length - 2);
    const distinct = withDistinctPageIds(first, undefined);
    const firstIds = ids(distinct.pages);
    expect(new Set(firstIds).size).toBe(firstIds.length);
    // The first of each keeps core's id: [Home, link, link, group, group].
    for (const index of [0, 1, 3]) expect(distinct.pages[index]?.id).toBe(first.pages[index]?.id);
    expect(distinct.pages[2]?.id).not.toBe(first.pages[2]?.id);

    // Read again on that base, with a page added to the second group: core hands the base's ids
    // out anew (the last first); each page gets its own back.
    const next = treeToRevision(tree('\n* [C](c.md)'), { idNamespace: 's', base: distinct });
    const again = withDistinctPageIds(next.content, distinct);
    expect(again.pages.map((page) => page.id)).toEqual(distinct.pages.map((page) => page.id));
    expect(new Set(ids(again.pages)).size).toBe(ids(again.pages).length);
  });

  it('returns content without such pages as it is', () => {
    const plain = treeToRevision(
      [
        file('README.md', '# Home\n'),
        file(
          'SUMMARY.md',
          '# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [A](a.md)\n',
        ),
        file('a.md', '# A\n'),
      ],
      { idNamespace: 's' },
    ).content;
    expect(withDistinctPageIds(plain, undefined)).toBe(plain);
  });

  it('leaves the pages it does not rename as they were (frozen pages are not written to)', () => {
    const content = treeToRevision(tree(), { idNamespace: 's' }).content;
    const home = Object.freeze(content.pages[0] as RevisionPage);
    const frozen = { ...content, pages: [home, ...content.pages.slice(1)] };
    const distinct = withDistinctPageIds(frozen, undefined);
    expect(distinct.pages[0]).toBe(home);
    expect(distinct).not.toBe(frozen);
  });
});
