import type { PendingMerge } from './merge-state.js';

/** Stable codes of every sync failure. */
export type SyncErrorCode =
  | 'config-not-found'
  | 'config-invalid'
  | 'token-missing'
  | 'mass-delete'
  | 'working-tree-dirty'
  | 'remote-unavailable'
  | 'merge-in-progress'
  | 'conflict-markers'
  | 'merge-needs-checkout';

/** Options of {@link SyncError}. */
export interface SyncErrorOptions {
  cause?: unknown;
  data?: Record<string, unknown>;
}

/** The base of every sync failure: a stable `code`, a `cause`, optional `data`. */
export class SyncError extends Error {
  override name = 'SyncError';
  /** Stable identifier of the failure; branch on it, never on the message. */
  readonly code: SyncErrorCode;
  /** Facts about the failure (counts, paths) for `--json` output. */
  readonly data: Record<string, unknown> | undefined;

  constructor(code: SyncErrorCode, message: string, options: SyncErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.data = options.data;
  }
}

/** `docsync.json` is missing. */
export class ConfigNotFoundError extends SyncError {
  override name = 'ConfigNotFoundError';
  constructor(path: string, options: SyncErrorOptions = {}) {
    super('config-not-found', `no \`${path}\`; run \`docsync init\` first`, options);
  }
}

/** `docsync.json` is not valid. */
export class ConfigInvalidError extends SyncError {
  override name = 'ConfigInvalidError';
  constructor(message: string, options: SyncErrorOptions = {}) {
    super('config-invalid', message, options);
  }
}

/** No token in `DOCSYNC_TOKEN` or a token file. */
export class TokenMissingError extends SyncError {
  override name = 'TokenMissingError';
  constructor(message: string, options: SyncErrorOptions = {}) {
    super('token-missing', message, options);
  }
}

/** A push would delete more pages than the guard allows. */
export class MassDeleteError extends SyncError {
  override name = 'MassDeleteError';
  constructor(deleted: number, total: number) {
    super(
      'mass-delete',
      `the push would delete ${deleted} of ${total} pages (more than half); ` +
        'nothing was sent. Pass `--allow-mass-delete` if that is intended',
      { data: { deleted, total } },
    );
  }
}

/** Pull would overwrite uncommitted changes in the working tree. */
export class WorkingTreeDirtyError extends SyncError {
  override name = 'WorkingTreeDirtyError';
  constructor(paths: readonly string[]) {
    super(
      'working-tree-dirty',
      `pull would overwrite uncommitted changes to ${paths.map((p) => `\`${p}\``).join(', ')}; ` +
        'commit or discard them first. Nothing was changed',
      { data: { paths } },
    );
  }
}

/** A merge with the space waits for the person's resolution (see `PendingMerge`). */
export class MergeInProgressError extends SyncError {
  override name = 'MergeInProgressError';
  constructor(merge: PendingMerge) {
    super(
      'merge-in-progress',
      `a merge with the space is waiting for you: resolve the conflict markers in ` +
        `${merge.conflicts.map((p) => `\`${p}\``).join(', ')}, \`git add\` them and \`git commit\`, ` +
        'then run docsync again (or `git merge --abort` to drop the merge). Nothing was changed',
      { data: { ...merge } },
    );
  }
}

/** The branch's changes hold conflict markers someone committed by mistake. */
export class ConflictMarkersError extends SyncError {
  override name = 'ConflictMarkersError';
  constructor(paths: readonly string[]) {
    super(
      'conflict-markers',
      `${paths.map((p) => `\`${p}\``).join(', ')} still hold${paths.length === 1 ? 's' : ''} conflict markers ` +
        '(`<<<<<<<`, `=======`, `>>>>>>>`); resolve them and commit, then push again. Nothing was sent',
      { data: { paths } },
    );
  }
}
