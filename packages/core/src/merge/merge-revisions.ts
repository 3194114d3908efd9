import type { Block } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type {
  RevisionContent,
  RevisionFile,
  RevisionPage,
  RevisionReusableContent,
} from '../model/revision.js';
import { flattenPages } from '../tree/flatten-pages.js';
import { pagePlacement } from './diff-revisions.js';
import { merge3 } from './merge3.js';

/** Something both sides changed in incompatible ways. The merged content keeps `ours` there. */
export type RevisionConflict =
  | { kind: 'page-deleted'; page: string; title: string; deletedIn: 'ours' | 'theirs' }
  | {
      kind: 'page-field';
      page: string;
      title: string;
      field: string;
      base: unknown;
      ours: unknown;
      theirs: unknown;
    }
  | {
      kind: 'page-blocks';
      page: string;
      title: string;
      base: Block[];
      ours: Block[];
      theirs: Block[];
    }
  | {
      kind: 'page-parent';
      page: string;
      title: string;
      base: string | null;
      ours: string | null;
      theirs: string | null;
    }
  | {
      kind: 'file';
      file: string;
      name: string;
      base: RevisionFile | undefined;
      ours: RevisionFile | undefined;
      theirs: RevisionFile | undefined;
    }
  | { kind: 'reusable-content'; reusableContent: string; title: string }
  | { kind: 'variable'; name: string; base: unknown; ours: unknown; theirs: unknown }
  /** A `.gitbook.yaml` setting both sides changed differently (see `mergeGitbookConfigs`). */
  | {
      kind: 'config';
      setting: string;
      base: string | undefined;
      ours: string | undefined;
      theirs: string | undefined;
    };

/** The merge of two revisions that share a base. */
export interface RevisionMerge {
  /** The merged content; where there are conflicts, ours was kept (and nothing was deleted). */
  content: RevisionContent;
  /** Empty when the merge is clean. */
  conflicts: RevisionConflict[];
}

// JSON.stringify gives undefined for undefined; `${…}` makes that the string 'undefined'.
const json = (value: unknown): string => `${JSON.stringify(value) as string | undefined}`;

/** Three-way choice of a value: the side that changed it, or a conflict. */
function pick<T>(base: T, ours: T, theirs: T): { value: T; conflict: boolean } {
  // Identity first: unchanged values are usually the very same object or string.
  if (ours === base || ours === theirs) return { value: theirs, conflict: false };
  if (theirs === base) return { value: ours, conflict: false };
  if (json(ours) === json(base) || json(ours) === json(theirs))
    return { value: theirs, conflict: false };
  if (json(theirs) === json(base)) return { value: ours, conflict: false };
  return { value: ours, conflict: true };
}

/** Merges two versions of a block whose children changed in different places; undefined if not. */
function mergeBlock(base: Block, ours: Block, theirs: Block): Block | undefined {
  if (base.type !== ours.type || base.type !== theirs.type) return undefined;
  if (!('nodes' in base) || !('nodes' in ours) || !('nodes' in theirs)) return undefined;
  const { nodes: baseNodes, ...baseRest } = base as { nodes: unknown[] };
  const { nodes: ourNodes, ...ourRest } = ours as { nodes: unknown[] };
  const { nodes: theirNodes, ...theirRest } = theirs as { nodes: unknown[] };
  const rest = pick(baseRest, ourRest, theirRest);
  if (rest.conflict) return undefined;
  if (
    !base.type.includes('list') &&
    base.type !== 'blockquote' &&
    base.type !== 'hint' &&
    !base.type.startsWith('tabs') &&
    !base.type.startsWith('stepper')
  ) {
    return undefined;
  }
  const nodes = merge3(
    baseNodes as Block[],
    ourNodes as Block[],
    theirNodes as Block[],
    json,
    mergeBlock,
  );
  if (nodes.conflicts.length > 0) return undefined;
  return { ...rest.value, nodes: nodes.merged } as Block;
}

/** Three-way merge of documents, block by block (and inside lists, quotes, hints, tabs). */
export function mergeDocuments(
  base: JSONDocument,
  ours: JSONDocument,
  theirs: JSONDocument,
): { document: JSONDocument; conflicts: { base: Block[]; ours: Block[]; theirs: Block[] }[] } {
  // A side that kept the base document gives the other side's, the same object (no copy).
  if (ours === base || ours === theirs) return { document: theirs, conflicts: [] };
  if (theirs === base) return { document: ours, conflicts: [] };
  const result = merge3(base.nodes, ours.nodes, theirs.nodes, json, mergeBlock);
  return { document: { ...ours, nodes: result.merged }, conflicts: result.conflicts };
}

