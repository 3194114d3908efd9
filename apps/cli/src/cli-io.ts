/** The file system calls commands that work on directories make (bound to `node:fs/promises`). */
export interface CliFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  readdir(
    path: string,
    options: { withFileTypes: true },
  ): Promise<{ name: string; isDirectory(): boolean; isFile(): boolean }[]>;
  stat(path: string): Promise<{ isDirectory(): boolean }>;
}

/** Where a command reads and writes; the bin binds these to the process, tests to buffers. */
export interface CliIo {
  /** Directory trees (`fmt`); real directories in tests too. */
  fs: CliFs;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard output is a terminal: `serve` writes human log lines there (JSON otherwise). */
  stdoutIsTTY?: boolean;
  /** Standard error is a terminal: long commands draw progress there (never with `--json`). */
  stderrIsTTY?: boolean;
  /**
   * Reads a file as UTF-8. `path` is absolute (commands resolve it against `cwd`); rejects with
   * Node's error (`code` `ENOENT`, `EISDIR`, `EACCES`…) when the file cannot be read.
   */
  readFile(path: string): Promise<string>;
  /** Reads all of standard input as UTF-8. */
  readStdin(): Promise<string>;
  /** The working directory commands resolve relative paths against. */
  cwd: string;
  /** The environment (credentials come from here, never from files in the repo). */
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the process is asked to stop (SIGINT, SIGTERM); long-running commands end then. */
  stop?: AbortSignal;
}
