import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

/** The daemon's installed command (`bin/docsync-daemon.js`, which runs the built `dist/bin.js`). */
export const DAEMON_BIN = fileURLToPath(new URL('../../bin/docsync-daemon.js', import.meta.url));

/** One parsed log line of the daemon. */
export interface DaemonLogLine {
  time: string;
  level: string;
  event: string;
  [field: string]: unknown;
}

/** A daemon running as a real child process. */
export interface DaemonProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Every log line so far, parsed. */
  readonly logs: DaemonLogLine[];
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** The first log line (from now on, or already logged when `past`) that `match` accepts. */
  waitForLog(
    match: (line: DaemonLogLine) => boolean,
    options?: { timeoutMs?: number; past?: boolean },
  ): Promise<DaemonLogLine>;
  /** The admin URL from the `started` line. */
  adminUrl(): Promise<string>;
  /** Resolves with the exit code (or the signal) when the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Writes `config` as YAML to `<dir>/daemon.yaml` and returns the path. */
export async function writeDaemonConfig(dir: string, config: unknown): Promise<string> {
  const path = join(dir, 'daemon.yaml');
  await writeFile(path, stringify(config));
  return path;
}

/**
 * Starts `docsync-daemon --config <configPath>` with `node` (this process's) and `env`; `bin` is
 * another build of the daemon's program (the benchmark's baseline).
 */
export function spawnDaemon(
  configPath: string,
  env: Readonly<Record<string, string | undefined>> = {},
  args: readonly string[] = ['--config', configPath],
  bin: string = DAEMON_BIN,
): DaemonProcess {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env['PATH'], ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: DaemonLogLine[] = [];
  const waiters: {
    match: (line: DaemonLogLine) => boolean;
    resolve: (l: DaemonLogLine) => void;
  }[] = [];
  let pending = '';
  let errText = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      if (text.trim() === '') continue;
      const line = JSON.parse(text) as DaemonLogLine;
      logs.push(line);
      for (const waiter of [...waiters])
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errText += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const waitForLog: DaemonProcess['waitForLog'] = (match, options = {}) => {
    if (options.past === true) {
      const found = logs.find(match);
      if (found !== undefined) return Promise.resolve(found);
    }
    const timeoutMs = options.timeoutMs ?? 20_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `no matching daemon log line within ${String(timeoutMs)} ms; stderr: ${errText}; logs:\n${logs.map((l) => JSON.stringify(l)).join('\n')}`,
          ),
        );
      }, timeoutMs);
      waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the daemon exited; stderr: ${errText}`));
      });
    });
  };
  return {
    child,
    pid: child.pid ?? 0,
    logs,
    stderr: () => errText,
    waitForLog,
    adminUrl: async () =>
      String((await waitForLog((line) => line.event === 'started', { past: true })).admin),
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${options.what ?? 'a condition'}${last instanceof Error ? `: ${last.message}` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
