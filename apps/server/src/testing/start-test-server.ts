import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { createHttpClient, makeTempDir, ManualClock, type HttpClient } from '@docsync/test-utils';
import { DirectoryBlobStore, type BlobStore } from '../blobs/blob-store.js';
import { createServerCaches, type ServerCaches } from '../caches/server-caches.js';
import { initServer, type InitResult } from '../bootstrap/init-server.js';
import { createServer, type FetchSettings, type ServerDeps } from '../create-server.js';
import { createLogger } from '../http/logger.js';
import type { ParseBudgets } from '../parsing/markdown-pool.js';
import type { DialectName } from '../storage/open-database.js';
import type { Db } from '../storage/schema.js';
import { openTestDatabase } from './open-test-database.js';

/** The dialects the integration tests run on; PostgreSQL only where `DATABASE_URL` is set. */
export const testDialects: readonly { dialect: DialectName; skip: boolean }[] = [
  { dialect: 'sqlite', skip: false },
  { dialect: 'postgres', skip: process.env['DATABASE_URL'] === undefined },
];

/** A server listening on an ephemeral loopback port, initialised with an admin and a token. */
export interface TestServer extends InitResult {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** The database, to arrange what the API cannot (other users, other organizations). */
  readonly db: Db;
  /** The running server's in-process caches (new ones after {@link restart}). */
  readonly caches: ServerCaches;
  /** The server's clock; starts at 2025-01-01T00:00:00Z and moves only when told. */
  readonly clock: ManualClock;
  /** Requests as the admin (pass `token` in a request's options to be someone else). */
  readonly http: HttpClient;
  /**
   * Stops the server and starts a new one on the same database and blobs (on a new port, which
   * `baseUrl` and `http` then use), with nothing kept in memory, as a restart of the service
   * would.
   */
  restart(): Promise<void>;
  /** Stops the server, closes the database and drops its data. */
  close(): Promise<void>;
}

/** Options of {@link startTestServer}. */
export interface StartTestServerOptions {
  /** Default `sqlite` (in memory). `postgres` uses `DATABASE_URL` with a schema of its own. */
  dialect?: DialectName;
  bodyLimit?: number;
  /** Wraps the blob store the server uses (to count reads, say). */
  blobs?: (store: BlobStore) => BlobStore;
  /** Budgets of parsing markdown (default: the server's). */
  parsing?: ParseBudgets;
  /** Where the server logs (default: nowhere). */
  logger?: FastifyBaseLogger;
  /** `createServer`'s `publicUrl` and `allowedHosts` (default: none). */
  publicUrl?: string;
  allowedHosts?: readonly string[];
  /** `createServer`'s `fetch` (default: public addresses only). */
  fetch?: FetchSettings;
  /** `createServer`'s `jobs`, `openApiRefreshMs` and `onJobSettled`. */
  jobs?: ServerDeps['jobs'];
  openApiRefreshMs?: number;
  onJobSettled?: ServerDeps['onJobSettled'];
  /** `createServer`'s `translator` (default: the pseudo translator). */
  translator?: ServerDeps['translator'];
  /** `createServer`'s `deliveries` (integration events). */
  deliveries?: ServerDeps['deliveries'];
}

/**
 * Starts a real server for a test: SQLite in memory, or a fresh PostgreSQL schema that is
 * dropped on close so concurrent test files never see each other's rows.
 */
export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const dialect = options.dialect ?? 'sqlite';
  const { database, close: closeDatabase } = await openTestDatabase(dialect);
  const blobDir = await makeTempDir('server-blobs');
  const clock = new ManualClock();
  const init = await initServer(database.db, { clock, adminEmail: 'admin@example.com' });
  const store = new DirectoryBlobStore(blobDir.path);
  let caches = createServerCaches();
  const serve = async (port: number) => {
    caches = createServerCaches();
    const started = createServer({
      caches,
      db: database.db,
      changes: database.changes,
      blobs: options.blobs?.(store) ?? store,
      clock,
      logger: options.logger ?? createLogger({ level: 'silent' }),
      ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
      ...(options.parsing === undefined ? {} : { parsing: options.parsing }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
      ...(options.openApiRefreshMs === undefined
        ? {}
        : { openApiRefreshMs: options.openApiRefreshMs }),
      ...(options.onJobSettled === undefined ? {} : { onJobSettled: options.onJobSettled }),
      ...(options.translator === undefined ? {} : { translator: options.translator }),
      ...(options.deliveries === undefined ? {} : { deliveries: options.deliveries }),
    });
    await started.listen({ host: '127.0.0.1', port });
    return started;
  };
  let app = await serve(0);
  const urlOf = () => `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
  let baseUrl = urlOf();
  let http = createHttpClient(baseUrl, init.token);
  return {
    ...init,
    get baseUrl() {
      return baseUrl;
    },
    get http() {
      return http;
    },
    get caches() {
      return caches;
    },
    db: database.db,
    clock,
    async restart() {
      await app.close();
      app = await serve(0);
      baseUrl = urlOf();
      http = createHttpClient(baseUrl, init.token);
    },
    async close() {
      await app.close();
      await closeDatabase();
      await blobDir.remove();
    },
  };
}
