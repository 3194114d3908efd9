/** Stable codes of the action's own failures (the service's and git's keep theirs). */
export type ActionErrorCode =
  | 'input-missing'
  | 'input-invalid'
  | 'path-outside-workspace'
  | 'not-a-repository'
  | 'branch-unknown'
  | 'remote-unsupported'
  | 'working-tree-dirty'
  | 'github-api';

/** A failure of the action that the step reports as is: a stable `code`, optional `data`. */
export class ActionError extends Error {
  override name = 'ActionError';
  /** Stable identifier of the failure; branch on it, never on the message. */
  readonly code: ActionErrorCode;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ActionErrorCode,
    message: string,
    options: { cause?: unknown; data?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.data = options.data;
  }
}
