import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../cli-io.js';
import { chooseLogFormat, prettyLogLines, type LogFormat } from '../log-format.js';
import { BACKGROUND_HELP, readBackgroundSettings } from './serve-background.js';
import { BLOB_STORE_HELP, openServeBlobStore, type ServeBlobStore } from './serve-blob-store.js';
import { readTranslator, TRANSLATOR_HELP } from './serve-translator.js';

/** Where `serve` and `server init` keep data when `--data` is not given (relative to the cwd). */
export const DEFAULT_DATA_DIR = '.docsync';

/** The port `serve` listens on when `--port` is not given. */
export const DEFAULT_PORT = 8080;

/** The interface `serve` binds when `--host` is not given: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

interface DataOptions {
  data?: string;
}

/**
 * Fails unless the data directory can be written (made if missing, 0700): checked before the
 * database is opened, so a server that cannot keep its blobs creates nothing.
 */
async function requireWritableDataDir(io: CliIo, options: DataOptions): Promise<void> {
  const url = io.env['DATABASE_URL'];
  if (url === undefined || url === '') await requireEmbeddedDatabase();
  const dataDir = resolve(io.cwd, options.data ?? DEFAULT_DATA_DIR);
  const probe = join(dataDir, `.write-check-${String(process.pid)}`);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    throw new CliError(
      'data-dir-unwritable',
      `cannot write to the data directory \`${dataDir}\` (${(error as Error).message}); nothing was created`,
      { cause: error },
    );
  }
}

/**
 * The ports the Fetch standard blocks ("bad ports"): browsers, Node's `fetch` and so docsync's own
 * clients refuse to connect to them, whatever listens there.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/** Fails when `port` on `host` cannot be bound (in use, not allowed): before anything is created. */
async function requireFreePort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolveFree, reject) => {
    const probe = createNetServer();
    probe.once('error', (error) => {
      reject(
        new CliError(
          'port-unavailable',
          `cannot listen on ${host}:${String(port)} (${(error as NodeJS.ErrnoException).code ?? error.message}); nothing was created`,
          { cause: error },
        ),
      );
    });
    probe.listen({ host, port }, () => {
      probe.close(() => {
        resolveFree();
      });
    });
  });
}

/** Opens the service's database: PostgreSQL when `DATABASE_URL` is set, else SQLite in the data dir. */
async function openStore(io: CliIo, options: DataOptions) {
  const { openDatabase } = await import('@docsync/server');
  const dataDir = resolve(io.cwd, options.data ?? DEFAULT_DATA_DIR);
  const url = io.env['DATABASE_URL'];
  if (url !== undefined && url !== '') return { database: await openDatabase({ url }), dataDir };
  await requireEmbeddedDatabase();
  return { database: await openDatabase({ dataDir }), dataDir };
}

/**
 * Fails, before anything is created, when this Node.js cannot run the embedded database (SQLite
 * needs 22.16): said as an older Node.js is, exit 2, naming PostgreSQL as the other way.
 */
async function requireEmbeddedDatabase(): Promise<void> {
  const { EmbeddedDatabaseUnavailableError, embeddedSqlite } = await import('@docsync/server');
  try {
    embeddedSqlite();
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseUnavailableError)) throw error;
    throw new CliError('embedded-database-unavailable', error.message, {
      exitCode: ExitCode.usage,
      cause: error,
    });
  }
}

