import { readCommitByOid, type CommitInfo } from './read-commit.js';
import { isoArgs, type RepoArgs, type RepoOptions } from './repo-options.js';
import { resolveTreePath, splitTreePath } from './tree-path.js';

/** Options for {@link listCommits}. */
export interface ListCommitsOptions extends RepoOptions {
  /** Exclusive start: commits reachable from it are left out. `null`: from the first commit. */
  from: string | null;
  /** Inclusive end (a commit id). */
  to: string;
  /** Only commits that change something under this path (file or directory). */
  path?: string;
}

/**
 * The commits after `from` up to `to`, oldest first, following first parents only (a merged
 * branch counts as its merge commit): `git log --first-parent --reverse from..to [-- path]`.
 * Push uses it for "the local commits since the last synced one".
 */
export async function listCommits(options: ListCommitsOptions): Promise<CommitInfo[]> {
  const args = isoArgs(options);
  const chain: CommitInfo[] = [];
  let found = options.from === null;
  let oid: string | undefined = options.to;
  while (oid !== undefined) {
    if (oid === options.from) {
      found = true;
      break;
    }
    const commit = await readCommitByOid(args, oid);
    chain.push(commit);
    oid = commit.parents[0];
  }
  // `from` off the first-parent line (merged in from a side branch): cut where history it reaches
  // begins, as `from..to` does.
  const kept = found ? chain : await dropReachable(args, chain, options.from ?? '');
  const path = options.path === undefined ? undefined : splitTreePath(options.path);
  const result: CommitInfo[] = [];
  for (const commit of kept.reverse()) {
    if (path === undefined || (await touches(args, commit, path))) result.push(commit);
  }
  return result;
}

async function dropReachable(
  args: RepoArgs,
  chain: CommitInfo[],
  from: string,
): Promise<CommitInfo[]> {
  const reachable = new Set<string>();
  const pending = [from];
  for (let oid = pending.pop(); oid !== undefined; oid = pending.pop()) {
    if (reachable.has(oid)) continue;
    reachable.add(oid);
    pending.push(...(await readCommitByOid(args, oid)).parents);
  }
  const cut = chain.findIndex((commit) => reachable.has(commit.oid));
  return cut === -1 ? chain : chain.slice(0, cut);
}

/** Whether the commit changes `path` against its first parent (a root commit: if it has it). */
async function touches(
  args: RepoArgs,
  commit: CommitInfo,
  path: readonly string[],
): Promise<boolean> {
  const here = await resolveTreePath(args, commit.tree, path);
  const parentOid = commit.parents[0];
  if (parentOid === undefined) return here.kind !== 'missing';
  const parent = await readCommitByOid(args, parentOid);
  const there = await resolveTreePath(args, parent.tree, path);
  return here.kind !== there.kind || ('oid' in here && 'oid' in there && here.oid !== there.oid);
}