/** Page fields that say how the page was written, not what it is. */
const writtenForms = new Set([
  'git',
  'frontMatterSource',
  'summaryDividerBefore',
  'summaryMarkdown',
  'summaryPathMarkdown',
  'titleSource',
]);

type Flat = Map<string, RevisionPage>;
const flat = (pages: readonly RevisionPage[]): Flat =>
  new Map(flattenPages(pages).map((page) => [page.id, page]));

function mergePage(
  base: RevisionPage,
  ours: RevisionPage,
  theirs: RevisionPage,
  conflicts: RevisionConflict[],
): RevisionPage {
  const fields = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
  const merged: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'pages' || field === 'id') continue;
    const b = (base as unknown as Record<string, unknown>)[field];
    const o = (ours as unknown as Record<string, unknown>)[field];
    const t = (theirs as unknown as Record<string, unknown>)[field];
    if (field === 'document' && b && o && t) {
      const documents = mergeDocuments(b as JSONDocument, o as JSONDocument, t as JSONDocument);
      merged.document = documents.document;
      for (const conflict of documents.conflicts)
        conflicts.push({ kind: 'page-blocks', page: ours.id, title: ours.title, ...conflict });
      continue;
    }
    if (writtenForms.has(field)) {
      // Where the page was read from, and how its front matter or SUMMARY.md text was written,
      // follow the side that changed them; never a conflict. A written form is used only while
      // it says what the merged fields say (see `renderFrontMatter`, `renderSummary`).
      const value = pick(b, o, t).value ?? o ?? t;
      if (value !== undefined) merged[field] = value;
      continue;
    }
    const choice = pick(b, o, t);
    if (choice.conflict)
      conflicts.push({
        kind: 'page-field',
        page: ours.id,
        title: ours.title,
        field,
        base: b,
        ours: o,
        theirs: t,
      });
    if (choice.value !== undefined) merged[field] = choice.value;
  }
  return { ...(merged as unknown as RevisionPage), id: ours.id };
}

function mergeRecords<T extends { id: string }>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  onConflict: (id: string, b: T | undefined, o: T | undefined, t: T | undefined) => void,
  mergeBoth?: (b: T, o: T, t: T) => T,
): T[] {
  const byId = (list: readonly T[]) => new Map(list.map((item) => [item.id, item]));
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const order = merge3(
    base.map((x) => x.id),
    ours.map((x) => x.id),
    theirs.map((x) => x.id),
    (id) => id,
  ).merged;
  const ids = [...new Set([...order, ...o.keys(), ...t.keys()])];
  return ids.flatMap((id) => {
    const [bb, oo, tt] = [b.get(id), o.get(id), t.get(id)];
    if (oo && tt && bb && mergeBoth) return [mergeBoth(bb, oo, tt)];
    const choice = pick(bb, oo, tt);
    if (choice.conflict) {
      onConflict(id, bb, oo, tt);
      return (oo ?? tt) ? [(oo ?? tt) as T] : [];
    }
    return choice.value ? [choice.value] : [];
  });
}

/**
 * Three-way merge of revision content against the last synced state. Pages merge field by field
 * and their documents block by block; moves merge with edits; a page deleted on one side and
 * edited on the other is kept and reported; the same block changed on both sides is a conflict
 * holding both versions. Files, reusable contents and variables merge by id and name. Pure.
 */
