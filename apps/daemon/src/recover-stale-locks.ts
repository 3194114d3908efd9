import { readdir, readlink, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Lock files git (and docsync's ref updates) create directly in `.git`. */
const TOP_LOCKS = ['index.lock', 'HEAD.lock', 'packed-refs.lock', 'config.lock', 'shallow.lock'];

async function refLocks(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await refLocks(path)));
    else if (entry.name.endsWith('.lock')) found.push(path);
  }
  return found;
}

/**
 * Paths some process has open, read from `/proc/<pid>/fd` (Linux; only this user's processes
 * are readable). Undefined where there is no `/proc`: then age alone decides.
 */
async function openFiles(): Promise<Set<string> | undefined> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const open = new Set<string>();
  await Promise.all(
    pids.map(async (pid) => {
      const fdDir = `/proc/${pid}/fd`;
      const fds = await readdir(fdDir).catch(() => [] as string[]);
      for (const fd of fds) {
        const target = await readlink(join(fdDir, fd)).catch(() => undefined);
        if (target !== undefined) open.add(target);
      }
    }),
  );
  return open;
}

/** Options of {@link recoverStaleLocks}. */
export interface RecoverStaleLocksOptions {
  /** A lock younger than this (ms) may belong to a git command still running: it is left. */
  staleAfterMs: number;
  now: () => number;
}

/**
 * Removes lock files a crashed git (or a killed daemon) left in `<repo>/.git`: `index.lock`,
 * `HEAD.lock`, `packed-refs.lock`, `config.lock`, `shallow.lock` and `refs/**\/*.lock`, each only
 * when it is older than `staleAfterMs` and no process has it open. Returns the removed paths.
 * Git itself never removes them ("Another git process seems to be running"), so a crash would
 * otherwise stop every later commit and every ref update of the daemon.
 */
export async function recoverStaleLocks(
  repo: string,
  options: RecoverStaleLocksOptions,
): Promise<string[]> {
  const gitDir = join(repo, '.git');
  const candidates = [
    ...TOP_LOCKS.map((name) => join(gitDir, name)),
    ...(await refLocks(join(gitDir, 'refs'))),
  ];
  const old: string[] = [];
  for (const path of candidates) {
    const info = await stat(path).catch(() => undefined);
    if (info !== undefined && options.now() - info.mtimeMs >= options.staleAfterMs) old.push(path);
  }
  if (old.length === 0) return [];
  const held = await openFiles();
  const removed: string[] = [];
  for (const path of old) {
    if (held?.has(path) === true) continue;
    try {
      await unlink(path);
      removed.push(path);
    } catch {
      // Gone already (its owner finished): nothing to recover.
    }
  }
  return removed;
}
