import type { FsClient } from 'isomorphic-git';

/** Where a repository is and how to reach it: the I/O every function of this package is given. */
export interface RepoOptions {
  /** `node:fs` or any isomorphic-git-compatible file system (one with a `promises` API). */
  fs: FsClient;
  /** The working directory; the repository is `<dir>/.git` unless `gitdir` is given. */
  dir: string;
  /** The git directory, for bare repositories or a `.git` elsewhere. */
  gitdir?: string;
  /**
   * A cache object to reuse between calls on the same repository (isomorphic-git's pack cache,
   * plus this package's pack indexes and blob sizes). Pass the same `{}` to keep packs in memory.
   */
  cache?: object;
}

/** The git directory of a repository. */
export function gitdirOf(options: Pick<RepoOptions, 'dir' | 'gitdir'>): string {
  return options.gitdir ?? `${options.dir}/.git`;
}

/** A repository's isomorphic-git arguments, with the cache every call of one operation shares. */
export interface RepoArgs {
  fs: FsClient;
  dir: string;
  gitdir: string;
  cache: object;
}

/** The isomorphic-git arguments for a repository, with a cache that lasts at least this call. */
export function isoArgs(options: RepoOptions): RepoArgs {
  return {
    fs: options.fs,
    dir: options.dir,
    gitdir: gitdirOf(options),
    cache: options.cache ?? {},
  };
}
