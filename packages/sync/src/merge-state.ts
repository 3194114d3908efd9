import { gitBlobId } from '@docsync/core';
import { readCommit, readFileAt } from '@docsync/git';
import type { SyncContext } from './read-sync-state.js';

/**
 * A merge with the space that stopped on conflicts, as git leaves one: `.git/MERGE_HEAD` names
 * the space's side (a commit holding the space's tree), `.git/MERGE_MSG` the message, so the
 * person's `git commit` after resolving makes the merge commit; `.git/DOCSYNC_MERGE` says which
 * files docsync left conflict markers in and for which revision.
 */
export interface PendingMerge {
  /** The commit of the space's side (MERGE_HEAD). */
  theirs: string;
  /** The space's revision that side holds. */
  revision: string;
  branch: string;
  /** Files written with conflict markers (paths in the repository). */
  conflicts: string[];
  /** The blob id of what was written into each of those files, by path. */
  written?: Record<string, string>;
}

const STATE = 'DOCSYNC_MERGE';

async function readText(context: SyncContext, name: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(
      await context.fs.promises.readFile(`${context.dir}/.git/${name}`),
    );
  } catch {
    return undefined;
  }
}

/** Writes the merge state (after the working tree got the conflicting files). */
export async function writePendingMerge(
  context: SyncContext,
  merge: PendingMerge,
  message: string,
): Promise<void> {
  const git = `${context.dir}/.git`;
  await context.fs.promises.writeFile(`${git}/${STATE}`, `${JSON.stringify(merge, null, 2)}\n`);
  await context.fs.promises.writeFile(`${git}/MERGE_MSG`, message);
  await context.fs.promises.writeFile(`${git}/MERGE_HEAD`, `${merge.theirs}\n`);
}

/**
 * The merge docsync left for the person, while git still has it in progress (MERGE_HEAD is the
 * space's side). Once it is committed or aborted, docsync's note of it is removed and this is
 * null. git's `merge --abort` keeps files whose changes were not staged, as the conflicting
 * files are; so a file that still holds exactly what docsync wrote into it gets the branch's
 * version back then (a resolved or otherwise edited file is left alone).
 */
export async function readPendingMerge(context: SyncContext): Promise<PendingMerge | null> {
  const stateText = await readText(context, STATE);
  if (stateText === undefined) return null;
  const merge = JSON.parse(stateText) as PendingMerge;
  const mergeHead = (await readText(context, 'MERGE_HEAD'))?.trim();
  if (mergeHead === merge.theirs) return merge;
  const repo = { fs: context.fs, dir: context.dir };
  // A branch without a commit yet has nothing to put back.
  const head = await readCommit({ ...repo, ref: 'HEAD' }).catch(() => undefined);
  for (const [path, oid] of Object.entries(merge.written ?? {})) {
    const full = `${context.dir}/${path}`;
    const current = await context.fs.promises.readFile(full).catch(() => undefined);
    if (head === undefined || current === undefined || gitBlobId(current) !== oid) continue;
    const kept = await readFileAt({ ...repo, ref: head.oid, path });
    if (kept === undefined) await context.fs.promises.unlink(full);
    else await context.fs.promises.writeFile(full, kept);
  }
  await context.fs.promises.unlink(`${context.dir}/.git/${STATE}`).catch(() => undefined);
  return null;
}

/** Lines git writes around a conflict. */
const MARKER = /^(<<<<<<<|>>>>>>>) /m;

/** Whether a text still holds conflict markers. */
export function hasConflictMarkers(text: string): boolean {
  return MARKER.test(text) && /^=======$/m.test(text);
}
