import { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { registerConvert } from './commands/convert.js';
import { registerExport } from './commands/export.js';
import { registerFmt } from './commands/fmt.js';
import { registerImport } from './commands/import.js';
import { registerLogin } from './commands/login.js';
import { registerOpenApi } from './commands/openapi.js';
import { registerServer } from './commands/server.js';
import { registerSync } from './commands/sync.js';
import { registerWatch } from './commands/watch.js';

/** Options for {@link createProgram}. */
export interface ProgramOptions {
  version: string;
  io: CliIo;
}

/** Builds the `docsync` command tree. Commands register themselves here as they arrive. */
export function createProgram({ version, io }: ProgramOptions): Command {
  const program = new Command('docsync')
    .description(
      'Keep documentation in git and documentation in a docs service in step.\n' +
        'Exit codes: 0 ok, 1 failure, 2 usage error, 3 sync conflicts.',
    )
    .version(version, '-v, --version', 'print the docsync version')
    .helpOption('-h, --help', 'show help for a command')
    .showHelpAfterError('(run `docsync --help` for usage)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => {
        io.stdout(text);
      },
      writeErr: (text) => {
        io.stderr(text);
      },
    });
  registerConvert(program, io);
  registerFmt(program, io);
  registerServer(program, io);
  registerSync(program, io);
  registerLogin(program, io);
  registerExport(program, io);
  registerImport(program, io);
  registerOpenApi(program, io);
  registerWatch(program, io);
  return program;
}
