import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { BackgroundWork } from './background-work.js';
import type { BlobStore } from './blobs/blob-store.js';
import { createServerCaches, type ServerCaches } from './caches/server-caches.js';
import { systemClock, type Clock } from './clock.js';
import { Conversions } from './content/conversions.js';
import { useErrorHandler } from './http/error-handler.js';
import { implement } from './http/implement.js';
import { useSecurityHeaders } from './http/security.js';
import { registerBrowserRoutes } from './http/browser-route.js';
import { registerServerRoute } from './http/server-route.js';
import { useJsonBodyParser } from './http/json-body-parser.js';
import { useApiReference } from './api-docs/api-reference.js';
import { usePublishedSites } from './published/published-routes.js';
import { useSiteHosts } from './published/site-hosts.js';
import { createLogger } from './http/logger.js';
import { OneLineRequestLog } from './http/one-line-request-log.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { validatorCompiler } from './http/validator-compiler.js';
import { randomId, type IdGenerator } from './ids.js';
import { analyseConversationsHandler } from './conversations/analyse-conversations.js';
import { JobRunner, type JobOutcome, type JobRunnerOptions } from './jobs/job-runner.js';
import { DEFAULT_DELIVERY, deliverEventHandler } from './integrations/deliver-event.js';
import { DEFAULT_REFRESH_MS, processSpecHandler } from './openapi-specs/process-spec.js';
import { AddressPolicy } from './outbound/address-policy.js';
import type { FetchLimits } from './outbound/fetch-url.js';
import { MarkdownPool, type ParseBudgets } from './parsing/markdown-pool.js';
import { browserRoutes, operations, serverRoutes } from './routes/index.js';
import { purgeExpiredSpaces } from './spaces/space-lifecycle.js';
import { ReadCache } from './storage/read-cache.js';
import { pseudoTranslator } from './translations/pseudo-translator.js';
import { runTranslationHandler } from './translations/run-translation.js';
import type { Translator } from './translations/translator.js';
import type { Db } from './storage/schema.js';
import type { ServerContext } from './server-context.js';
import type { TableChanges } from './storage/table-changes.js';

/** The largest request body accepted by default (8 MiB); larger bodies get 413. */
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;

/** Limits of fetching a URL on a caller's behalf unless set otherwise. */
export const DEFAULT_FETCH_LIMITS = {
  timeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
} as const;

/** Fetching URLs on callers' behalf: what it may reach beyond public addresses, and its limits. */
export interface FetchSettings {
  /**
   * CIDR ranges (or addresses) of the private, loopback and link-local ranges it may fetch from
   * (`10.0.0.0/8` for an internal spec server). Default: none.
   */
  allow?: readonly string[];
  /** The whole fetch, redirects included. Default 30 s. */
  timeoutMs?: number;
  /** The largest body read. Default 10 MiB. */
  maxBytes?: number;
  /** Redirects followed. Default 5. */
  maxRedirects?: number;
}

/** How often deleted spaces past their restore window are removed for good. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What the server runs on. Everything with I/O is passed in. */
export interface ServerDeps {
  db: Db;
  /**
   * The committed writes to `db` (`Database.changes`): with them, token lookups and space reads
   * are kept in memory until a write changes a table they read. Default: every request reads.
   */
  changes?: TableChanges;
  blobs: BlobStore;
  /** Default: the machine's clock. */
  clock?: Clock;
  /** Default: random 16-character ids. */
  ids?: IdGenerator;
  /** Default: JSON logs at `info` to stdout, `Authorization` redacted. */
  logger?: FastifyBaseLogger;
  /**
   * How requests are logged: `start-and-end` (Fastify's `incoming request` and `request
   * completed` lines) or `one-line` (one `request completed` line once the response is sent,
   * with the method, URL, status and `responseTime` in milliseconds). Default `start-and-end`.
   */
  requestLog?: 'start-and-end' | 'one-line';
  /** Largest accepted request body in bytes. Default {@link DEFAULT_BODY_LIMIT}. */
  bodyLimit?: number;
  /** Base of the links in `urls` members; default: the protocol and Host of each request. */
  publicUrl?: string;
  /**
   * Host names (a port, if any, is ignored) the server answers for; a request with another
   * `Host` gets 421. Default: any host.
   */
  allowedHosts?: readonly string[];
  /** Trust `X-Forwarded-*` from a reverse proxy. Default false. */
  trustProxy?: boolean;
  /** Budgets of parsing request markdown in worker threads. Default `DEFAULT_PARSE_BUDGETS`. */
  parsing?: ParseBudgets;
  /** The in-process caches (to look into them in a test). Default: new ones with the default bounds. */
  caches?: ServerCaches;
  /** Fetching URLs on callers' behalf (OpenAPI spec sources). Default: public addresses only. */
  fetch?: FetchSettings;
  /** How often OpenAPI specs with a URL source are fetched again. Default 6 hours. */
  openApiRefreshMs?: number;
  /**
   * The background job runner (lease, poll interval, retry delays), or `false` for an instance
   * that runs no jobs (another instance on the database runs them). Default: runs them.
   */
  jobs?: Omit<JobRunnerOptions, 'clock' | 'logger'> | false;
  /**
   * What translation runs translate with (see `translations/translator-settings.ts` for one
   * from the environment). Default: the offline pseudo translator.
   */
  translator?: Translator;
  /** Told of each job this instance's runner settles (tests wait on it). */
  onJobSettled?: (outcome: JobOutcome) => void;
  /**
   * Delivery of integration events: time per attempt, first retry delay (doubled each time and
   * jittered), longest delay, attempts. Default {@link DEFAULT_DELIVERY}. They go to the
   * addresses `fetch` allows.
   */
  deliveries?: Partial<typeof DEFAULT_DELIVERY>;
}

