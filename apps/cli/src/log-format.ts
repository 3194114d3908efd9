import { prettyFactory } from 'pino-pretty';
import { UsageError } from './cli-error.js';

/** How `docsync serve` writes its logs: human lines, or pino's JSON lines. */
export type LogFormat = 'pretty' | 'json';

const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/**
 * `--log-format`, or when it is not given: human lines for a person at a terminal, JSON lines
 * for whatever reads a pipe or a file (a log collector, systemd's journal, a test).
 */
export function chooseLogFormat(option: string | undefined, stdoutIsTTY: boolean): LogFormat {
  if (option === undefined) return stdoutIsTTY ? 'pretty' : 'json';
  if (!(LOG_FORMATS as readonly string[]).includes(option))
    throw new UsageError(`--log-format \`${option}\` is not one of ${LOG_FORMATS.join(', ')}`);
  return option as LogFormat;
}

interface RequestLine {
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/**
 * Turns the server's JSON log lines into one human line each (pino-pretty): a request becomes
 * `[12:03:04.567] INFO: GET /v1/orgs 200 3.1 ms`, any other line its level, message and fields.
 */
export function prettyLogLines(options: { colorize: boolean }): (line: string) => string {
  return prettyFactory({
    colorize: options.colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      if (req === undefined || res === undefined || typeof responseTime !== 'number')
        return typeof log[messageKey] === 'string' ? log[messageKey] : '';
      return `${String(req.method)} ${String(req.url)} ${String(res.statusCode)} ${responseTime.toFixed(1)} ms`;
    },
  });
}
