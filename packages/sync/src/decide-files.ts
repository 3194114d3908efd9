import { gitBlobId, lines, mergeGitbookYaml, mergeText } from '@docsync/core';
import { linkedPaths, settleSummary, SUMMARIES, withEntry } from './summary-entries.js';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

/**
 * The one rule of sync, file by file (pure). With the last state both sides saw as the base:
 * a file one side changed takes that side's bytes (or goes, when that side deleted it); a file
 * neither changed keeps its bytes; a file both changed the same way is that; a file both changed
 * differently is merged line by line (diff3, as git does) or is a conflict. Nothing else is
 * written or deleted, so files one side does not model (a LICENSE the service never saw) are
 * never touched by the other side.
 *
 * A move on one side (a path deleted there, and a path added there with the base's content or
 * most of it) carries the other side's edit of the old path to the new one, instead of losing
 * it or reporting a conflict.
 */

/** How a conflict is settled without a person: keep the branch's side, or the space's. */
export type MergeStrategy = 'ours' | 'theirs';

/** The three versions of the docs tree a sync decides between. */
export interface DecideInput {
  /** The last state both sides saw (empty when there is none). */
  base: SyncTree;
  /** The branch. */
  ours: SyncTree;
  /** The space (the base with the space's changes since). */
  theirs: SyncTree;
  /** Settle conflicting hunks and files by taking this side. */
  strategy?: MergeStrategy;
  /** Names for conflict markers: `<<<<<<< ours`, `>>>>>>> theirs`. */
  labels?: { ours: string; theirs: string };
}

/** What happens to one path. */
export type FileDecision =
  | { path: string; take: 'ours' | 'theirs' | 'same' }
  | { path: string; take: 'merged'; from?: string }
  | { path: string; take: 'conflict'; reason: ConflictReason; from?: string };

export type ConflictReason =
  /** The same lines changed differently on both sides. */
  | 'content'
  /** One side deleted the file, the other changed it. */
  | 'modify-delete'
  /**
   * One side took the page out of the table of contents (its file kept, so it leaves the
   * space), the other changed it.
   */
  | 'modify-unlist'
  /** Both added the file with different content. */
  | 'add-add'
  /** A file that is not text changed differently on both sides. */
  | 'binary';

/** A file both sides changed that could not be merged. */
export interface FileConflict {
  path: string;
  reason: ConflictReason;
  /** Which side deleted it (modify/delete) or took it out of the table of contents (modify/unlist). */
  deletedIn?: 'ours' | 'theirs';
  /** Conflict hunks written with markers (content and add/add conflicts of text files). */
  hunks?: number;
}

/** The outcome of {@link decideFiles}. */
export interface Decided {
  /**
   * The tree to commit: with conflicts, what the working tree gets (text conflicts with
   * markers, the branch's version of a binary file, the changed version of a modify/delete).
   */
  tree: SyncTree;
  decisions: FileDecision[];
  conflicts: FileConflict[];
}

const encoder = new TextEncoder();

function textFile(path: string, text: string): SyncFile {
  const bytes = encoder.encode(text);
  return { path, oid: gitBlobId(bytes), size: bytes.byteLength, text };
}

function textOf(file: SyncFile | undefined): string | undefined {
  return file?.text;
}

/**
 * Paths whose text {@link decideFiles} needs: files both sides changed differently, and the
 * files that may be the other end of a move of such a file. Pure.
 */
export function pathsNeedingText(input: Omit<DecideInput, 'strategy' | 'labels'>): string[] {
  const needed = new Set<string>();
  const { base, ours, theirs } = input;
  const added = { ours: addedPaths(base, ours), theirs: addedPaths(base, theirs) };
  for (const path of bothChanged(input)) {
    needed.add(path);
    const [o, t] = [ours.get(path), theirs.get(path)];
    // A deletion against an edit may be a move: the deleting side's added files are candidates.
    if (o === undefined) for (const candidate of added.ours) needed.add(candidate);
    if (t === undefined) for (const candidate of added.theirs) needed.add(candidate);
    // A deleted page kept by a strategy takes its table-of-contents entry back along.
    if (o === undefined || t === undefined)
      for (const summary of SUMMARIES)
        if (ours.has(summary) || theirs.has(summary)) needed.add(summary);
  }
  // A table of contents one side changed may have taken out a page the other side changed.
  for (const summary of SUMMARIES) {
    const [b, o, t] = [base.get(summary)?.oid, ours.get(summary)?.oid, theirs.get(summary)?.oid];
    if (b !== undefined && (o !== b || t !== b)) needed.add(summary);
  }
  return [...needed].sort();
}

function addedPaths(base: SyncTree, side: SyncTree): string[] {
  return [...side.keys()].filter((path) => !base.has(path));
}

function bothChanged({ base, ours, theirs }: Omit<DecideInput, 'strategy' | 'labels'>): string[] {
  const paths: string[] = [];
  for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [b, o, t] = [base.get(path)?.oid, ours.get(path)?.oid, theirs.get(path)?.oid];
    if (o !== t && o !== b && t !== b) paths.push(path);
  }
  return paths.sort();
}

