import * as fs from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { makeTempDir, type TempDir } from './temp-dir.js';

/** Who made a commit. */
export interface GitIdentity {
  name: string;
  email: string;
}

/** Options for {@link GitRepo.commit}. */
export interface CommitOptions {
  author?: GitIdentity;
  committer?: GitIdentity;
  /** Commit time; defaults to the repo's deterministic clock (see {@link createGitRepo}). */
  date?: Date;
}

/** Options for {@link createGitRepo}. */
export interface CreateGitRepoOptions {
  /** Name of the initial branch (default `main`). */
  defaultBranch?: string;
  /** Files of an initial commit, if any (path → content). */
  files?: Record<string, string | Uint8Array>;
  /** Message of the initial commit (default `Initial commit`). */
  message?: string;
}

/** A real git repository in a temporary directory, built step by step by a test. */
export interface GitRepo {
  /** The working tree (and `.git`) directory. */
  readonly dir: string;
  readonly tempDir: TempDir;
  /** Writes files into the working tree and stages them. */
  writeFiles(files: Record<string, string | Uint8Array>): Promise<void>;
  /** Deletes files from the working tree and the index. */
  removeFiles(paths: readonly string[]): Promise<void>;
  /** Commits the index; returns the new commit id. */
  commit(message: string, options?: CommitOptions): Promise<string>;
  /** Creates a branch at HEAD; checks it out when `checkout` is set. */
  branch(name: string, options?: { checkout?: boolean }): Promise<void>;
  /** Checks out a branch, updating the working tree. */
  checkout(ref: string): Promise<void>;
  /** Resolves a ref (default `HEAD`) to a commit id. */
  resolve(ref?: string): Promise<string>;
  /** Removes the repository from disk. */
  remove(): Promise<void>;
}

const defaultIdentity: GitIdentity = { name: 'Test Author', email: 'author@example.test' };
/** 2026-01-01T00:00:00Z: the first tick of the deterministic clock. */
const clockStart = Date.UTC(2026, 0, 1) / 1000;

/**
 * Creates a git repository in a fresh temp dir. Commits without an explicit `date` use a
 * deterministic clock (2026-01-01T00:00:00Z, then one minute later per commit) so that the same
 * steps always give the same commit ids.
 */
export async function createGitRepo(options: CreateGitRepoOptions = {}): Promise<GitRepo> {
  const tempDir = await makeTempDir('repo');
  const dir = tempDir.path;
  await git.init({ fs, dir, defaultBranch: options.defaultBranch ?? 'main' });
  let tick = 0;

  const repo: GitRepo = {
    dir,
    tempDir,
    async writeFiles(files) {
      for (const [filepath, content] of Object.entries(files)) {
        const full = tempDir.join(filepath);
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, content);
        await git.add({ fs, dir, filepath });
      }
    },
    async removeFiles(paths) {
      for (const filepath of paths) {
        await rm(join(dir, filepath), { force: true });
        await git.remove({ fs, dir, filepath });
      }
    },
    async commit(message, commitOptions = {}) {
      const seconds =
        commitOptions.date === undefined
          ? clockStart + 60 * tick++
          : Math.floor(commitOptions.date.getTime() / 1000);
      const author = {
        ...(commitOptions.author ?? defaultIdentity),
        timestamp: seconds,
        timezoneOffset: 0,
      };
      const committer = commitOptions.committer
        ? { ...commitOptions.committer, timestamp: seconds, timezoneOffset: 0 }
        : author;
      return git.commit({ fs, dir, message, author, committer });
    },
    async branch(name, branchOptions = {}) {
      await git.branch({ fs, dir, ref: name, checkout: branchOptions.checkout ?? false });
    },
    async checkout(ref) {
      await git.checkout({ fs, dir, ref });
    },
    resolve: (ref = 'HEAD') => git.resolveRef({ fs, dir, ref }),
    remove: () => tempDir.remove(),
  };

  if (options.files) {
    await repo.writeFiles(options.files);
    await repo.commit(options.message ?? 'Initial commit');
  }
  return repo;
}
