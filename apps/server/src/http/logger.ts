import { pino, type Logger, type LevelWithSilent } from 'pino';

/** Paths the logger blanks out wherever they appear, so no token reaches a log. */
const redacted = [
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.authorization',
  'authorization',
  'token',
];

/** Query parameters that carry a secret (a site's share link); their values are never logged. */
const SECRET_QUERY = /([?&](?:shareKey|token|visitorToken|jwt_token)=)[^&#]*/gi;

/** A URL with the values of secret query parameters blanked out. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** A log line's object with the request's URL redacted (Fastify logs it on every request). */
function redactRequestUrl(object: Record<string, unknown>): Record<string, unknown> {
  const req = object['req'];
  if (typeof req !== 'object' || req === null) return object;
  const url = (req as { url?: unknown }).url;
  return typeof url === 'string' ? { ...object, req: { ...req, url: redactUrl(url) } } : object;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Default `info`. */
  level?: LevelWithSilent;
  /** Where JSON lines go; default standard output. */
  destination?: { write(line: string): void };
}

/**
 * Creates the server's structured (JSON) logger; `Authorization`, tokens and secret query
 * parameters (`shareKey`) in request URLs are redacted.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    redact: { paths: redacted, censor: '[redacted]' },
    formatters: { log: redactRequestUrl },
  };
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
}