/** The share of `a`'s lines (blank ones aside) that `b` has too, 0 to 1. */
function similarity(a: string, b: string): number {
  const left = lines(a).filter((line) => line.trim() !== '');
  if (left.length === 0) return a === b ? 1 : 0;
  const right = new Map<string, number>();
  for (const line of lines(b)) right.set(line, (right.get(line) ?? 0) + 1);
  let shared = 0;
  for (const line of left) {
    const count = right.get(line) ?? 0;
    if (count > 0) {
      shared += 1;
      right.set(line, count - 1);
    }
  }
  return shared / Math.max(left.length, lines(b).filter((line) => line.trim() !== '').length);
}

/** Where a space's settings are, at the root of the docs tree. */
const GITBOOK_YAML = '.gitbook.yaml';

/** As git's rename detection: at least half of the lines are the same. */
const MOVE_SIMILARITY = 0.5;

/** Finds where `path` went on the side that deleted it: an added file with (most of) its base content. */
function movedTo(
  base: SyncFile,
  side: SyncTree,
  other: SyncTree,
  baseTree: SyncTree,
  claimed: ReadonlySet<string>,
): SyncFile | undefined {
  let best: { file: SyncFile; score: number } | undefined;
  for (const [path, file] of side) {
    if (baseTree.has(path) || other.has(path) || claimed.has(path)) continue;
    const score =
      file.oid === base.oid
        ? 1
        : base.text === undefined || file.text === undefined
          ? 0
          : similarity(base.text, file.text);
    if (score >= MOVE_SIMILARITY && (best === undefined || score > best.score))
      best = { file, score };
  }
  return best?.file;
}

/**
 * Decides every path (see the module's comment). Files both sides changed need their `text`
 * (see {@link pathsNeedingText}); without it a file is treated as binary. Pure.
 */
