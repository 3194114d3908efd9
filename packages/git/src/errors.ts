/** Stable codes of the git adapter's errors; callers branch on these, never on messages. */
export type GitAdapterErrorCode =
  | 'ref-not-found'
  | 'commit-not-found'
  | 'object-not-found'
  | 'branch-moved'
  | 'ref-locked'
  | 'invalid-ref'
  | 'invalid-path'
  | 'blob-mismatch'
  | 'missing-content'
  | 'remote-failed'
  | 'push-rejected';

/** Options shared by every git adapter error. */
export interface GitAdapterErrorOptions {
  cause?: unknown;
  data?: Record<string, unknown>;
}

/** Base of every error the git adapter throws: a stable `code`, the `cause`, optional `data`. */
export class GitAdapterError extends Error {
  readonly code: GitAdapterErrorCode;
  readonly data: Record<string, unknown> | undefined;

  constructor(code: GitAdapterErrorCode, message: string, options: GitAdapterErrorOptions = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.data = options.data;
  }
}

/** A ref (branch, tag, `HEAD`) that does not exist in the repository. */
export class RefNotFoundError extends GitAdapterError {
  constructor(ref: string, options: { cause?: unknown } = {}) {
    super('ref-not-found', `Ref \`${ref}\` was not found in the repository.`, {
      ...options,
      data: { ref },
    });
  }
}

/** A commit id that is missing from the repository or names another kind of object. */
export class CommitNotFoundError extends GitAdapterError {
  constructor(oid: string, options: { cause?: unknown; actualType?: string } = {}) {
    const why = options.actualType === undefined ? 'was not found' : `is a ${options.actualType}`;
    super('commit-not-found', `Commit \`${oid}\` ${why}; expected a commit object.`, {
      cause: options.cause,
      data: {
        oid,
        ...(options.actualType === undefined ? {} : { actualType: options.actualType }),
      },
    });
  }
}

/** A blob (or other object) that the repository does not have and nothing could supply. */
export class ObjectNotFoundError extends GitAdapterError {
  constructor(oid: string, options: { cause?: unknown; path?: string } = {}) {
    const where = options.path === undefined ? '' : ` (for \`${options.path}\`)`;
    super('object-not-found', `Object \`${oid}\`${where} was not found in the repository.`, {
      cause: options.cause,
      data: { oid, ...(options.path === undefined ? {} : { path: options.path }) },
    });
  }
}

/** A compare-and-swap branch move found the branch somewhere other than expected. */
export class BranchMovedError extends GitAdapterError {
  constructor(ref: string, expected: string | null, actual: string | null) {
    super(
      'branch-moved',
      `Branch \`${ref}\` points at \`${actual ?? 'nothing'}\`; expected \`${expected ?? 'nothing'}\`, so it was not moved.`,
      { data: { ref, expected, actual } },
    );
  }
}

/** Another process holds the ref's `.lock` file (as git itself does while updating it). */
export class RefLockedError extends GitAdapterError {
  constructor(ref: string, lockPath: string, options: { cause?: unknown } = {}) {
    super('ref-locked', `Ref \`${ref}\` is locked by \`${lockPath}\`; another update is running.`, {
      ...options,
      data: { ref, lockPath },
    });
  }
}

/** A ref name git would refuse (`git check-ref-format`). */
export class InvalidRefNameError extends GitAdapterError {
  constructor(ref: string, reason: string) {
    super('invalid-ref', `Ref name \`${ref}\` is not valid: ${reason}.`, { data: { ref, reason } });
  }
}

/** A file path that cannot be stored in a git tree (empty segment, `..`, `.git`, a file/folder clash). */
export class InvalidTreePathError extends GitAdapterError {
  constructor(path: string, reason: string) {
    super('invalid-path', `Path \`${path}\` cannot be written to a git tree: ${reason}.`, {
      data: { path, reason },
    });
  }
}

/** Bytes supplied for a blob id hash to another id. */
export class BlobMismatchError extends GitAdapterError {
  constructor(path: string, expected: string, actual: string) {
    super(
      'blob-mismatch',
      `Bytes supplied for \`${path}\` hash to \`${actual}\`; expected blob \`${expected}\`.`,
      { data: { path, expected, actual } },
    );
  }
}

/** A file to write with neither content (`text`, `bytes`) nor a blob id. */
export class MissingContentError extends GitAdapterError {
  constructor(path: string) {
    super('missing-content', `File \`${path}\` has no \`text\`, \`bytes\` or \`oid\`.`, {
      data: { path },
    });
  }
}

/** A remote could not be reached or answered with an error (HTTP status, protocol failure). */
export class RemoteError extends GitAdapterError {
  constructor(url: string, reason: string, options: { cause?: unknown } = {}) {
    super('remote-failed', `The remote \`${url}\` failed: ${reason}.`, {
      ...options,
      data: { url, reason },
    });
  }
}

/** A remote refused a ref update (not a fast-forward, or the ref changed meanwhile). */
export class PushRejectedError extends GitAdapterError {
  constructor(ref: string, reason: string, options: { cause?: unknown } = {}) {
    super('push-rejected', `The remote refused to update \`${ref}\`: ${reason}.`, {
      ...options,
      data: { ref, reason },
    });
  }
}
