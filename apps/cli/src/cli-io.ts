/** Where a command writes; the bin binds these to the process, tests to buffers. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The working directory commands resolve relative paths against. */
  cwd: string;
  /** The environment (credentials come from here, never from files in the repo). */
  env: Readonly<Record<string, string | undefined>>;
}
