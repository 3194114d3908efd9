import { pino, type Logger, type LevelWithSilent } from 'pino';

/** Paths the logger blanks out wherever they appear, so no token reaches a log. */
const redacted = [
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.authorization',
  'authorization',
  'token',
];

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Default `info`. */
  level?: LevelWithSilent;
  /** Where JSON lines go; default standard output. */
  destination?: { write(line: string): void };
}

/** Creates the server's structured (JSON) logger; `Authorization` and tokens are redacted. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    redact: { paths: redacted, censor: '[redacted]' },
  };
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
}
