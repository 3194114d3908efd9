import { join, sep } from 'node:path';
import { watch } from 'chokidar';
import type { RepositoryConfig } from './daemon-config.js';

/** What moved: a ref (a commit, a branch switch) or a file in the docs directory. */
export type WatchEventKind = 'refs' | 'worktree';

/** A running watch; `close` stops it. */
export interface RepositoryWatch {
  close(): Promise<void>;
}

/** Options of {@link watchRepository}. */
export interface WatchRepositoryOptions {
  onChange(kind: WatchEventKind, path: string): void;
  onError(error: unknown): void;
}

/**
 * Watches a repository with chokidar (native events, no polling, so an idle repository costs
 * nothing): `.git/HEAD`, `.git/packed-refs` and `.git/refs/heads/**` for commits and branch
 * moves, and the docs directory of the working tree (never `.git`'s internals, whose objects and
 * index churn on every command). Resolves once the watch is in place.
 */
export async function watchRepository(
  repository: RepositoryConfig,
  options: WatchRepositoryOptions,
): Promise<RepositoryWatch> {
  const gitDir = join(repository.path, '.git');
  const refsDir = join(gitDir, 'refs');
  const headsDir = join(refsDir, 'heads');
  const treeDir =
    repository.directory === '' ? repository.path : join(repository.path, repository.directory);
  const inside = (dir: string, path: string) => path.startsWith(dir + sep);
  const wanted = new Set([
    gitDir,
    join(gitDir, 'HEAD'),
    join(gitDir, 'packed-refs'),
    refsDir,
    headsDir,
  ]);
  const ignored = (path: string): boolean => {
    if (path === gitDir || inside(gitDir, path))
      return !(wanted.has(path) || inside(headsDir, path)) || path.endsWith('.lock');
    return false;
  };
  const watcher = watch([gitDir, treeDir], {
    ignoreInitial: true,
    ignored,
    persistent: true,
    usePolling: false,
  });
  watcher.on('all', (_event, path) => {
    options.onChange(path === gitDir || inside(gitDir, path) ? 'refs' : 'worktree', path);
  });
  watcher.on('error', (error) => {
    options.onError(error);
  });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return { close: () => watcher.close() };
}
