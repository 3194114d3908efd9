import { BranchMovedError, CommitNotFoundError, RefLockedError } from './errors.js';
import { readCommitByOid } from './read-commit.js';
import { fullRefName } from './ref-name.js';
import { fsErrorCode, repoFs, type RepoFs } from './repo-fs.js';
import { isoArgs, type RepoOptions } from './repo-options.js';

/** Options for {@link moveBranch}. */
export interface MoveBranchOptions extends RepoOptions {
  /** `main` or a full name under `refs/`. */
  ref: string;
  /** Where the branch must point now; `null`: it must not exist yet (it is created). */
  from: string | null;
  /** The commit to point it at. */
  to: string;
}

/**
 * Compare-and-swap of a branch: moves it to `to` only while it points at `from`, else throws
 * {@link BranchMovedError} and leaves it alone, so a push that raced another never loses a
 * commit. Locks the ref the way git does (create `<ref>.lock` exclusively, check, rename over
 * the ref), so git processes running beside docsync see the same lock. No reflog entry is written.
 */
export async function moveBranch(options: MoveBranchOptions): Promise<void> {
  const args = isoArgs(options);
  const name = fullRefName(options.ref);
  // Refuse to point a branch at something that is not a commit of this repository.
  const target = await readCommitByOid(args, options.to);
  if (target.oid !== options.to) throw new CommitNotFoundError(options.to, { actualType: 'tag' });

  const fs = repoFs(args.fs);
  const refPath = `${args.gitdir}/${name}`;
  const lockPath = `${refPath}.lock`;
  await fs.mkdir(refPath.slice(0, refPath.lastIndexOf('/')), { recursive: true });
  try {
    // 'wx' is O_CREAT|O_EXCL: exactly one writer gets the lock, as with git's lockfile API.
    await fs.writeFile(lockPath, `${options.to}\n`, { flag: 'wx' });
  } catch (error) {
    if (fsErrorCode(error) === 'EEXIST') throw new RefLockedError(name, lockPath, { cause: error });
    throw error;
  }
  let locked = true;
  try {
    const current = await readRefValue(fs, args.gitdir, name);
    if (current !== options.from) throw new BranchMovedError(name, options.from, current);
    if (fs.rename) {
      await fs.rename(lockPath, refPath);
    } else {
      await fs.writeFile(refPath, `${options.to}\n`);
      await fs.unlink(lockPath);
    }
    locked = false;
  } finally {
    if (locked) await fs.unlink(lockPath);
  }
}

/**
 * What a ref points at now: its loose file, else its line in `packed-refs` (where `git gc` and
 * clones put refs), else `null`.
 */
export async function readRefValue(
  fs: RepoFs,
  gitdir: string,
  name: string,
): Promise<string | null> {
  const loose = await readTextOrNull(fs, `${gitdir}/${name}`);
  if (loose !== null) return loose.trim();
  const packed = await readTextOrNull(fs, `${gitdir}/packed-refs`);
  for (const line of packed?.split('\n') ?? []) {
    // Lines are `<oid> <name>`; `#` starts the header, `^` a peeled tag.
    const [oid, refName] = line.split(' ');
    if (refName === name && oid !== undefined && !line.startsWith('#')) return oid;
  }
  return null;
}

async function readTextOrNull(fs: RepoFs, path: string): Promise<string | null> {
  try {
    return new TextDecoder().decode(await fs.readFile(path));
  } catch (error) {
    const code = fsErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}
