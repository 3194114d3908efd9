import { CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import { createProgram } from './program.js';

/** Commander codes that mean "printed what was asked for" rather than an error. */
const informational = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

/**
 * Runs the docsync command line (`argv` without the node and script paths) and returns the exit
 * code; never exits the process itself.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  version: string,
): Promise<ExitCode> {
  const program = createProgram({ version, io });
  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return ExitCode.usage;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (and the help hint) to stderr.
      return informational.has(error.code) ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof CliError) {
      io.stderr(`docsync: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`docsync: unexpected error: ${message}\n`);
    return ExitCode.failure;
  }
}
