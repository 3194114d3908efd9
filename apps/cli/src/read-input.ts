import { resolve } from 'node:path';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';

/** The file argument that means standard input. */
export const stdinArgument = '-';

/** How a file argument is named in messages: as the user wrote it, `<stdin>` for `-`. */
export function displayName(file: string): string {
  return file === stdinArgument ? '<stdin>' : file;
}

const reasons: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a parent of it is not a directory',
};

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && reasons[code] !== undefined) return reasons[code];
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads a command's input: `-` is standard input, any other path is resolved against `io.cwd`.
 * A file that cannot be read is a {@link CliError} (`unreadable-file`) naming it and saying why.
 */
export async function readInput(io: CliIo, file: string): Promise<string> {
  try {
    return file === stdinArgument ? await io.readStdin() : await io.readFile(resolve(io.cwd, file));
  } catch (error) {
    throw new CliError(
      'unreadable-file',
      `cannot read \`${displayName(file)}\`: ${reasonOf(error)}`,
      {
        cause: error,
      },
    );
  }
}