export function decideFiles(input: DecideInput): Decided {
  const { base, ours, theirs, strategy } = input;
  const labels = input.labels ?? { ours: 'ours', theirs: 'theirs' };
  const result = new Map<string, SyncFile>();
  const decisions = new Map<string, FileDecision>();
  const conflicts: FileConflict[] = [];
  const claimed = new Set<string>();

  const mergeInto = (
    path: string,
    b: SyncFile | undefined,
    o: SyncFile,
    t: SyncFile,
    from?: string,
  ) => {
    const [bt, ot, tt] = [b === undefined ? '' : textOf(b), textOf(o), textOf(t)];
    const at = from === undefined ? {} : { from };
    // A side's file carried along a move is written at the path it moved to.
    const here = (file: SyncFile): SyncFile => (file.path === path ? file : { ...file, path });
    if (o.oid === t.oid) {
      result.set(path, here(o));
      decisions.set(path, { path, take: 'same' });
      return;
    }
    if (bt === undefined || ot === undefined || tt === undefined) {
      const pick = strategy === 'theirs' ? t : o;
      result.set(path, here(pick));
      if (strategy !== undefined) decisions.set(path, { path, take: strategy });
      else {
        decisions.set(path, { path, take: 'conflict', reason: 'binary', ...at });
        conflicts.push({ path, reason: 'binary' });
      }
      return;
    }
    // `.gitbook.yaml` merges setting by setting: redirects both sides added are all kept.
    if (path === GITBOOK_YAML) {
      const config = mergeGitbookYaml(b === undefined ? undefined : bt, ot, tt, strategy);
      if (config?.text !== undefined) {
        result.set(path, textFile(path, config.text));
        decisions.set(path, { path, take: 'merged', ...at });
        return;
      }
    }
    // Entries both sides added to the table of contents at the same place are both kept.
    const merged = mergeText(bt, ot, tt, {
      ...(strategy === undefined ? {} : { strategy }),
      labels,
      union: SUMMARIES.includes(path),
    });
    result.set(path, textFile(path, merged.text));
    if (merged.hunks === 0) decisions.set(path, { path, take: 'merged', ...at });
    else {
      const reason: ConflictReason = b === undefined ? 'add-add' : 'content';
      decisions.set(path, { path, take: 'conflict', reason, ...at });
      conflicts.push({ path, reason, hunks: merged.hunks });
    }
  };

  const paths = [...new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])].sort();
  const moves: { path: string; b: SyncFile; deletedIn: 'ours' | 'theirs'; kept: SyncFile }[] = [];
  const relisted: { path: string; from: SyncTree }[] = [];
  const moved = new Map<string, string>();
  for (const path of paths) {
    const [b, o, t] = [base.get(path), ours.get(path), theirs.get(path)];
    if (o?.oid === t?.oid) {
      if (o !== undefined) result.set(path, o);
      decisions.set(path, { path, take: 'same' });
    } else if (o?.oid === b?.oid) {
      if (t !== undefined) result.set(path, t);
      decisions.set(path, { path, take: 'theirs' });
    } else if (t?.oid === b?.oid) {
      if (o !== undefined) result.set(path, o);
      decisions.set(path, { path, take: 'ours' });
    } else if (o !== undefined && t !== undefined) mergeInto(path, b, o, t);
    else if (b !== undefined)
      moves.push({
        path,
        b,
        deletedIn: o === undefined ? 'ours' : 'theirs',
        kept: (o ?? t) as SyncFile,
      });
  }

  // One side deleted a file the other changed: a move when the deleting side added a file with
  // most of its content; else a modify/delete conflict.
  for (const { path, b, deletedIn, kept } of moves) {
    const [side, other] = deletedIn === 'ours' ? [ours, theirs] : [theirs, ours];
    const target = movedTo(b, side, other, base, claimed);
    if (target !== undefined) {
      claimed.add(target.path);
      moved.set(path, target.path);
      const [o, t] = deletedIn === 'ours' ? [target, kept] : [kept, target];
      mergeInto(target.path, b, o, t, path);
      decisions.set(path, { path, take: deletedIn });
      continue;
    }
    if (strategy !== undefined && strategy !== deletedIn) {
      result.set(path, kept);
      relisted.push({ path, from: deletedIn === 'ours' ? theirs : ours });
    }
    if (strategy !== undefined) {
      decisions.set(path, { path, take: strategy });
      continue;
    }
    // As git does: the changed version stays in the working tree for the person to decide.
    result.set(path, kept);
    decisions.set(path, { path, take: 'conflict', reason: 'modify-delete' });
    conflicts.push({ path, reason: 'modify-delete', deletedIn });
  }
  for (const { path, from } of relisted)
    for (const summaryPath of SUMMARIES) {
      const [summary, listed] = [result.get(summaryPath)?.text, from.get(summaryPath)?.text];
      if (summary === undefined || listed === undefined) continue;
      const relisting = withEntry(summary, listed, path);
      if (relisting !== summary) result.set(summaryPath, textFile(summaryPath, relisting));
    }
  for (const summaryPath of SUMMARIES) {
    const summary = result.get(summaryPath)?.text;
    if (summary === undefined || decisions.get(summaryPath)?.take !== 'merged') continue;
    const sides = { base, ours, theirs, result, moves: moved };
    const settled = settleSummary(summaryPath, summary, sides);
    if (settled !== summary) result.set(summaryPath, textFile(summaryPath, settled));
  }
  for (const summaryPath of SUMMARIES)
    for (const unlisted of unlistedAndChanged(summaryPath, input, result)) {
      const { path, unlistedIn } = unlisted;
      if (decisions.get(path)?.take === 'conflict') continue;
      if (strategy === undefined) {
        decisions.set(path, { path, take: 'conflict', reason: 'modify-unlist' });
        conflicts.push({ path, reason: 'modify-unlist', deletedIn: unlistedIn });
        continue;
      }
      if (strategy === unlistedIn) continue;
      // The changing side's entry comes back, and with it the page.
      const [summary, listed] = [
        result.get(summaryPath)?.text ?? '',
        (unlistedIn === 'ours' ? theirs : ours).get(summaryPath)?.text ?? '',
      ];
      const relisting = withEntry(summary, listed, path);
      if (relisting !== summary) result.set(summaryPath, textFile(summaryPath, relisting));
    }
  return {
    tree: toSyncTree([...result.values()].sort((x, y) => (x.path < y.path ? -1 : 1))),
    decisions: [...decisions.values()].sort((x, y) => (x.path < y.path ? -1 : 1)),
    conflicts: conflicts.sort((x, y) => (x.path < y.path ? -1 : 1)),
  };
}

/**
 * Pages one side took out of the table of contents `summaryPath` since the base while keeping
 * their files (so they leave the space), and the other side, which still lists them, changed:
 * as a deletion against an edit, a conflict, not a silent loss of the edit.
 */
function unlistedAndChanged(
  summaryPath: string,
  { base, ours, theirs }: DecideInput,
  result: ReadonlyMap<string, SyncFile>,
): { path: string; unlistedIn: 'ours' | 'theirs' }[] {
  const [before, merged] = [base.get(summaryPath)?.text, result.get(summaryPath)?.text];
  if (before === undefined || merged === undefined) return [];
  const listed = {
    ours: linkedPaths(ours.get(summaryPath)?.text ?? ''),
    theirs: linkedPaths(theirs.get(summaryPath)?.text ?? ''),
    merged: linkedPaths(merged),
  };
  const found: { path: string; unlistedIn: 'ours' | 'theirs' }[] = [];
  for (const path of linkedPaths(before)) {
    const was = base.get(path);
    if (was === undefined || listed.merged.has(path) || !result.has(path)) continue;
    if (listed.ours.has(path) === listed.theirs.has(path)) continue;
    const unlistedIn = listed.ours.has(path) ? 'theirs' : 'ours';
    const changed = (unlistedIn === 'ours' ? theirs : ours).get(path);
    if (changed !== undefined && changed.oid !== was.oid) found.push({ path, unlistedIn });
  }
  return found;
}
