import {
  mergeRevisions,
  revisionToTree,
  treeToRevision,
  type RevisionConflict,
  type TreeFile,
} from '@docsync/core';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

/** The three trees of a three-way merge. */
export interface TreeMergeInput {
  /** The last synced state. */
  base: SyncTree;
  /** The local branch. */
  ours: SyncTree;
  /** The space. */
  theirs: SyncTree;
  /** Page ids are derived in this namespace (the space id), as the service does. */
  idNamespace: string;
}

/** The result of {@link mergeTrees}. */
export interface TreeMerge {
  /** The merged tree; meaningful only when `conflicts` is empty. */
  tree: SyncTree;
  conflicts: RevisionConflict[];
  /** Files both sides changed that were merged page by page and block by block. */
  contentMerged: string[];
}

const encoder = new TextEncoder();

function treeFiles(tree: SyncTree): TreeFile[] {
  return [...tree.values()].map((file) => ({
    path: file.path,
    oid: file.oid,
    size: file.size ?? (file.text === undefined ? 0 : encoder.encode(file.text).byteLength),
    ...(file.text === undefined ? {} : { text: file.text }),
  }));
}

/** File by file: what one side changed (or both the same way) is taken; the rest both changed. */
function mergeFiles({ base, ours, theirs }: Omit<TreeMergeInput, 'idNamespace'>) {
  const merged = new Map<string, SyncFile>();
  const bothChanged: string[] = [];
  for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [b, o, t] = [base.get(path), ours.get(path), theirs.get(path)];
    const pick = o?.oid === t?.oid ? o : o?.oid === b?.oid ? t : t?.oid === b?.oid ? o : undefined;
    if (pick !== undefined) merged.set(path, pick);
    else if (o?.oid !== t?.oid && o?.oid !== b?.oid && t?.oid !== b?.oid) bothChanged.push(path);
  }
  return { merged, bothChanged };
}

/**
 * The files both sides changed differently since the base: those {@link mergeTrees} merges
 * page by page, for which it needs the text of every markdown and YAML file of the three trees.
 * Pure.
 */
export function pathsChangedOnBothSides(input: Omit<TreeMergeInput, 'idNamespace'>): string[] {
  return mergeFiles(input).bothChanged;
}

/**
 * Three-way merge of docs trees. File by file first: a file only one side changed takes that
 * side's bytes, so untouched pages stay byte for byte. Files both sides changed differently are
 * merged with core's `mergeRevisions` (pages field by field, documents block by block) on the
 * trees read as revisions, and written back with core's writer; the same block changed on both
 * sides is a conflict holding both versions. Files need `text` only when some path changed on
 * both sides (see {@link pathsChangedOnBothSides}). Pure.
 */
export function mergeTrees(input: TreeMergeInput): TreeMerge {
  const { base, ours, theirs } = input;
  const { merged, bothChanged } = mergeFiles(input);
  if (bothChanged.length === 0)
    return { tree: toSyncTree(merged.values()), conflicts: [], contentMerged: [] };

  const options = { idNamespace: input.idNamespace };
  const baseRead = treeToRevision(treeFiles(base), options);
  const oursRead = treeToRevision(treeFiles(ours), { ...options, base: baseRead.content });
  const theirsRead = treeToRevision(treeFiles(theirs), { ...options, base: baseRead.content });
  const result = mergeRevisions(baseRead.content, oursRead.content, theirsRead.content);
  if (result.conflicts.length > 0)
    return { tree: toSyncTree(merged.values()), conflicts: result.conflicts, contentMerged: [] };

  const written = new Map(
    revisionToTree(result.content, { config: oursRead.config }).files.map((f) => [f.path, f]),
  );
  for (const path of bothChanged) {
    const file = written.get(path);
    if (file === undefined) merged.delete(path);
    else
      merged.set(path, {
        path,
        oid: file.oid,
        size: file.size,
        ...(file.text === undefined ? {} : { text: file.text }),
      });
  }
  return { tree: toSyncTree(merged.values()), conflicts: [], contentMerged: bothChanged };
}