export function mergeRevisions(
  base: RevisionContent,
  ours: RevisionContent,
  theirs: RevisionContent,
): RevisionMerge {
  const conflicts: RevisionConflict[] = [];
  const [b, o, t] = [flat(base.pages), flat(ours.pages), flat(theirs.pages)];
  const [pb, po, pt] = [
    pagePlacement(base.pages),
    pagePlacement(ours.pages),
    pagePlacement(theirs.pages),
  ];

  // Which pages survive, and their merged content (children are placed below).
  const merged = new Map<string, RevisionPage>();
  for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
    const [bb, oo, tt] = [b.get(id), o.get(id), t.get(id)];
    if (!bb) {
      merged.set(id, (oo ?? tt) as RevisionPage);
      continue;
    }
    if (oo && tt) {
      merged.set(id, mergePage(bb, oo, tt, conflicts));
      continue;
    }
    const survivor = oo ?? tt;
    if (!survivor) continue;
    const { pages: _a, ...survivorContent } = survivor as RevisionPage & { pages?: unknown };
    const { pages: _b, ...baseContent } = bb as RevisionPage & { pages?: unknown };
    if (json(survivorContent) === json(baseContent)) continue;
    conflicts.push({
      kind: 'page-deleted',
      page: id,
      title: survivor.title,
      deletedIn: oo ? 'theirs' : 'ours',
    });
    merged.set(id, survivor);
  }

  // Parents: three-way per page; a parent that did not survive hands its child to the root.
  const parentOf = new Map<string, string | null>();
  for (const id of merged.keys()) {
    const choice = pick(
      pb.get(id)?.parent ?? null,
      po.get(id)?.parent ?? pb.get(id)?.parent ?? null,
      pt.get(id)?.parent ?? pb.get(id)?.parent ?? null,
    );
    if (choice.conflict) {
      const page = merged.get(id) as RevisionPage;
      conflicts.push({
        kind: 'page-parent',
        page: id,
        title: page.title,
        base: pb.get(id)?.parent ?? null,
        ours: po.get(id)?.parent ?? null,
        theirs: pt.get(id)?.parent ?? null,
      });
    }
    parentOf.set(id, choice.value !== null && merged.has(choice.value) ? choice.value : null);
  }

  // Order of each parent's children: three-way on the sibling sequences.
  const childrenOf = (place: Map<string, { parent: string | null; index: number }>) => {
    const byParent = new Map<string | null, [string, number][]>();
    for (const [id, { parent, index }] of place) {
      const siblings = byParent.get(parent);
      if (siblings === undefined) byParent.set(parent, [[id, index]]);
      else siblings.push([id, index]);
    }
    return (parent: string | null): string[] =>
      (byParent.get(parent) ?? []).sort((x, y) => x[1] - y[1]).map(([id]) => id);
  };
  const [childrenInBase, childrenInOurs, childrenInTheirs] = [
    childrenOf(pb),
    childrenOf(po),
    childrenOf(pt),
  ];
  const mergedChildren = new Map<string | null, string[]>();
  for (const [id, parent] of parentOf) {
    const siblings = mergedChildren.get(parent);
    if (siblings === undefined) mergedChildren.set(parent, [id]);
    else siblings.push(id);
  }
  const build = (parent: string | null): RevisionPage[] => {
    const order = merge3(
      childrenInBase(parent),
      childrenInOurs(parent),
      childrenInTheirs(parent),
      (id) => id,
    ).merged;
    const mine = mergedChildren.get(parent) ?? [];
    const ids = [...new Set([...order.filter((id) => parentOf.get(id) === parent), ...mine])];
    return ids.map((id) => {
      const page = merged.get(id) as RevisionPage;
      return page.type === 'link' ? page : { ...page, pages: build(id) };
    });
  };

  const files = mergeRecords(base.files, ours.files, theirs.files, (id, bb, oo, tt) =>
    conflicts.push({
      kind: 'file',
      file: id,
      name: (oo ?? tt ?? bb)?.name ?? id,
      base: bb,
      ours: oo,
      theirs: tt,
    }),
  );
  const reusableContents = mergeRecords<RevisionReusableContent>(
    base.reusableContents,
    ours.reusableContents,
    theirs.reusableContents,
    (id, bb, oo, tt) =>
      conflicts.push({
        kind: 'reusable-content',
        reusableContent: id,
        title: (oo ?? tt ?? bb)?.title ?? id,
      }),
    (bb, oo, tt) => {
      const documents = mergeDocuments(bb.document, oo.document, tt.document);
      const title = pick(bb.title, oo.title, tt.title);
      if (documents.conflicts.length > 0 || title.conflict)
        conflicts.push({ kind: 'reusable-content', reusableContent: oo.id, title: oo.title });
      return { ...oo, title: title.value, document: documents.document };
    },
  );
  const variables: RevisionContent['variables'] = {};
  for (const name of new Set([
    ...Object.keys(base.variables),
    ...Object.keys(ours.variables),
    ...Object.keys(theirs.variables),
  ])) {
    const choice = pick(base.variables[name], ours.variables[name], theirs.variables[name]);
    if (choice.conflict)
      conflicts.push({
        kind: 'variable',
        name,
        base: base.variables[name],
        ours: ours.variables[name],
        theirs: theirs.variables[name],
      });
    if (choice.value !== undefined) variables[name] = choice.value;
  }

  return { content: { pages: build(null), files, reusableContents, variables }, conflicts };
}
