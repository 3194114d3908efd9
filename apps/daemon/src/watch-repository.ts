import { join, sep } from 'node:path';
import { watch } from 'chokidar';
import type { RepositoryConfig } from './daemon-config.js';

/** What moved: a ref (a commit, a branch switch) or a file in the docs directory. */
export type WatchEventKind = 'refs' | 'worktree';

/** A running watch; `close` stops it. */
export interface RepositoryWatch {
  close(): Promise<void>;
}

/** Options of {@link watchRefs} and {@link watchWorkingTree}. */
export interface WatchRepositoryOptions {
  onChange(kind: WatchEventKind, path: string): void;
  onError(error: unknown): void;
}

const inside = (dir: string, path: string) => path.startsWith(dir + sep);

/** A chokidar watch (native events, no polling: an idle repository costs no CPU); resolves when in place. */
async function startWatch(
  paths: string[],
  kind: WatchEventKind,
  ignored: (path: string) => boolean,
  options: WatchRepositoryOptions,
): Promise<RepositoryWatch> {
  const watcher = watch(paths, {
    ignoreInitial: true,
    ignored,
    persistent: true,
    usePolling: false,
  });
  watcher.on('all', (_event, path) => {
    options.onChange(kind, path);
  });
  watcher.on('error', (error) => {
    options.onError(error);
  });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return { close: () => watcher.close() };
}

/**
 * Watches a repository's refs: `.git/HEAD`, `.git/packed-refs` and `.git/refs/heads/**`, for
 * commits and branch moves (never `.git`'s other internals, whose objects and index churn on
 * every command). Six inotify watches per repository, whatever the size of its docs (watching
 * its docs tree too cost one per file and about 2 MB per repository of 250 files: see the
 * README's figures).
 */
export function watchRefs(
  repository: RepositoryConfig,
  options: WatchRepositoryOptions,
): Promise<RepositoryWatch> {
  const gitDir = join(repository.path, '.git');
  const refsDir = join(gitDir, 'refs');
  const headsDir = join(refsDir, 'heads');
  const wanted = new Set([
    gitDir,
    join(gitDir, 'HEAD'),
    join(gitDir, 'packed-refs'),
    refsDir,
    headsDir,
  ]);
  const ignored = (path: string): boolean =>
    !(wanted.has(path) || inside(headsDir, path)) || path.endsWith('.lock');
  return startWatch([gitDir], 'refs', ignored, options);
}

/**
 * Watches the docs directory of the working tree (not `.git`): only while a pull waits for
 * uncommitted edits there, so that it runs as soon as they are committed or discarded.
 */
export function watchWorkingTree(
  repository: RepositoryConfig,
  options: WatchRepositoryOptions,
): Promise<RepositoryWatch> {
  const gitDir = join(repository.path, '.git');
  const treeDir =
    repository.directory === '' ? repository.path : join(repository.path, repository.directory);
  const ignored = (path: string): boolean => path === gitDir || inside(gitDir, path);
  return startWatch([treeDir], 'worktree', ignored, options);
}
