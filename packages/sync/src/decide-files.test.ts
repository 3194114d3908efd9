import { gitBlobId } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { decideFiles, pathsNeedingText } from './decide-files.js';
import { toSyncTree, type SyncTree } from './sync-tree.js';

function tree(files: Record<string, string>): SyncTree {
  return toSyncTree(
    Object.entries(files).map(([path, text]) => ({ path, oid: gitBlobId(text), text })),
  );
}

function texts(result: SyncTree): Record<string, string> {
  return Object.fromEntries([...result].map(([path, file]) => [path, file.text ?? '']));
}

describe('decideFiles', () => {
  const base = tree({ 'a.md': '# A\n\none\n\ntwo\n', LICENSE: 'MIT\n', 'b.md': '# B\n' });

  it('takes the side that changed a file and never touches a file neither changed', () => {
    const ours = tree({ 'a.md': '# A\n\none!\n\ntwo\n', LICENSE: 'MIT\n', 'b.md': '# B\n' });
    const theirs = tree({
      'a.md': '# A\n\none\n\ntwo\n',
      'b.md': '# B\n\nnew\n',
      LICENSE: 'MIT\n',
    });
    const decided = decideFiles({ base, ours, theirs });
    expect(texts(decided.tree)).toEqual({
      'a.md': '# A\n\none!\n\ntwo\n',
      'b.md': '# B\n\nnew\n',
      LICENSE: 'MIT\n',
    });
    expect(decided.conflicts).toEqual([]);
  });

  it('a file missing from the other side is not deleted unless that side deleted it since the base', () => {
    // The space never had LICENSE (no base): the branch's file stays.
    const decided = decideFiles({
      base: new Map(),
      ours: tree({ LICENSE: 'MIT\n' }),
      theirs: new Map(),
    });
    expect(texts(decided.tree)).toEqual({ LICENSE: 'MIT\n' });
  });

  it('merges edits of different paragraphs and marks the same paragraph edited twice', () => {
    const ours = tree({
      ...Object.fromEntries([...base].map(([p, f]) => [p, f.text ?? ''])),
      'a.md': '# A\n\none (git)\n\ntwo\n',
    });
    const theirs = tree({
      ...Object.fromEntries([...base].map(([p, f]) => [p, f.text ?? ''])),
      'a.md': '# A\n\none\n\ntwo (space)\n',
    });
    expect(texts(decideFiles({ base, ours, theirs }).tree)['a.md']).toBe(
      '# A\n\none (git)\n\ntwo (space)\n',
    );

    const clash = tree({ ...texts(base), 'a.md': '# A\n\none (space)\n\ntwo\n' });
    const decided = decideFiles({
      base,
      ours,
      theirs: clash,
      labels: { ours: 'main', theirs: 'space' },
    });
    expect(decided.conflicts).toEqual([{ path: 'a.md', reason: 'content', hunks: 1 }]);
    expect(texts(decided.tree)['a.md']).toBe(
      '# A\n\n<<<<<<< main\none (git)\n=======\none (space)\n>>>>>>> space\n\ntwo\n',
    );
    expect(texts(decideFiles({ base, ours, theirs: clash, strategy: 'theirs' }).tree)['a.md']).toBe(
      '# A\n\none (space)\n\ntwo\n',
    );
    expect(texts(decideFiles({ base, ours, theirs: clash, strategy: 'ours' }).tree)['a.md']).toBe(
      '# A\n\none (git)\n\ntwo\n',
    );
  });

  it('carries the space’s edit of a page the branch moved to the new path', () => {
    const ours = tree({ LICENSE: 'MIT\n', 'b.md': '# B\n', 'guides/a.md': '# A\n\none\n\ntwo\n' });
    const theirs = tree({ ...texts(base), 'a.md': '# A\n\none\n\ntwo, edited\n' });
    expect(pathsNeedingText({ base, ours, theirs })).toEqual(['a.md', 'guides/a.md']);
    const decided = decideFiles({ base, ours, theirs });
    expect(decided.conflicts).toEqual([]);
    expect(texts(decided.tree)).toEqual({
      LICENSE: 'MIT\n',
      'b.md': '# B\n',
      'guides/a.md': '# A\n\none\n\ntwo, edited\n',
    });
  });

  it('carries the branch’s edit of a page the space moved', () => {
    const ours = tree({ ...texts(base), 'a.md': '# A\n\none, edited\n\ntwo\n' });
    const theirs = tree({ LICENSE: 'MIT\n', 'b.md': '# B\n', 'x/a.md': '# A\n\none\n\ntwo\n' });
    const decided = decideFiles({ base, ours, theirs });
    expect(texts(decided.tree)).toEqual({
      LICENSE: 'MIT\n',
      'b.md': '# B\n',
      'x/a.md': '# A\n\none, edited\n\ntwo\n',
    });
  });

  it('a page the space moved with the very edit the branch made is at the new path only', () => {
    // Found by the model test (seed 202, 3,590 operations): the branch's file (same bytes as the
    // space's moved one) was kept under its old path, and the table of contents named the new one.
    const edited = '# A\n\none, edited\n\ntwo\n';
    const ours = tree({ ...texts(base), 'a.md': edited });
    const theirs = tree({ LICENSE: 'MIT\n', 'b.md': '# B\n', 'x/a.md': edited });
    for (const strategy of [undefined, 'ours', 'theirs'] as const) {
      const decided = decideFiles({ base, ours, theirs, ...(strategy ? { strategy } : {}) });
      expect(texts(decided.tree), String(strategy)).toEqual({
        LICENSE: 'MIT\n',
        'b.md': '# B\n',
        'x/a.md': edited,
      });
      for (const [path, file] of decided.tree) expect(file.path).toBe(path);
    }
  });

  it('a deletion against an edit with no move is a conflict that keeps the edit', () => {
    const ours = tree({ LICENSE: 'MIT\n', 'b.md': '# B\n' });
    const theirs = tree({ ...texts(base), 'a.md': 'entirely new\n' });
    const decided = decideFiles({ base, ours, theirs });
    expect(decided.conflicts).toEqual([
      { path: 'a.md', reason: 'modify-delete', deletedIn: 'ours' },
    ]);
    expect(texts(decided.tree)['a.md']).toBe('entirely new\n');
    expect(decideFiles({ base, ours, theirs, strategy: 'ours' }).tree.has('a.md')).toBe(false);
  });

  it('a page kept by a strategy against its deletion keeps its table-of-contents entry', () => {
    const summary = '# Table of contents\n\n* [A](a.md)\n* [B](b.md)\n';
    const listedBase = tree({ ...texts(base), 'SUMMARY.md': summary });
    const ours = tree({
      LICENSE: 'MIT\n',
      'b.md': '# B\n',
      'SUMMARY.md': '# Table of contents\n\n* [B](b.md)\n',
    });
    const theirs = tree({ ...texts(listedBase), 'a.md': 'edited in the space\n' });
    expect(pathsNeedingText({ base: listedBase, ours, theirs })).toContain('SUMMARY.md');
    const kept = decideFiles({ base: listedBase, ours, theirs, strategy: 'theirs' });
    expect(texts(kept.tree)['a.md']).toBe('edited in the space\n');
    expect(texts(kept.tree)['SUMMARY.md']).toBe(summary);
    const deleted = decideFiles({ base: listedBase, ours, theirs, strategy: 'ours' });
    expect(deleted.tree.has('a.md')).toBe(false);
    expect(texts(deleted.tree)['SUMMARY.md']).toBe('# Table of contents\n\n* [B](b.md)\n');
  });

  it('a conflict settled by one side drops the entry of a page the other side deleted', () => {
    const toc = (...entries: string[]) => `# Table of contents\n\n${entries.join('')}`;
    const pages = { 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' };
    const base = tree({
      ...pages,
      'SUMMARY.md': toc('* [A](a.md)\n', '* [B](b.md)\n', '* [C](c.md)\n'),
    });
    const ours = tree({
      ...pages,
      'SUMMARY.md': toc('* [A](a.md)\n', '* [Bee](b.md)\n', '* [C](c.md)\n'),
    });
    const { 'c.md': _deleted, ...kept } = pages;
    const theirs = tree({ ...kept, 'SUMMARY.md': toc('* [A](a.md)\n', '* [Bx](b.md)\n') });
    const decided = decideFiles({ base, ours, theirs, strategy: 'ours' });
    expect(decided.tree.has('c.md')).toBe(false);
    expect(texts(decided.tree)['SUMMARY.md']).toBe(toc('* [A](a.md)\n', '* [Bee](b.md)\n'));
  });

  it('a page taken out of the table of contents on one side and changed on the other is a conflict', () => {
    // Found by the model test (seed 4): a person's merge dropped the entry, the space edited the
    // page, the pull kept the edit in an unlisted file and the next push took the page away.
    const summary = '# Table of contents\n\n* [A](a.md)\n* [B](b.md)\n';
    const listedBase = tree({ ...texts(base), 'SUMMARY.md': summary });
    const ours = tree({ ...texts(base), 'SUMMARY.md': '# Table of contents\n\n* [B](b.md)\n' });
    const theirs = tree({ ...texts(listedBase), 'a.md': '# A\n\none, edited\n\ntwo\n' });
    expect(pathsNeedingText({ base: listedBase, ours, theirs })).toContain('SUMMARY.md');
    const decided = decideFiles({ base: listedBase, ours, theirs });
    expect(decided.conflicts).toEqual([
      { path: 'a.md', reason: 'modify-unlist', deletedIn: 'ours' },
    ]);
    expect(texts(decided.tree)['a.md']).toBe('# A\n\none, edited\n\ntwo\n');
    const relisted = decideFiles({ base: listedBase, ours, theirs, strategy: 'theirs' });
    expect(relisted.conflicts).toEqual([]);
    expect(texts(relisted.tree)['SUMMARY.md']).toBe(summary);
    const unlisted = decideFiles({ base: listedBase, ours, theirs, strategy: 'ours' });
    expect(texts(unlisted.tree)['SUMMARY.md']).toBe('# Table of contents\n\n* [B](b.md)\n');
    // Unchanged on the other side: the entry's removal is simply taken.
    const untouched = tree({ ...texts(listedBase), 'b.md': '# B, edited\n' });
    expect(decideFiles({ base: listedBase, ours, theirs: untouched }).conflicts).toEqual([]);
  });

  describe('the table of contents after a merge (found by the randomized model test)', () => {
    const toc = (...entries: string[]) =>
      `# Table of contents\n\n${entries.map((entry) => `* ${entry}\n`).join('')}`;
    const files = { 'a.md': '# A\n', 'b.md': '# B\n', LICENSE: 'MIT\n' };
    const listedBase = tree({ ...files, 'SUMMARY.md': toc('[A](a.md)', '[B](b.md)') });

    it('keeps the entries both sides added at the same place, without a conflict', () => {
      const ours = tree({
        ...files,
        'c.md': '# C\n',
        'SUMMARY.md': toc('[A](a.md)', '[B](b.md)', '[C](c.md)'),
      });
      const theirs = tree({
        ...files,
        'd.md': '# D\n',
        'SUMMARY.md': toc('[A](a.md)', '[B](b.md)', '[D](d.md)'),
      });
      const decided = decideFiles({ base: listedBase, ours, theirs });
      expect(decided.conflicts).toEqual([]);
      expect(texts(decided.tree)['SUMMARY.md']).toBe(
        toc('[A](a.md)', '[B](b.md)', '[C](c.md)', '[D](d.md)'),
      );
    });

    it('an entry a strategy took from the side that did not move its page names where the page went', () => {
      // The branch moved b.md and renamed A's entry; the space retitled both entries.
      const ours = tree({
        'a.md': '# A\n',
        'moved/b.md': '# B\n',
        LICENSE: 'MIT\n',
        'SUMMARY.md': toc('[A (git)](a.md)', '[B](moved/b.md)'),
      });
      const theirs = tree({
        ...files,
        'SUMMARY.md': toc('[A (space)](a.md)', '[B (space)](b.md)'),
      });
      const decided = decideFiles({ base: listedBase, ours, theirs, strategy: 'theirs' });
      expect(texts(decided.tree)['SUMMARY.md']).toBe(
        toc('[A (space)](a.md)', '[B (space)](moved/b.md)'),
      );
      expect(decided.tree.has('b.md')).toBe(false);
    });

    it('an entry one side added comes back when a strategy took the other side’s lines', () => {
      const ours = tree({
        ...files,
        'c.md': '# C\n',
        'SUMMARY.md': toc('[A (git)](a.md)', '[C](c.md)', '[B](b.md)'),
      });
      const theirs = tree({ ...files, 'SUMMARY.md': toc('[A (space)](a.md)', '[B](b.md)') });
      const decided = decideFiles({ base: listedBase, ours, theirs, strategy: 'theirs' });
      expect(decided.tree.has('c.md')).toBe(true);
      expect(texts(decided.tree)['SUMMARY.md']).toBe(
        toc('[A (space)](a.md)', '[C](c.md)', '[B](b.md)'),
      );
    });

    it('an entry a side removed on purpose stays removed', () => {
      const ours = tree({ ...files, 'SUMMARY.md': toc('[A](a.md)') });
      const theirs = tree({ ...files, 'SUMMARY.md': toc('[A (space)](a.md)', '[B](b.md)') });
      const decided = decideFiles({ base: listedBase, ours, theirs, strategy: 'ours' });
      expect(texts(decided.tree)['SUMMARY.md']).toBe(toc('[A](a.md)'));
      expect(decided.tree.has('b.md')).toBe(true);
    });
  });
});

describe('decideFiles on .gitbook.yaml', () => {
  const yaml = (...redirects: string[]) =>
    `root: ./\n\nredirects:\n${redirects.map((line) => `  ${line}\n`).join('')}`;

  it('keeps the redirects both sides added at the same place: merged, not a conflict', () => {
    const decided = decideFiles({
      base: tree({ '.gitbook.yaml': yaml('a: a.md') }),
      ours: tree({ '.gitbook.yaml': yaml('a: a.md', 'b: b.md') }),
      theirs: tree({ '.gitbook.yaml': yaml('a: a.md', 'c: c.md', 'd: d.md') }),
    });
    expect(decided.conflicts).toEqual([]);
    expect(decided.decisions).toEqual([{ path: '.gitbook.yaml', take: 'merged' }]);
    expect(texts(decided.tree)).toEqual({
      '.gitbook.yaml': yaml('a: a.md', 'b: b.md', 'c: c.md', 'd: d.md'),
    });
  });

  it('reports one redirect retargeted both ways as a conflict, and a strategy settles only it', () => {
    const input = {
      base: tree({ '.gitbook.yaml': yaml('a: a.md') }),
      ours: tree({ '.gitbook.yaml': yaml('a: x.md', 'b: b.md') }),
      theirs: tree({ '.gitbook.yaml': yaml('a: y.md', 'c: c.md') }),
    };
    expect(decideFiles(input).conflicts).toEqual([
      { path: '.gitbook.yaml', reason: 'content', hunks: 1 },
    ]);
    const settled = decideFiles({ ...input, strategy: 'theirs' });
    expect(settled.conflicts).toEqual([]);
    const merged = texts(settled.tree)['.gitbook.yaml'] ?? '';
    expect(merged).toContain('a: y.md');
    expect(merged).toContain('b: b.md');
    expect(merged).toContain('c: c.md');
  });
});
