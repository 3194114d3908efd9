import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createDaemon, type Clock } from './create-daemon.js';
import { parseDaemonConfig, type DaemonConfig } from './daemon-config.js';
import { DaemonError } from './daemon-errors.js';
import { createJsonLogger } from './json-logger.js';
import { boundYoungGeneration } from './young-generation.js';

/** Exit codes of the daemon; scripts and service managers may rely on them. */
export const DaemonExitCode = {
  /** Stopped by SIGTERM or SIGINT after finishing the cycles in flight. */
  ok: 0,
  /** Could not start: the admin port is taken, the state directory is not writable. */
  failure: 1,
  /** The command line or the config file is wrong; nothing was started. */
  usage: 2,
} as const;

/** One of {@link DaemonExitCode}'s values. */
export type DaemonExitCode = (typeof DaemonExitCode)[keyof typeof DaemonExitCode];

/** Where the daemon runs: the process in `bin`, the CLI's `docsync watch`. */
export interface DaemonIo {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Log lines (JSON). */
  stdout(text: string): void;
  /** Start-up failures, for a person. */
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  /** Aborted when the daemon is to stop (SIGTERM, SIGINT). */
  stop: AbortSignal;
  /** Registers what SIGHUP does (a forced cycle of every repository). */
  onHangup?(listener: () => void): void;
  clock?: Clock;
}

const processClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle);
  },
};

/** Reads and validates the config file; throws {@link DaemonError} saying what is wrong. */
export async function readDaemonConfig(io: DaemonIo, file: string): Promise<DaemonConfig> {
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new DaemonError('config-unreadable', `cannot read the config file \`${file}\``, {
      cause: error,
    });
  }
  return parseDaemonConfig(text, { file, baseDir: dirname(path) });
}

/**
 * Runs the daemon with the config file `file` until `io.stop` is aborted, and returns the exit
 * code: {@link DaemonExitCode}. Never exits the process itself.
 */
export async function runDaemon(file: string, io: DaemonIo): Promise<DaemonExitCode> {
  let config: DaemonConfig;
  try {
    config = await readDaemonConfig(io, file);
  } catch (error) {
    if (!(error instanceof DaemonError)) throw error;
    io.stderr(`docsync-daemon: ${error.message}\n`);
    return DaemonExitCode.usage;
  }
  const logger = createJsonLogger((line) => {
    io.stdout(line);
  });
  // The process is the daemon's from now on: a young generation that grows with each busy round
  // and is never given back would be most of its resident memory.
  boundYoungGeneration();
  try {
    await mkdir(config.stateDir, { recursive: true });
    const daemon = await createDaemon({
      config,
      logger,
      clock: io.clock ?? processClock,
      env: io.env,
      readFile: (path) => io.readFile(path),
    });
    io.onHangup?.(() => {
      logger.log('info', 'hangup', {});
      daemon.trigger();
    });
    await new Promise<void>((resolveStop) => {
      if (io.stop.aborted) resolveStop();
      io.stop.addEventListener(
        'abort',
        () => {
          resolveStop();
        },
        { once: true },
      );
    });
    await daemon.stop();
    return DaemonExitCode.ok;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`docsync-daemon: ${message}\n`);
    logger.log('error', 'start-failed', { error });
    return DaemonExitCode.failure;
  }
}