/** The service's address as its own clients reach it: the public URL, else where it listens. */
function listeningUrl(app: FastifyInstance, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const address = app.server.address();
  if (address === null || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${String(address.port)}`;
}

/**
 * Builds the service: every implemented operation of the contract, the one error handler,
 * request ids, logs and the hourly removal of spaces deleted more than 7 days ago. It does not
 * listen: the caller binds the port (`app.listen`) or injects requests, and closes it.
 */
export function createServer(deps: ServerDeps): FastifyInstance {
  const bodyLimit = deps.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const fetch: FetchLimits = {
    policy: new AddressPolicy(deps.fetch?.allow),
    timeoutMs: deps.fetch?.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs,
    maxBytes: deps.fetch?.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes,
    maxRedirects: deps.fetch?.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects,
  };
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomId;
  const logger: FastifyBaseLogger = deps.logger ?? createLogger();
  // The runner is made after the context its handlers use, which wakes it.
  let runner: JobRunner | undefined;
  // Set once the app exists: deliveries tell integrations where to call back.
  let apiEndpoint = () => deps.publicUrl ?? 'http://127.0.0.1';
  const ctx: ServerContext = {
    db: deps.db,
    reads: new ReadCache(deps.db, deps.changes),
    caches: deps.caches ?? createServerCaches(),
    blobs: deps.blobs,
    conversions: new Conversions(),
    markdown: new MarkdownPool(deps.parsing),
    clock,
    ids,
    jobs: { wake: () => runner?.wake() },
    later: new BackgroundWork((error, what) => {
      logger.warn({ err: error }, `${what} failed`);
    }),
  };
  if (deps.jobs !== false)
    runner = new JobRunner(
      deps.db,
      [
        processSpecHandler(deps.db, {
          clock,
          ids,
          fetch,
          refreshMs: deps.openApiRefreshMs ?? DEFAULT_REFRESH_MS,
        }),
        runTranslationHandler(ctx, deps.translator ?? pseudoTranslator),
        analyseConversationsHandler(ctx),
        deliverEventHandler(deps.db, {
          ...DEFAULT_DELIVERY,
          ...deps.deliveries,
          clock,
          ids,
          policy: fetch.policy,
          apiEndpoint: () => apiEndpoint(),
        }),
      ],
      { ...deps.jobs, clock, logger },
    );
  if (runner !== undefined && deps.onJobSettled !== undefined)
    runner.events.on('settled', deps.onJobSettled);
  const app = Fastify({
    loggerInstance: logger,
    ...(deps.requestLog === 'one-line' ? { logController: new OneLineRequestLog() } : {}),
    bodyLimit,
    genReqId: requestIdOf,
    trustProxy: deps.trustProxy ?? false,
    // The contract allows unknown query parameters and path ids of any length.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A malformed or over-long path reaches no route; it still answers in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply).code(status).send({
        error: {
          code: status,
          message:
            status === 414
              ? 'A path id is longer than 500 characters'
              : 'The path is not a valid URL (bad percent-encoding?)',
        },
      });
    },
  });
  apiEndpoint = () => listeningUrl(app, deps.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  // Before the `Host` check: a site's own hostname is answered by the site, not refused.
  useSiteHosts(app, ctx, deps.publicUrl);
  useSecurityHeaders(app, { allowedHosts: deps.allowedHosts });
  useJsonBodyParser(app);
  useErrorHandler(app, bodyLimit);
  app.addHook('onRequest', async (request, reply) => {
    ctx.later.noteRequest();
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  for (const op of operations) implement(app, op, { ctx, publicUrl: deps.publicUrl });
  for (const route of serverRoutes)
    registerServerRoute(app, route, { ctx, publicUrl: deps.publicUrl });
  registerBrowserRoutes(app, browserRoutes, { ctx, publicUrl: deps.publicUrl });
  useApiReference(app);
  usePublishedSites(app, ctx, deps.publicUrl);

  let purgeTimer: NodeJS.Timeout | undefined;
  const purge = async () => {
    const removed = await purgeExpiredSpaces(ctx.db, ctx.clock);
    if (removed > 0) app.log.info({ removed }, 'removed spaces deleted more than 7 days ago');
  };
  app.addHook('onReady', async () => {
    runner?.start();
    await purge();
    purgeTimer = setInterval(() => {
      purge().catch((error: unknown) => {
        app.log.error({ err: error }, 'removing expired spaces failed');
      });
    }, PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await runner?.stop();
    await ctx.later.close();
    await ctx.markdown.close();
  });
  return app;
}
