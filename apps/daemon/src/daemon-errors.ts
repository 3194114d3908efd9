/** Stable codes of the daemon's own failures. */
export type DaemonErrorCode =
  'config-invalid' | 'config-unreadable' | 'admin-listen' | 'not-a-repository';

/** The base of the daemon's failures: a stable `code` and a `cause`. */
export class DaemonError extends Error {
  override name = 'DaemonError';
  /** Stable identifier of the failure; branch on it, never on the message. */
  readonly code: DaemonErrorCode;

  constructor(code: DaemonErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
  }
}

/** One problem in the config file, where it is (1-based line and column). */
export interface ConfigProblem {
  message: string;
  line: number;
  column: number;
}

/** The config file is not valid: every problem, each as `file:line:column: message`. */
export class DaemonConfigError extends DaemonError {
  override name = 'DaemonConfigError';
  readonly file: string;
  readonly problems: readonly ConfigProblem[];

  constructor(file: string, problems: readonly ConfigProblem[]) {
    super(
      'config-invalid',
      problems.map((p) => `${file}:${String(p.line)}:${String(p.column)}: ${p.message}`).join('\n'),
    );
    this.file = file;
    this.problems = problems;
  }
}
