import { execFile } from 'node:child_process';
import { gitdirOf, type RepoOptions } from './repo-options.js';

/** One side of a conflicted path: the blob (which the repository holds) and its mode. */
export interface UnmergedSide {
  oid: string;
  /** Default `100644`. */
  mode?: string;
}

/** A path a merge left conflicted, with each side that has it (a deleting side has none). */
export interface UnmergedPath {
  /** Relative to the working directory. */
  path: string;
  base?: UnmergedSide;
  ours?: UnmergedSide;
  theirs?: UnmergedSide;
}

const NO_OID = '0'.repeat(40);

/**
 * Records conflicted paths in the index as git's own merge does: the path's stage-0 entry is
 * replaced by stage 1 (base), 2 (ours) and 3 (theirs) entries, so `git status` lists them as
 * unmerged ("both modified", "deleted by them"), `git commit` refuses until they are added, and
 * `git merge --abort` puts them back as they were. isomorphic-git has no public way to write
 * unmerged entries, so the installed git does it (`git update-index --index-info`, the plumbing
 * meant for this). Resolves false, changing nothing, where there is no git to run or `dir` is
 * not a repository on disk: the conflicts are then only in the working tree.
 */
export async function markUnmerged(
  options: Pick<RepoOptions, 'dir' | 'gitdir'>,
  paths: readonly UnmergedPath[],
): Promise<boolean> {
  if (paths.length === 0) return true;
  const lines = paths.flatMap(({ path, base, ours, theirs }) => [
    `0 ${NO_OID}\t${path}`,
    ...([base, ours, theirs] as const).flatMap((side, index) =>
      side === undefined
        ? []
        : [`${side.mode ?? '100644'} ${side.oid} ${String(index + 1)}\t${path}`],
    ),
  ]);
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      ['--git-dir', gitdirOf(options), '--work-tree', options.dir, 'update-index', '--index-info'],
      { cwd: options.dir },
      (error) => {
        resolve(error === null);
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(`${lines.join('\n')}\n`);
  });
}
