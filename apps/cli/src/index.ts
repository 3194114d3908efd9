export { runCli } from './run-cli.js';
export { createProgram, type ProgramOptions } from './program.js';
export { CliError, UsageError } from './cli-error.js';
export { ExitCode } from './exit-codes.js';
export type { CliIo } from './cli-io.js';
