import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { revisionContent } from '../testing/revision-arbitraries.js';
import { flattenPages } from '../tree/flatten-pages.js';
import { diffRevisions } from './diff-revisions.js';

/** An edit to a page tree, applied as the editor and the merge do: new objects on the way. */
interface Operation {
  kind: 'edit' | 'move' | 'delete' | 'insert' | 'reorder';
  page: number;
  target: number;
  index: number;
}

type Parent = { pages: RevisionPage[] };

/** `pages` with `change` applied to the list that holds children of `parentId` (`null`: top). */
function changeList(
  pages: RevisionPage[],
  parentId: string | null,
  change: (list: RevisionPage[]) => RevisionPage[],
): RevisionPage[] {
  if (parentId === null) return change(pages);
  const out: RevisionPage[] = [];
  let changed = false;
  for (const page of pages) {
    const children = !('pages' in page)
      ? undefined
      : page.id === parentId
        ? change(page.pages)
        : changeList(page.pages, parentId, change);
    if (children === undefined || children === (page as Parent).pages) {
      out.push(page);
      continue;
    }
    changed = true;
    out.push({ ...page, pages: children } as RevisionPage);
  }
  return changed ? out : pages;
}

function parentOf(pages: RevisionPage[], id: string): string | null | undefined {
  for (const page of pages) {
    if (page.id === id) return null;
    if ('pages' in page) {
      const found = parentOf(page.pages, id);
      if (found !== undefined) return found ?? page.id;
    }
  }
  return undefined;
}

function apply(content: RevisionContent, operation: Operation, serial: number): RevisionContent {
  const all = flattenPages(content.pages);
  const page = all[operation.page % all.length];
  if (page === undefined) return content;
  const parent = parentOf(content.pages, page.id) ?? null;
  const containers = [
    null,
    ...all.filter((p) => 'pages' in p && p.id !== page.id).map((p) => p.id),
  ];
  const target = containers[operation.target % containers.length] ?? null;
  const inside = new Set(flattenPages([page]).map((p) => p.id));
  let pages = content.pages;
  switch (operation.kind) {
    case 'edit':
      pages = changeList(pages, parent, (list) =>
        list.map((p) => (p === page ? { ...p, title: `${p.title}!` } : p)),
      );
      break;
    case 'delete':
      pages = changeList(pages, parent, (list) => list.filter((p) => p !== page));
      break;
    case 'reorder':
      pages = changeList(pages, parent, (list) => [...list].reverse());
      break;
    case 'insert':
    case 'move': {
      if (target !== null && inside.has(target)) return content;
      const moved: RevisionPage =
        operation.kind === 'insert'
          ? {
              type: 'document',
              id: `new-${serial}`,
              title: `New ${serial}`,
              slug: `new-${serial}`,
              path: `new-${serial}`,
              document: { object: 'document', data: {}, nodes: [] },
              pages: [],
            }
          : page;
      if (operation.kind === 'move')
        pages = changeList(pages, parent, (list) => list.filter((p) => p !== page));
      pages = changeList(pages, target, (list) => {
        const at = operation.index % (list.length + 1);
        return [...list.slice(0, at), moved, ...list.slice(at)];
      });
      break;
    }
  }
  return { ...content, pages };
}

const operation: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom('edit', 'move', 'delete', 'insert', 'reorder'),
  page: fc.nat(),
  target: fc.nat(),
  index: fc.nat(),
});

describe('diffRevisions (property tests)', () => {
  it('skipping subtrees both revisions share gives the diff of unshared copies', () => {
    fc.assert(
      fc.property(revisionContent, fc.array(operation, { maxLength: 4 }), (base, operations) => {
        const next = operations.reduce(apply, base);
        const copy = structuredClone(next);
        expect(diffRevisions(base, next)).toEqual(diffRevisions(base, copy));
      }),
      { numRuns: 1_000, seed: 20261123 },
    );
  }, 120_000);
});
