import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { revisionContent } from '../testing/revision-arbitraries.js';
import { treeToRevision } from './tree-to-revision.js';
import { revisionToTree } from './revision-to-tree.js';

/**
 * Case counts and seed: a fixed seed by default, so a red run is a regression and re-running
 * reproduces it; `PROPERTY_RUNS` and `PROPERTY_SEED` explore further (`PROPERTY_SEED=random`
 * draws a new one; fast-check prints it with any counterexample). 80 cases keep the file
 * under 15 s: each case converts a whole space three times.
 */
const runs = Number(process.env.PROPERTY_RUNS ?? 80);
const seedSetting = process.env.PROPERTY_SEED ?? '20261124';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);
const settings = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };

/** What a page is to a reader: its id, kind, title, options and document, and its children. */
function outline(pages: readonly RevisionPage[]): unknown[] {
  return pages.map((page) => {
    const {
      git: _git,
      pages: children,
      ...rest
    } = page as RevisionPage & {
      git?: unknown;
      pages?: RevisionPage[];
    };
    return { ...rest, pages: children ? outline(children) : [] };
  });
}

const sortById = <T extends { id: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const filesOf = (content: RevisionContent) =>
  revisionToTree(content).files.map(({ path, text, oid }) => ({ path, text, oid }));

describe('revision ⇄ tree (property tests)', () => {
  it('tree → revision → tree is a fixpoint: the tree written again is the same bytes', () => {
    fc.assert(
      fc.property(revisionContent, (revision) => {
        const first = filesOf(revision);
        const read = treeToRevision(revisionToTree(revision).files);
        expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(filesOf(read.content)).toEqual(first);
      }),
      settings,
    );
  }, 60_000);

  it('a revision written after a JSON round trip (as the service stores it) is the same tree', () => {
    fc.assert(
      fc.property(revisionContent, (revision) => {
        const read = treeToRevision(revisionToTree(revision).files).content;
        const stored = JSON.parse(JSON.stringify(read)) as RevisionContent;
        expect(filesOf(stored)).toEqual(filesOf(read));
      }),
      settings,
    );
  }, 60_000);

  it('revision → tree → revision keeps page ids, order, hierarchy, options, documents and files', () => {
    fc.assert(
      fc.property(revisionContent, (revision) => {
        const tree = revisionToTree(revision).files;
        const read = treeToRevision(tree, { base: revision }).content;
        expect(outline(read.pages)).toEqual(outline(revision.pages));
        // Files are a set (the reader lists them in tree order); each keeps its id and name.
        expect(sortById(read.files)).toEqual(sortById(revision.files));
      }),
      settings,
    );
  }, 60_000);
});
