/**
 * `docsync serve` as a process of its own, as it is deployed: the two-instance e2e test and the
 * load benchmark start instances with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@docsync/server';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import pg from 'pg';

const docsync = fileURLToPath(new URL('../../node_modules/.bin/docsync', import.meta.url));

/** A `docsync serve` process and how to reach it. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** The admin token, printed by the instance that initialised the database. */
  token: string | undefined;
  /** The organization created with that admin, on the same first run. */
  organizationId: string | undefined;
  dataDir: string;
}

/**
 * Starts `docsync serve` on a free loopback port with `dataDir`, on PostgreSQL at `databaseUrl`
 * or, without one, on SQLite in the data directory, with `extraEnv` added to this process's
 * environment (the blob store's settings, say). Request logs (standard output) are dropped.
 */
export async function startServe(
  databaseUrl: string | undefined,
  dataDir: string,
  extraEnv: Readonly<Record<string, string>> = {},
): Promise<ServeProcess> {
  const env = { ...process.env, ...extraEnv };
  if (databaseUrl === undefined) delete env['DATABASE_URL'];
  else env['DATABASE_URL'] = databaseUrl;
  const child = spawn(process.execPath, [docsync, 'serve', '--port', '0', '--data', dataDir], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const served = /serving on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (served !== undefined)
        resolve({
          child,
          url: served,
          token: /token \(shown only this once\): (\S+)/.exec(stderr)?.[1],
          organizationId: /created organization (\S+)/.exec(stderr)?.[1],
          dataDir,
        });
    });
    child.on('exit', (code) => {
      reject(new Error(`docsync serve exited with ${String(code)}: ${stderr}`));
    });
  });
}

/** `databaseUrl` with every unqualified name resolved in `schema`. */
export function inSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.href;
}

/** Where `docsync serve` processes of one test keep their data, and how to drop it after. */
export interface ServeDatabase {
  /** `DATABASE_URL` of the processes: a schema of their own; undefined for SQLite. */
  readonly url: string | undefined;
  /** Drops the schema (nothing on SQLite). */
  drop(): Promise<void>;
}

/**
 * A database for the `docsync serve` processes of one test: on PostgreSQL a schema of its own in
 * `databaseUrl`, created and migrated here so every process finds it ready; on SQLite nothing
 * (each process uses its data directory).
 */
export async function serveDatabase(
  dialect: 'sqlite' | 'postgres',
  databaseUrl: string | undefined,
): Promise<ServeDatabase> {
  if (dialect === 'sqlite' || databaseUrl === undefined)
    return { url: undefined, drop: () => Promise.resolve() };
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ url: databaseUrl, schema });
  await database.close();
  return {
    url: inSchema(databaseUrl, schema),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

/**
 * `docsync serve` as a test kills and restarts it: one data directory and database (see
 * {@link serveDatabase}), background jobs allowed to reach loopback and claimed again 1 s after
 * their process died. {@link close} kills whatever still runs and removes the data.
 */
export class RestartableServe {
  readonly #database: ServeDatabase;
  readonly #dir: TempDir;
  readonly #running: ServeProcess[] = [];

  private constructor(database: ServeDatabase, dir: TempDir) {
    this.#database = database;
    this.#dir = dir;
  }

  static async open(
    dialect: 'sqlite' | 'postgres',
    databaseUrl: string | undefined,
  ): Promise<RestartableServe> {
    return new RestartableServe(
      await serveDatabase(dialect, databaseUrl),
      await makeTempDir('serve-restart'),
    );
  }

  /** Starts a process on the data. */
  async start(): Promise<ServeProcess> {
    const started = await startServe(this.#database.url, this.#dir.join('data'), {
      DOCSYNC_FETCH_ALLOW: '127.0.0.1/32',
      DOCSYNC_JOB_LEASE_SECONDS: '1',
    });
    this.#running.push(started);
    return started;
  }

  /** Kills a process with SIGKILL (nothing of it runs on) and waits for it to be gone. */
  async kill(process: ServeProcess): Promise<void> {
    if (process.child.exitCode !== null || process.child.signalCode !== null) return;
    const exited = once(process.child, 'exit');
    process.child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    for (const process of this.#running) await this.kill(process);
    await this.#database.drop();
    await this.#dir.remove();
  }
}
