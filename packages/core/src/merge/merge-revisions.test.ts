import { describe, expect, it } from 'vitest';
import type { RevisionContent } from '../model/revision.js';
import { gitBlobId } from '../tree/git-blob-id.js';
import { treeToRevision } from '../tree/tree-to-revision.js';
import type { TreeFile } from '../tree/tree-file.js';
import { flattenPages } from '../tree/flatten-pages.js';
import { revisionToTree } from '../tree/revision-to-tree.js';
import { diffRevisions } from './diff-revisions.js';
import { mergeRevisions } from './merge-revisions.js';

const summary =
  '# Table of contents\n\n* [Home](README.md)\n* [Alpha](alpha.md)\n* [Beta](beta.md)\n* [Gamma](gamma.md)\n';
const baseFiles: Record<string, string> = {
  'SUMMARY.md': summary,
  'README.md': '# Home\n\nWelcome.\n',
  'alpha.md': '# Alpha\n\nFirst.\n\nSecond.\n\nThird.\n',
  'beta.md': '# Beta\n\nBeta text.\n',
  'gamma.md': '# Gamma\n\nGamma text.\n',
};

const tree = (files: Record<string, string>): TreeFile[] =>
  Object.entries(files).map(([path, text]) => ({
    path,
    text,
    oid: gitBlobId(text),
    size: text.length,
  }));
