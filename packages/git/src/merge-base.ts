import git from 'isomorphic-git';
import { CommitNotFoundError } from './errors.js';
import { readCommitByOid } from './read-commit.js';
import { isoArgs, type RepoOptions } from './repo-options.js';

/** Options for {@link findMergeBase}. */
export interface FindMergeBaseOptions extends RepoOptions {
  /** Two or more commit ids. */
  oids: readonly string[];
}

/**
 * The best common ancestor of the commits (`git merge-base --octopus`), or `null` when their
 * histories never meet. With several equally good bases (criss-cross merges) the first found is
 * returned: for a three-way merge of docs any of them is a sound base.
 */
export async function findMergeBase(options: FindMergeBaseOptions): Promise<string | null> {
  const args = isoArgs(options);
  // Check every commit up front so a missing one fails with its id, not a walker error.
  for (const oid of options.oids) await readCommitByOid(args, oid);
  const bases = await git.findMergeBase({ ...args, oids: [...options.oids] });
  return typeof bases[0] === 'string' ? bases[0] : null;
}

/** Options for {@link isAncestor}. */
export interface IsAncestorOptions extends RepoOptions {
  ancestor: string;
  descendant: string;
}

/**
 * Whether `ancestor` is in the history of `descendant`. A commit counts as its own ancestor, as
 * in `git merge-base --is-ancestor`: a branch that has not moved is a fast-forward of itself.
 */
export async function isAncestor(options: IsAncestorOptions): Promise<boolean> {
  const args = isoArgs(options);
  await readCommitByOid(args, options.ancestor);
  await readCommitByOid(args, options.descendant);
  if (options.ancestor === options.descendant) return true;
  try {
    return await git.isDescendent({
      ...args,
      oid: options.descendant,
      ancestor: options.ancestor,
      depth: -1,
    });
  } catch (error) {
    throw error instanceof Error && 'code' in error && error.code === 'NotFoundError'
      ? new CommitNotFoundError(options.descendant, { cause: error })
      : error;
  }
}
