/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the daemon logs through: one event name and its facts per line. */
export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
}

function plain(value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
  }
  return value;
}

/**
 * A logger writing JSON lines (`{"time","level","event",…fields}`) to `write`, the form log
 * collectors parse without configuration. Errors become `{name, message, code}`; never a token.
 */
export function createJsonLogger(
  write: (line: string) => void,
  now: () => Date = () => new Date(),
): Logger {
  return {
    log(level, event, fields = {}) {
      const entries = Object.entries(fields).map(([key, value]) => [key, plain(value)]);
      write(
        `${JSON.stringify({ time: now().toISOString(), level, event, ...Object.fromEntries(entries) })}\n`,
      );
    },
  };
}
