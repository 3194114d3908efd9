import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

/** Exit codes (as in `run-daemon.ts`, which is loaded only after the signal handlers are in place). */
const EXIT_USAGE = 2;

const usage = `Usage: docsync-daemon --config <daemon.yaml>

Watches the repositories the config lists, sends their commits to the docs service (change
requests, or the main content) and brings the service's changes back as commits.
Signals: SIGTERM/SIGINT finish the syncs in flight and exit; SIGHUP syncs every repository now.
Exit codes: 0 stopped cleanly, 1 could not start, 2 bad command line or config.
`;

let options;
try {
  options = parseArgs({
    options: {
      config: { type: 'string', short: 'c' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  }).values;
} catch (error) {
  process.stderr.write(`docsync-daemon: ${(error as Error).message}\n${usage}`);
  process.exit(EXIT_USAGE);
}
if (options.help === true) {
  process.stdout.write(usage);
} else if (options.version === true) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  process.stdout.write(`${pkg.version}\n`);
} else if (options.config === undefined) {
  process.stderr.write(`docsync-daemon: --config is required\n${usage}`);
  process.exitCode = EXIT_USAGE;
} else {
  const stop = new AbortController();
  // Handlers first: a SIGTERM while the sync engine is still loading stops cleanly too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      // The first signal drains; a second one means "now".
      if (stop.signal.aborted) process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
      stop.abort();
    });
  const hangups: (() => void)[] = [];
  process.on('SIGHUP', () => {
    for (const listener of hangups) listener();
  });
  const { runDaemon } = await import('./run-daemon.js');
  process.exitCode = await runDaemon(options.config, {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readFile: (path) => readFile(path, 'utf8'),
    stop: stop.signal,
    onHangup: (listener) => {
      hangups.push(listener);
    },
  });
}
