import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { BLOB_STORE_HELP, openServeBlobStore, type ServeBlobStore } from './serve-blob-store.js';

/** Where `serve` and `server init` keep data when `--data` is not given (relative to the cwd). */
export const DEFAULT_DATA_DIR = '.docsync';

/** The port `serve` listens on when `--port` is not given. */
export const DEFAULT_PORT = 8080;

/** The interface `serve` binds when `--host` is not given: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

interface DataOptions {
  data?: string;
}

/** Opens the service's database: PostgreSQL when `DATABASE_URL` is set, else SQLite in the data dir. */
async function openStore(io: CliIo, options: DataOptions) {
  const { openDatabase } = await import('@docsync/server');
  const dataDir = resolve(io.cwd, options.data ?? DEFAULT_DATA_DIR);
  const url = io.env['DATABASE_URL'];
  const database = await openDatabase(url === undefined || url === '' ? { dataDir } : { url });
  return { database, dataDir };
}

/** `docsync server init`: first organization, admin user and token, printed once. */
async function serverInit(io: CliIo, options: DataOptions & { json?: true }): Promise<void> {
  const { initServer, isInitialized } = await import('@docsync/server');
  const { database, dataDir } = await openStore(io, options);
  try {
    if (await isInitialized(database.db)) {
      throw new CliError(
        'already-initialized',
        `the server in \`${dataDir}\` is already initialised; its admin token was printed then`,
      );
    }
    const result = await initServer(database.db);
    if (options.json === true) {
      io.stdout(`${JSON.stringify(result)}\n`);
      return;
    }
    io.stdout(
      [
        `Initialised the docsync server (${database.dialect === 'postgres' ? 'PostgreSQL' : dataDir}).`,
        `  organization  ${result.organizationId}`,
        `  admin user    ${result.userId}`,
        `  API token     ${result.token}`,
        'Keep the token: it is shown only this once.',
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

interface ServeOptions extends DataOptions {
  port?: string;
  host?: string;
  publicUrl?: string;
}

/** Host names a server always answers for: this machine's. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

/** `--public-url` as a base for links: http(s), no query or fragment, no trailing slash. */
function parsePublicUrl(text: string | undefined): URL | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--public-url \`${text}\` is not a URL`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search !== '' ||
    url.hash !== ''
  )
    throw new UsageError(
      `--public-url \`${text}\` must be an http(s) URL without query or fragment`,
    );
  return url;
}

/**
 * The hosts `serve` answers for: the public URL's, the interface it binds (unless all of them)
 * and loopback. Undefined (any) only when it binds every interface without a public URL.
 */
function allowedHosts(host: string, publicUrl: URL | undefined): string[] | undefined {
  const wildcard = host === '0.0.0.0' || host === '::';
  if (publicUrl === undefined && wildcard) return undefined;
  return [
    ...LOOPBACK_HOSTS,
    ...(wildcard ? [] : [host]),
    ...(publicUrl ? [publicUrl.hostname] : []),
  ];
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port \`${text}\` is not a port number (0-65535)`);
  }
  return port;
}

/** `docsync serve`: runs the service until the process is told to stop. */
async function serve(io: CliIo, options: ServeOptions): Promise<void> {
  const port = parsePort(options.port);
  const publicUrl = parsePublicUrl(options.publicUrl);
  const host = options.host ?? DEFAULT_HOST;
  const hosts = allowedHosts(host, publicUrl);
  const { createLogger, createServer, initServer, isInitialized } = await import('@docsync/server');
  const { database, dataDir } = await openStore(io, options);
  let store: ServeBlobStore | undefined;
  try {
    store = await openServeBlobStore(io, database, dataDir);
    if (!(await isInitialized(database.db))) {
      const result = await initServer(database.db);
      io.stderr(
        `docsync: first run: created organization ${result.organizationId} and its admin.\n` +
          `docsync: admin API token (shown only this once): ${result.token}\n`,
      );
    }
    if (hosts === undefined)
      io.stderr(
        `docsync: serving every interface without --public-url: links in responses follow each ` +
          `request's Host header; pass --public-url <url> to fix them and refuse other hosts\n`,
      );
    const app = createServer({
      db: database.db,
      changes: database.changes,
      blobs: store.blobs,
      ...(publicUrl === undefined ? {} : { publicUrl: publicUrl.href.replace(/\/$/, '') }),
      ...(hosts === undefined ? {} : { allowedHosts: hosts }),
      // Request logs are the command's output: JSON lines on standard output.
      logger: createLogger({
        destination: {
          write: (line) => {
            io.stdout(line);
          },
        },
      }),
    });
    await app.listen({ host, port });
    const address = app.server.address();
    const bound = typeof address === 'object' && address !== null ? address.port : port;
    io.stderr(
      `docsync: serving on http://${host.includes(':') ? `[${host}]` : host}:${bound} ` +
        `(${database.dialect === 'postgres' ? 'PostgreSQL' : `data in ${dataDir}`}` +
        `${store.where === undefined ? '' : `, blobs in ${store.where}`})\n`,
    );
    await new Promise<void>((resolveStopped) => {
      if (io.stop === undefined) return;
      if (io.stop.aborted) resolveStopped();
      io.stop.addEventListener(
        'abort',
        () => {
          resolveStopped();
        },
        { once: true },
      );
    });
    await app.close();
  } finally {
    store?.close();
    await database.close();
  }
}

/** Registers `docsync server init` and `docsync serve`. */
export function registerServer(program: Command, io: CliIo): void {
  const dataHelp = `data directory: SQLite database and file blobs (default: ./${DEFAULT_DATA_DIR}); with DATABASE_URL set, PostgreSQL holds the data and the blobs (the directory only blobs of earlier versions, moved into PostgreSQL as they are read); DOCSYNC_BLOB_STORE=s3 keeps blobs in a bucket (below)`;
  const server = program.command('server').summary('set up the docsync service');
  server
    .command('init')
    .summary('create the first organization, admin user and API token')
    .description(
      'Create the first organization, its admin user and an API token for that user.\n' +
        'The token is printed once and stored only as a hash. Uses PostgreSQL when\n' +
        'DATABASE_URL is set, otherwise SQLite in the data directory.',
    )
    .option('--data <dir>', dataHelp)
    .option('--json', 'print {"organizationId","userId","token"} as JSON')
    .action((options: DataOptions & { json?: true }) => serverInit(io, options));

  program
    .command('serve')
    .summary('run the docsync service')
    .description(
      'Run the documentation service (the API under /v1) until interrupted.\n' +
        'The first run initialises it and prints the admin API token once.\n' +
        'Uses PostgreSQL when DATABASE_URL is set, otherwise SQLite in the data directory.',
    )
    .option('--port <n>', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`)
    .option('--host <host>', `interface to listen on (default ${DEFAULT_HOST}; 0.0.0.0 for all)`)
    .option(
      '--public-url <url>',
      'the URL clients reach the service at (behind a proxy: https://docs.example.com): links in responses use it, and requests for other hosts than it and loopback get 421',
    )
    .option('--data <dir>', dataHelp)
    .addHelpText('after', BLOB_STORE_HELP)
    .action((options: ServeOptions) => serve(io, options));
}
