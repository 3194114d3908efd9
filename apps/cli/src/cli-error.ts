import { ExitCode } from './exit-codes.js';

/** A failure a command reports to the user: its message is printed, its exit code returned. */
export class CliError extends Error {
  override name = 'CliError';
  /** Stable identifier of the failure, for scripts and tests. */
  readonly code: string;
  readonly exitCode: ExitCode;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: ExitCode; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? ExitCode.failure;
  }
}

/** The command line was wrong: exit code 2. */
export class UsageError extends CliError {
  override name = 'UsageError';

  constructor(message: string) {
    super('usage', message, { exitCode: ExitCode.usage });
  }
}
