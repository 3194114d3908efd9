import { lines } from '@docsync/core';
import type { SyncFile, SyncTree } from './sync-tree.js';

/**
 * A merged table of contents kept in step with the files (pure). Line merges of SUMMARY.md know
 * nothing of pages: a conflict settled by one side (`--strategy`) can take that side's line for
 * a page the other side moved, or drop an entry the other side added, so that a page's file
 * stays while no entry names it (it then leaves the space), or an entry names a file that is
 * gone. After a merge of SUMMARY.md, {@link settleSummary} puts such entries right.
 */

/**
 * Where a space's table of contents is (GitBook's default name, and the lower-case one), at the
 * root of the docs tree, so its links are tree paths.
 */
export const SUMMARIES = ['SUMMARY.md', 'summary.md'];

const LINK = /\]\(<?([^)<>\s]+)>?(?:\s+"[^"]*")?\)/g;

function decodePath(target: string): string {
  const path = target.split('#')[0] ?? '';
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The file paths a table of contents links to (relative to its directory, decoded). */
export function linkedPaths(summary: string): Set<string> {
  return new Set([...summary.matchAll(LINK)].map((match) => decodePath(match[1] as string)));
}

/** The link target of `path` in `line`, as written (encoded, with any anchor), if it has one. */
function targetIn(line: string, path: string): string | undefined {
  for (const match of line.matchAll(LINK))
    if (decodePath(match[1] as string) === path) return match[1];
  return undefined;
}

/**
 * `summary` with the entry `from` has for `path` (placed after the line it follows there, else
 * before the line it precedes there, else at the end), when `summary` lacks one.
 */
export function withEntry(summary: string, from: string, path: string): string {
  const ours = lines(summary);
  if (ours.some((line) => targetIn(line, path) !== undefined)) return summary;
  const theirs = lines(from);
  const index = theirs.findIndex((line) => targetIn(line, path) !== undefined);
  if (index < 0) return summary;
  const entry = theirs[index] as string;
  const previous = index > 0 ? ours.indexOf(theirs[index - 1] as string) : -1;
  const following = index + 1 < theirs.length ? ours.indexOf(theirs[index + 1] as string) : -1;
  const at = previous >= 0 ? previous + 1 : following >= 0 ? following : ours.length;
  const withNewline = entry.endsWith('\n') ? entry : `${entry}\n`;
  return [...ours.slice(0, at), withNewline, ...ours.slice(at)].join('');
}

/** Where a side moved the base's `path` to: a file it added with the same bytes (or text). */
function movedBy(side: SyncTree, base: SyncTree, path: string): string | undefined {
  const before = base.get(path);
  if (before === undefined || side.has(path)) return undefined;
  const same = (file: SyncFile) =>
    file.oid === before.oid || (file.text !== undefined && file.text === before.text);
  for (const [candidate, file] of side) if (!base.has(candidate) && same(file)) return candidate;
  return undefined;
}

/** The three sides of a SUMMARY.md merge, and the merged tree's files. */
export interface SummarySides {
  base: SyncTree;
  ours: SyncTree;
  theirs: SyncTree;
  /** The merged tree (its SUMMARY.md the line merge's result). */
  result: ReadonlyMap<string, SyncFile>;
  /** Where one side moved a file whose other side's edit the merge carried along. */
  moves: ReadonlyMap<string, string>;
}

/**
 * The merged table of contents `merged` (of `summaryPath`), with two repairs a line merge cannot
 * make: an entry naming a file the merge no longer has, which one side moved, names where it
 * went (when nothing names that yet); and an entry one side added for a file the merge keeps is
 * put back when the merge lost it; and an entry for a page one side deleted together with its
 * entry, which a conflict settled by the other side's lines brought back, goes again (when it
 * holds no entries of its own). An entry a side removed on purpose (its page kept as an
 * unlisted file) stays removed: only entries added since the base come back.
 */
export function settleSummary(summaryPath: string, merged: string, sides: SummarySides): string {
  const { base, ours, theirs, result, moves } = sides;
  let text = merged;
  let linked = linkedPaths(text);
  // Entries naming a file a side moved.
  for (const target of linked) {
    if (result.has(target)) continue;
    const next = moves.get(target) ?? movedBy(ours, base, target) ?? movedBy(theirs, base, target);
    if (next === undefined || !result.has(next) || linked.has(next)) continue;
    text = lines(text)
      .map((line) => {
        const written = targetIn(line, target);
        return written === undefined ? line : line.replace(`](${written}`, `](${encodeURI(next)}`);
      })
      .join('');
    linked = linkedPaths(text);
  }
  // Entries for a page a side deleted, and stopped listing, that the merge still names.
  for (const target of linked) {
    if (result.has(target) || !base.has(target)) continue;
    const deletedBy = [ours, theirs].some(
      (side) => !side.has(target) && !linkedPaths(side.get(summaryPath)?.text ?? '').has(target),
    );
    if (!deletedBy) continue;
    const all = lines(text);
    const at = all.findIndex((line) => targetIn(line, target) !== undefined);
    const indent = (line: string | undefined) => /^\s*/.exec(line ?? '')?.[0].length ?? 0;
    const next = all[at + 1];
    // An entry with entries under it stays: dropping its line alone would move them.
    if (at < 0 || (next !== undefined && next.trim() !== '' && indent(next) > indent(all[at])))
      continue;
    text = [...all.slice(0, at), ...all.slice(at + 1)].join('');
  }
  linked = linkedPaths(text);
  // Entries a side added that the merge lost.
  const baseLinked = linkedPaths(base.get(summaryPath)?.text ?? '');
  for (const side of [ours, theirs]) {
    const sideText = side.get(summaryPath)?.text;
    if (sideText === undefined) continue;
    for (const target of linkedPaths(sideText))
      if (!baseLinked.has(target) && !linked.has(target) && result.has(target)) {
        text = withEntry(text, sideText, target);
        linked = linkedPaths(text);
      }
  }
  return text;
}
