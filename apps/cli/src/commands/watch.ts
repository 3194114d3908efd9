import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { ExitCode } from '../exit-codes.js';

/** `docsync watch --config <file>`: the daemon (`@docsync/daemon`) in the foreground. */
async function runWatch(io: CliIo, options: { config: string }): Promise<void> {
  const { runDaemon, DaemonExitCode } = await import('@docsync/daemon');
  const stop = io.stop ?? new AbortController().signal;
  const code = await runDaemon(options.config, {
    cwd: io.cwd,
    env: io.env,
    stdout: (text) => {
      io.stdout(text);
    },
    stderr: (text) => {
      io.stderr(text);
    },
    readFile: (path) => io.readFile(path),
    stop,
    // SIGHUP asks for a sync of every repository now, as it does for `docsync-daemon`.
    onHangup: (listener) => process.on('SIGHUP', listener),
  });
  // runDaemon has printed what went wrong; only the exit code is left to pass on.
  if (code === DaemonExitCode.usage)
    throw new CliError('daemon-config', 'the daemon did not start', { exitCode: ExitCode.usage });
  if (code !== DaemonExitCode.ok)
    throw new CliError('daemon-failed', 'the daemon did not start', { exitCode: ExitCode.failure });
}

/** Registers `docsync watch`. */
export function registerWatch(program: Command, io: CliIo): void {
  program
    .command('watch')
    .summary('watch repositories and keep them in step with the service (the daemon)')
    .description(
      'Run the docsync daemon in the foreground: watch every repository the config file lists,\n' +
        'send commits to change requests (or the main content) and pull merged changes back.\n' +
        'Logs are JSON lines on stdout. SIGTERM/SIGINT finish the syncs in flight and exit;\n' +
        'SIGHUP syncs every repository now. See apps/daemon/README.md for the config file.',
    )
    .requiredOption('--config <file>', 'the daemon config file (YAML)')
    .action((options: { config: string }) => runWatch(io, options));
}
