/**
 * `docsync serve` as a process of its own, as it is deployed: the two-instance e2e test and the
 * load benchmark start instances with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