const base = treeToRevision(tree(baseFiles), { idNamespace: 's' }).content;
/** A variant of the base tree with some files changed, read against the base (ids kept). */
const variant = (changes: Record<string, string | undefined>): RevisionContent => {
  const files = Object.fromEntries(
    Object.entries({ ...baseFiles, ...changes }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return treeToRevision(tree(files), { base, idNamespace: 's' }).content;
};
const render = (content: RevisionContent) =>
  Object.fromEntries(revisionToTree(content).files.map((file) => [file.path, file.text]));

describe('mergeRevisions', () => {
  it('merges edits to different pages', () => {
    const ours = variant({ 'alpha.md': '# Alpha\n\nFirst!\n\nSecond.\n\nThird.\n' });
    const theirs = variant({ 'beta.md': '# Beta\n\nBeta text, edited.\n' });
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toEqual([]);
    const files = render(content);
    expect(files['alpha.md']).toBe('# Alpha\n\nFirst!\n\nSecond.\n\nThird.\n');
    expect(files['beta.md']).toBe('# Beta\n\nBeta text, edited.\n');
  });

  it('takes the blob id of the side that changed a page, and keeps unchanged documents as they are', () => {
    const edited = '# Beta\n\nBeta text, edited.\n';
    const ours = variant({ 'alpha.md': '# Alpha\n\nFirst!\n\nSecond.\n\nThird.\n' });
    const theirs = variant({ 'beta.md': edited });
    const { content } = mergeRevisions(base, ours, theirs);
    const page = (revision: RevisionContent, path: string) => {
      const found = flattenPages(revision.pages).find(
        (candidate) => candidate.type === 'document' && candidate.git?.path === path,
      );
      if (found?.type !== 'document') throw new Error(`no page at ${path}`);
      return found;
    };
    expect(page(content, 'beta.md').git?.oid).toBe(gitBlobId(edited));
    expect(page(content, 'beta.md').git).toEqual(page(theirs, 'beta.md').git);
    expect(page(content, 'alpha.md').git).toEqual(page(ours, 'alpha.md').git);
    // Where one side kept the base's document object, the merge takes the other side's as is.
    const onlyTheirs = mergeRevisions(base, base, theirs).content;
    expect(page(onlyTheirs, 'beta.md').document).toBe(page(theirs, 'beta.md').document);
  });

  it('merges edits to different keys of front matter kept as written, without a conflict', () => {
    const page = (frontMatter: string) => `---\n${frontMatter}---\n\n# Beta\n\nBeta text.\n`;
    const base = treeToRevision(
      tree({ ...baseFiles, 'beta.md': page("description: 'About'\nicon: book\n") }),
      { idNamespace: 's' },
    ).content;
    const read = (frontMatter: string) =>
      treeToRevision(tree({ ...baseFiles, 'beta.md': page(frontMatter) }), {
        base,
        idNamespace: 's',
      }).content;
    const ours = read("description: 'About it'\nicon: book\n");
    const theirs = read("description: 'About'\nicon: gear\n");
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toEqual([]);
    // Neither text says what the merge says: the exporter's form.
    expect(render(content)['beta.md']).toBe(page('description: About it\nicon: gear\n'));
    // One side's text, when the merge says what it says, is kept.
    expect(render(mergeRevisions(base, ours, base).content)['beta.md']).toBe(
      page("description: 'About it'\nicon: book\n"),
    );
  });

  it('merges edits to different blocks of one page, adjacent ones too', () => {
    const ours = variant({ 'alpha.md': '# Alpha\n\nFirst (ours).\n\nSecond.\n\nThird.\n' });
    const theirs = variant({
      'alpha.md': '# Alpha\n\nFirst.\n\nSecond (theirs).\n\nThird.\n\nFourth.\n',
    });
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(render(content)['alpha.md']).toBe(
      '# Alpha\n\nFirst (ours).\n\nSecond (theirs).\n\nThird.\n\nFourth.\n',
    );
  });

  it('reports the same block changed on both sides as a conflict with both versions', () => {
    const ours = variant({ 'alpha.md': '# Alpha\n\nFirst.\n\nOurs.\n\nThird.\n' });
    const theirs = variant({ 'alpha.md': '# Alpha\n\nFirst.\n\nTheirs.\n\nThird.\n' });
    const { conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toHaveLength(1);
    const [conflict] = conflicts;
    expect(conflict?.kind).toBe('page-blocks');
    expect(JSON.stringify(conflict)).toContain('Ours.');
    expect(JSON.stringify(conflict)).toContain('Theirs.');
    expect(JSON.stringify(conflict)).toContain('Second.');
  });

  it('merges a move on one side with an edit on the other', () => {
    const ours = variant({
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n* [Alpha](alpha.md)\n  * [Gamma](gamma.md)\n* [Beta](beta.md)\n',
    });
    const theirs = variant({ 'gamma.md': '# Gamma\n\nGamma text, edited.\n' });
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toEqual([]);
    const alpha = flattenPages(content.pages).find((page) => page.title === 'Alpha');
    expect(alpha && 'pages' in alpha ? alpha.pages.map((page) => page.title) : []).toEqual([
      'Gamma',
    ]);
    const gamma = flattenPages(content.pages).find((page) => page.title === 'Gamma');
    expect(JSON.stringify(gamma)).toContain('Gamma text, edited.');
  });

  it('keeps a page deleted on one side and edited on the other, and reports it', () => {
    const ours = variant({
      'beta.md': undefined,
      'SUMMARY.md': summary.replace('* [Beta](beta.md)\n', ''),
    });
    const theirs = variant({ 'beta.md': '# Beta\n\nStill needed.\n' });
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts.map((c) => [c.kind, 'deletedIn' in c ? c.deletedIn : ''])).toEqual([
      ['page-deleted', 'ours'],
    ]);
    expect(render(content)['beta.md']).toBe('# Beta\n\nStill needed.\n');
  });

  it('deletes a page deleted on one side and untouched on the other', () => {
    const ours = variant({
      'beta.md': undefined,
      'SUMMARY.md': summary.replace('* [Beta](beta.md)\n', ''),
    });
    const { content, conflicts } = mergeRevisions(base, ours, base);
    expect(conflicts).toEqual([]);
    expect(flattenPages(content.pages).map((page) => page.title)).toEqual([
      'Home',
      'Alpha',
      'Gamma',
    ]);
  });

  it('keeps pages created on both sides, in order', () => {
    const ours = variant({
      'SUMMARY.md': `${summary}* [Delta](delta.md)\n`,
      'delta.md': '# Delta\n',
    });
    const theirs = variant({
      'SUMMARY.md': summary.replace('* [Alpha]', '* [Zero](zero.md)\n* [Alpha]'),
      'zero.md': '# Zero\n',
    });
    const { content, conflicts } = mergeRevisions(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(flattenPages(content.pages).map((page) => page.title)).toEqual([
      'Home',
      'Zero',
      'Alpha',
      'Beta',
      'Gamma',
      'Delta',
    ]);
  });
});

describe('diffRevisions', () => {
  it('lists created, edited, deleted and moved pages', () => {
    const next = variant({
      'SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n* [Gamma](gamma.md)\n* [Alpha](alpha.md)\n* [New](new.md)\n',
      'alpha.md': '# Alpha\n\nChanged.\n',
      'beta.md': undefined,
      'new.md': '# New\n',
    });
    const diff = diffRevisions(base, next);
    expect(diff.pages.created.map((p) => p.title)).toEqual(['New']);
    expect(diff.pages.edited.map((p) => p.title)).toEqual(['Alpha']);
    expect(diff.pages.deleted.map((p) => p.title)).toEqual(['Beta']);
    expect(diff.pages.moved.map((p) => p.title)).toEqual(['Alpha']);
  });

  it('finds nothing between a revision and itself', () => {
    const diff = diffRevisions(base, base);
    expect([...Object.values(diff.pages), ...Object.values(diff.files)].flat()).toEqual([]);
  });
});
