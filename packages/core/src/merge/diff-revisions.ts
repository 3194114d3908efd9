import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { flattenPages } from '../tree/flatten-pages.js';
import { matchSequences } from './lcs.js';
import { sameJson } from './same-json.js';

/** A page as a change lists it. */
export interface PageChangeRef {
  id: string;
  title: string;
  type: RevisionPage['type'];
}

/** What changed between two revisions. */
export interface RevisionDiff {
  pages: {
    created: PageChangeRef[];
    edited: PageChangeRef[];
    deleted: PageChangeRef[];
    moved: PageChangeRef[];
  };
  files: { created: string[]; edited: string[]; deleted: string[] };
  reusableContents: { created: string[]; edited: string[]; deleted: string[] };
  variablesChanged: boolean;
}

/** Where each page sits: its parent (or null) and its index among its siblings. */
export function pagePlacement(
  pages: readonly RevisionPage[],
): Map<string, { parent: string | null; index: number }> {
  const out = new Map<string, { parent: string | null; index: number }>();
  const walk = (list: readonly RevisionPage[], parent: string | null) => {
    list.forEach((page, index) => {
      out.set(page.id, { parent, index });
      if ('pages' in page) walk(page.pages, page.id);
    });
  };
  walk(pages, null);
  return out;
}

/**
 * Whether two versions of a page have the same content: everything but their children and where
 * they came from in git, which is what an edit changes. The same object is the same content, so
 * comparing a revision with a copy that replaced one page walks that page only.
 */
export function samePageContent(a: RevisionPage, b: RevisionPage): boolean {
  if (a === b) return true;
  const { pages: _a, git: _b, ...x } = a as RevisionPage & { pages?: unknown; git?: unknown };
  const { pages: _c, git: _d, ...y } = b as RevisionPage & { pages?: unknown; git?: unknown };
  return sameJson(x, y);
}

const ref = (page: RevisionPage): PageChangeRef => ({
  id: page.id,
  title: page.title,
  type: page.type,
});

function diffById<T extends { id: string }>(
  base: readonly T[],
  next: readonly T[],
  key: (item: T) => string,
) {
  if (base === next) return { created: [], deleted: [], edited: [] };
  const before = new Map(base.map((item) => [item.id, item]));
  const after = new Map(next.map((item) => [item.id, item]));
  return {
    created: next.filter((item) => !before.has(item.id)).map((item) => item.id),
    deleted: base.filter((item) => !after.has(item.id)).map((item) => item.id),
    edited: next
      .filter((item) => {
        const old = before.get(item.id);
        // The same object is the same value (revisions are immutable).
        return old !== undefined && old !== item && key(old) !== key(item);
      })
      .map((item) => item.id),
  };
}

/** The pages of a tree a diff has to look at, and where each sits. */
interface PagesToCompare {
  pages: RevisionPage[];
  placement: Map<string, { parent: string | null; index: number }>;
  /** Pages also found in the other tree (the same object), whose children were not walked. */
  stops: Set<RevisionPage>;
}

/**
 * Walks a page tree, parents first, without going below a page `stop` accepts. Below a page that
 * is the same object in both trees everything is the same (content, parents, places), so a diff
 * of a revision that replaced one page walks the path to it and the siblings along that path.
 */
function pagesToCompare(
  pages: readonly RevisionPage[],
  stop: (page: RevisionPage) => boolean,
): PagesToCompare {
  const out: PagesToCompare = { pages: [], placement: new Map(), stops: new Set() };
  const walk = (list: readonly RevisionPage[], parent: string | null) => {
    list.forEach((page, index) => {
      out.pages.push(page);
      out.placement.set(page.id, { parent, index });
      if (stop(page)) out.stops.add(page);
      else if ('pages' in page) walk(page.pages, page.id);
    });
  };
  walk(pages, null);
  return out;
}

/**
 * What changed from `base` to `next`: pages created, edited (content or options), deleted and
 * moved (another parent or another place among siblings); files and reusable contents created,
 * edited and deleted; whether variables changed. Pure.
 */
export function diffRevisions(base: RevisionContent, next: RevisionContent): RevisionDiff {
  // Subtrees that are the same object on both sides are skipped: the walk of `next` stops at
  // the highest pages `base` also holds, the walk of `base` at those same pages.
  const baseObjects = new Set(flattenPages(base.pages));
  const walkedNext = pagesToCompare(next.pages, (page) => baseObjects.has(page));
  const walkedBase = pagesToCompare(base.pages, (page) => walkedNext.stops.has(page));
  const basePages = new Map(walkedBase.pages.map((page) => [page.id, page]));
  const nextPages = walkedNext.pages;
  const nextIds = new Set(nextPages.map((page) => page.id));
  const placeBefore = walkedBase.placement;
  const placeAfter = walkedNext.placement;
  const diff: RevisionDiff = {
    pages: { created: [], edited: [], deleted: [], moved: [] },
    files: diffById(base.files, next.files, (file) =>
      JSON.stringify({ ...file, git: file.git?.oid }),
    ),
    reusableContents: diffById(base.reusableContents, next.reusableContents, (r) =>
      JSON.stringify({ t: r.title, d: r.document }),
    ),
    variablesChanged:
      base.variables !== next.variables &&
      JSON.stringify(base.variables) !== JSON.stringify(next.variables),
  };
  // Reordered: among pages that kept their parent, those outside the longest run in the same order.
  // Siblings are grouped by parent in one pass (placements iterate in page order), so this stays
  // linear in the number of pages; only parents whose children changed run the matching.
  const reordered = new Set<string>();
  const stays = (id: string) => placeBefore.get(id)?.parent === placeAfter.get(id)?.parent;
  const siblingsByParent = (place: typeof placeBefore) => {
    const out = new Map<string | null, string[]>();
    for (const [id, { parent }] of place) {
      if (!stays(id)) continue;
      const list = out.get(parent);
      if (list) list.push(id);
      else out.set(parent, [id]);
    }
    return out;
  };
  const siblingsBefore = siblingsByParent(placeBefore);
  const siblingsAfter = siblingsByParent(placeAfter);
  for (const [parent, after] of siblingsAfter) {
    const before = siblingsBefore.get(parent) ?? [];
    if (before.length === after.length && before.every((id, index) => after[index] === id))
      continue;
    const matches = matchSequences(before, after);
    before.forEach((id, index) => {
      if (matches[index] === -1) reordered.add(id);
    });
  }
  for (const page of nextPages) {
    const old = basePages.get(page.id);
    if (!old) {
      diff.pages.created.push(ref(page));
      continue;
    }
    if (!samePageContent(old, page)) diff.pages.edited.push(ref(page));
    if (
      placeBefore.get(page.id)?.parent !== placeAfter.get(page.id)?.parent ||
      reordered.has(page.id)
    ) {
      diff.pages.moved.push(ref(page));
    }
  }
  for (const page of basePages.values())
    if (!nextIds.has(page.id)) diff.pages.deleted.push(ref(page));
  return diff;
}
