import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** What the daemon records about one repository. */
export interface RepositoryState {
  /** The branch's commit when it last synced. */
  head?: string;
  /** The space's revision when it last synced. */
  revision?: string;
  /** The branch's change request after the last push (change-request mode). */
  changeRequest?: { number: number; url: string };
  /** ISO time of the last cycle that ended without an error. */
  lastSuccess?: string;
  /** The last cycle's error, cleared by a success. */
  lastError?: { code: string; message: string; at: string };
}

/** `state.json`: one entry per repository name. */
export interface DaemonState {
  version: 1;
  repositories: Record<string, RepositoryState>;
}

/** The state file's name inside the state directory. */
export const STATE_FILE = 'state.json';

/** Reads `<dir>/state.json`; an absent or unreadable file is an empty state (it is a record, not a source of truth). */
export async function readDaemonState(dir: string): Promise<DaemonState> {
  try {
    const value = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as Partial<
      Record<keyof DaemonState, unknown>
    >;
    if (
      value.version === 1 &&
      typeof value.repositories === 'object' &&
      value.repositories !== null
    )
      return value as DaemonState;
  } catch {
    // Missing or torn by hand: start empty; the service holds what matters.
  }
  return { version: 1, repositories: {} };
}

/**
 * Writes `<dir>/state.json` atomically: a temp file beside it, flushed to disk, renamed over the
 * old one, so a crash leaves the old or the new file, never half of one. Writes are serialised
 * and coalesced: a write asked for while one runs writes the newest state once after it.
 */
export class StateStore {
  readonly #dir: string;
  #state: DaemonState;
  #writing: Promise<void> | undefined;
  #again = false;
  readonly #onError: (error: unknown) => void;

  /** `onError` hears of writes that failed (the next update writes again). */
  constructor(dir: string, state: DaemonState, onError: (error: unknown) => void) {
    this.#dir = dir;
    this.#state = state;
    this.#onError = onError;
  }

  /** The current state (not a copy). */
  get state(): DaemonState {
    return this.#state;
  }

  /** Merges `update` into a repository's entry and schedules a write. */
  update(name: string, update: Partial<RepositoryState>, clear: (keyof RepositoryState)[] = []) {
    const entry: RepositoryState = { ...this.#state.repositories[name], ...update };
    this.#state.repositories[name] = Object.fromEntries(
      Object.entries(entry).filter(([key]) => !clear.includes(key as keyof RepositoryState)),
    );
    this.flush().catch(this.#onError);
  }

  /** Resolves when every write asked for so far is on disk. */
  async flush(): Promise<void> {
    if (this.#writing !== undefined) {
      this.#again = true;
      return this.#writing;
    }
    this.#writing = (async () => {
      try {
        let again = true;
        while (again) {
          this.#again = false;
          await this.#write();
          // Set again by a flush that arrived while this write ran.
          again = this.#takeAgain();
        }
      } finally {
        this.#writing = undefined;
      }
    })();
    return this.#writing;
  }

  #takeAgain(): boolean {
    const again = this.#again;
    this.#again = false;
    return again;
  }

  async #write(): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    const target = join(this.#dir, STATE_FILE);
    const temp = `${target}.${String(process.pid)}.tmp`;
    const file = await open(temp, 'w');
    try {
      await file.writeFile(`${JSON.stringify(this.#state, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, target);
  }
}