/** `docsync server init`: first organization, admin user and token, printed once. */
async function serverInit(io: CliIo, options: DataOptions & { json?: true }): Promise<void> {
  const { initServer, isInitialized } = await import('@docsync/server');
  await requireWritableDataDir(io, options);
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

interface TokenCreateOptions extends DataOptions {
  user?: string;
  org?: string;
  name?: string;
  expiresInDays?: string;
  readOnly?: true;
  json?: true;
}

/**
 * `docsync server token create`: a new API token straight in the database, for whoever runs the
 * server (the way back in when every admin token is lost).
 */
async function serverTokenCreate(io: CliIo, options: TokenCreateOptions): Promise<void> {
  if (options.user === undefined && options.org === undefined)
    throw new UsageError('`docsync server token create` needs --user <email|id>, or --org <id>');
  let expiresAt: string | undefined;
  if (options.expiresInDays !== undefined) {
    const days = Number(options.expiresInDays);
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      throw new UsageError(
        `--expires-in-days \`${options.expiresInDays}\` is not a number of days (1-3650)`,
      );
    expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
  }
  const { createRecoveryToken, isInitialized, RecoveryTokenError } =
    await import('@docsync/server');
  const { database, dataDir } = await openStore(io, options);
  try {
    if (!(await isInitialized(database.db)))
      throw new CliError(
        'not-initialized',
        `the server in \`${dataDir}\` is not initialised: run \`docsync server init\` first`,
      );
    const created = await createRecoveryToken(database.db, {
      user: options.user,
      organization: options.org,
      name: options.name,
      expiresAt,
      scope: options.readOnly === true ? 'read-only' : 'read-write',
    }).catch((error: unknown) => {
      if (error instanceof RecoveryTokenError)
        throw new CliError('token-user-not-found', error.message, { cause: error });
      throw error;
    });
    if (options.json === true) {
      io.stdout(`${JSON.stringify(created)}\n`);
      return;
    }
    io.stdout(
      [
        `Created an API token for user ${created.userId}${expiresAt === undefined ? '' : ` (expires ${expiresAt})`}:`,
        `  ${created.token}`,
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
  logFormat?: string;
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

/** Where `serve`'s pino logger writes: standard output, as JSON lines or prettified. */
function logDestination(io: CliIo, format: LogFormat): { write(line: string): void } {
  if (format === 'json')
    return {
      write: (line) => {
        io.stdout(line);
      },
    };
  const pretty = prettyLogLines({
    colorize: io.stdoutIsTTY === true && (io.env['NO_COLOR'] ?? '') === '',
  });
  return {
    write: (line) => {
      io.stdout(pretty(line));
    },
  };
}

/** `docsync serve`: runs the service until the process is told to stop. */
async function serve(io: CliIo, options: ServeOptions): Promise<void> {
  const port = parsePort(options.port);
  const publicUrl = parsePublicUrl(options.publicUrl);
  const host = options.host ?? DEFAULT_HOST;
  const hosts = allowedHosts(host, publicUrl);
  const logFormat = chooseLogFormat(options.logFormat, io.stdoutIsTTY === true);
  const { createLogger, createServer, initServer, isInitialized } = await import('@docsync/server');
  // A first run must not create the admin and print its only token, then fail to serve.
  await requireFreePort(host, port);
  if (FETCH_BLOCKED_PORTS.has(port))
    io.stderr(
      `docsync: warning: browsers and fetch clients (docsync's own included) refuse to connect to ` +
        `port ${String(port)} (a port the Fetch standard blocks); serve on another --port\n`,
    );
  await requireWritableDataDir(io, options);
  const background = readBackgroundSettings(io);
  const translator = await readTranslator(io);
  const { database, dataDir } = await openStore(io, options);
  let store: ServeBlobStore | undefined;
  try {
    store = await openServeBlobStore(io, database, dataDir);
    if (hosts === undefined)
      io.stderr(
        `docsync: serving every interface without --public-url: links in responses follow each ` +
          `request's Host header; pass --public-url <url> to fix them and refuse other hosts\n`,
      );
    const app = createServer({
      ...background,
      ...translator,
      db: database.db,
      changes: database.changes,
      blobs: store.blobs,
      ...(publicUrl === undefined ? {} : { publicUrl: publicUrl.href.replace(/\/$/, '') }),
      ...(hosts === undefined ? {} : { allowedHosts: hosts }),
      // Logs are the command's output, on standard output: one human line per request, or
      // pino's JSON lines (Fastify's two per request).
      ...(logFormat === 'pretty' ? { requestLog: 'one-line' as const } : {}),
      logger: createLogger({ destination: logDestination(io, logFormat) }),
    });
    await app.listen({ host, port });
    if (!(await isInitialized(database.db))) {
      const result = await initServer(database.db);
      io.stderr(
        `docsync: first run: created organization ${result.organizationId} and its admin.\n` +
          `docsync: admin API token (shown only this once): ${result.token}\n`,
      );
    }
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
  server
    .command('token')
    .summary('manage API tokens on the server’s machine')
    .command('create')
    .summary('create an API token for a user, straight in the database')
    .description(
      'Create an API token for a user (by id or email), or for the longest-standing admin of\n' +
        'an organization (--org alone): the way back in when every token is lost. Runs on the\n' +
        'server’s machine, against its database (DATABASE_URL, or SQLite in the data directory).\n' +
        'The token is printed once and stored only as a hash.',
    )
    .option('--user <email|id>', 'the user the token is for')
    .option('--org <id>', 'an organization: the user must be its member; alone, its admin')
    .option('--name <name>', 'a name to recognise the token by (default "server token create")')
    .option('--expires-in-days <n>', 'the token stops working after n days (default: never)')
    .option('--read-only', 'the token may only read')
    .option('--data <dir>', dataHelp)
    .option('--json', 'print {"userId","tokenId","token"} as JSON')
    .action((options: TokenCreateOptions) => serverTokenCreate(io, options));

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
    .option(
      '--log-format <format>',
      'pretty: one line per request (method, path, status, duration); json: JSON lines (default: pretty on a terminal, json otherwise)',
    )
    .addHelpText('after', BLOB_STORE_HELP + BACKGROUND_HELP + TRANSLATOR_HELP)
    .action((options: ServeOptions) => serve(io, options));
}
