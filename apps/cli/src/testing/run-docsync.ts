import * as fs from 'node:fs/promises';
import type { CliIo } from '../cli-io.js';
import type { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';

/** What an in-process `docsync` run printed and returned. */
export interface DocsyncRun {
  code: ExitCode;
  stdout: string;
  stderr: string;
}

/**
 * Runs `docsync …` in-process in `cwd`, with the real file system, `stdin` as input and `env`;
 * `io` overrides members of the I/O (`stderrIsTTY` to run as on a terminal).
 */
export async function runDocsync(
  args: string[],
  cwd: string,
  stdin = '',
  env: Readonly<Record<string, string | undefined>> = {},
  io: Pick<CliIo, 'stderrIsTTY'> = {},
): Promise<DocsyncRun> {
  const out: string[] = [];
  const err: string[] = [];
  const bound: CliIo = {
    ...io,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: (path) => fs.readFile(path, 'utf8'),
    readStdin: () => Promise.resolve(stdin),
    fs,
    cwd,
    env,
  };
  const code = await runCli(args, bound, '0.0.0-test');
  return { code, stdout: out.join(''), stderr: err.join('') };
}
