/** Exit codes of every docsync command; scripts may rely on them. */
export const ExitCode = {
  /** The command did what was asked. */
  ok: 0,
  /** The command ran and failed (bad input file, server error, conflict, check failed). */
  failure: 1,
  /** The command line itself was wrong (unknown command or option, missing argument). */
  usage: 2,
  /** Sync found changes on both sides that cannot merge; nothing was changed. */
  conflicts: 3,
} as const;

/** One of {@link ExitCode}'s values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
