import { pino } from 'pino';

/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the daemon logs through: one event name and its facts per line. */
export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
}

/** An error as a log line shows it: never more than its name, message and code. */
function plainError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as { code?: unknown }).code;
  return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
}

/**
 * A logger writing JSON lines (`{"level","time","event",…fields}`, ISO time, level by name) to
 * `write`, the form log collectors parse without configuration; pino (as the server uses) does
 * the writing. Errors become `{name, message, code}`; never a token.
 */
export function createJsonLogger(
  write: (line: string) => void,
  now: () => Date = () => new Date(),
): Logger {
  const logger = pino(
    {
      level: 'debug',
      base: null,
      messageKey: 'event',
      timestamp: () => `,"time":"${now().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: plainError },
    },
    { write },
  );
  return {
    log(level, event, fields = {}) {
      logger[level](fields, event);
    },
  };
}
