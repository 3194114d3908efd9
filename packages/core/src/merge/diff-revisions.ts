import type { RevisionContent, RevisionPage } from '../model/revision.js';
import { flattenPages } from '../tree/walk-pages.js';
import { matchSequences } from './lcs.js';

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

/** A page without its children and without where it came from in git: what an edit changes. */
export function pageContentKey(page: RevisionPage): string {
  const {
    pages: _children,
    git: _git,
    ...rest
  } = page as RevisionPage & { pages?: unknown; git?: unknown };
  return JSON.stringify(rest);
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
  const before = new Map(base.map((item) => [item.id, item]));
  const after = new Map(next.map((item) => [item.id, item]));
  return {
    created: next.filter((item) => !before.has(item.id)).map((item) => item.id),
    deleted: base.filter((item) => !after.has(item.id)).map((item) => item.id),
    edited: next
      .filter((item) => {
        const old = before.get(item.id);
        return old !== undefined && key(old) !== key(item);
      })
      .map((item) => item.id),
  };
}

/**
 * What changed from `base` to `next`: pages created, edited (content or options), deleted and
 * moved (another parent or another place among siblings); files and reusable contents created,
 * edited and deleted; whether variables changed. Pure.
 */
export function diffRevisions(base: RevisionContent, next: RevisionContent): RevisionDiff {
  const basePages = new Map(flattenPages(base.pages).map((page) => [page.id, page]));
  const nextPages = flattenPages(next.pages);
  const nextIds = new Set(nextPages.map((page) => page.id));
  const placeBefore = pagePlacement(base.pages);
  const placeAfter = pagePlacement(next.pages);
  const diff: RevisionDiff = {
    pages: { created: [], edited: [], deleted: [], moved: [] },
    files: diffById(base.files, next.files, (file) =>
      JSON.stringify({ ...file, git: file.git?.oid }),
    ),
    reusableContents: diffById(base.reusableContents, next.reusableContents, (r) =>
      JSON.stringify({ t: r.title, d: r.document }),
    ),
    variablesChanged: JSON.stringify(base.variables) !== JSON.stringify(next.variables),
  };
  // Reordered: among pages that kept their parent, those outside the longest run in the same order.
  const reordered = new Set<string>();
  const siblings = (
    place: typeof placeBefore,
    parent: string | null,
    keep: (id: string) => boolean,
  ) =>
    [...place]
      .filter(([id, p]) => p.parent === parent && keep(id))
      .sort((x, y) => x[1].index - y[1].index)
      .map(([id]) => id);
  for (const parent of new Set([...placeAfter.values()].map((p) => p.parent))) {
    const stays = (id: string) =>
      placeBefore.get(id)?.parent === parent && placeAfter.get(id)?.parent === parent;
    const before = siblings(placeBefore, parent, stays);
    const after = siblings(placeAfter, parent, stays);
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
    if (pageContentKey(old) !== pageContentKey(page)) diff.pages.edited.push(ref(page));
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
