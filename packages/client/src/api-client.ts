import { setTimeout as delay } from 'node:timers/promises';
import { routesById, type RouteSpec } from '@docsync/api';
import PQueue from 'p-queue';
import { buildUrl, UrlBuildError } from './build-url.js';
import {
  AbortedError,
  ApiClientError,
  errorFromResponse,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  readServerMessage,
  TimeoutError,
} from './errors.js';
import type {
  ArgsTuple,
  ItemOf,
  ListOperationId,
  ResponseOf,
  UntypedOperationArgs,
} from './operation-types.js';
import {
  backoffDelay,
  defaultRetryOptions,
  isIdempotent,
  isRetryableStatus,
  rateLimitDelay,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry-policy.js';
import type { TypedOperationId } from './typed-routes.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server's origin, e.g. `https://docs.example.com`; route paths add `/v1/...` to it. */
  baseUrl: string;
  /** API token, sent as `Authorization: Bearer <token>` and never put in an error or a URL. */
  token: string;
  /** The `fetch` to send requests with. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Retry limits and backoff; see {@link RetryOptions} for the defaults. */
  retry?: RetryOptions;
  /** Time allowed for each attempt, response body included. Default `30000`; `0`: no limit. */
  timeoutMs?: number;
  /** Requests in flight at once (attempts waiting for a retry do not hold a slot). Default `8`. */
  concurrency?: number;
  /** `User-Agent` header. Default `docsync-client`. */
  userAgent?: string;
  /** Waits before a retry; resolves early or rejects on abort. Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Source of backoff jitter in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** The clock `Retry-After` dates and `X-RateLimit-Reset` are read against. Default `Date.now`. */
  now?: () => number;
}

/** A request ready to send, the same on every attempt (the body is serialised once). */
interface PreparedRequest {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
}

/**
 * A typed client for the docsync API. Every request goes through one queue (bounded
 * concurrency), is retried by the rules in `retry-policy.ts`, and fails with an
 * `ApiClientError` subclass.
 */
export class ApiClient {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof globalThis.fetch;
  readonly #retry: ResolvedRetryOptions;
  readonly #timeoutMs: number;
  readonly #userAgent: string;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #queue: PQueue;

  constructor(options: ClientOptions) {
    this.#baseUrl = options.baseUrl;
    this.#token = options.token;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#retry = { ...defaultRetryOptions, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#userAgent = options.userAgent ?? 'docsync-client';
    this.#sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#queue = new PQueue({ concurrency: options.concurrency ?? 8 });
  }

  /**
   * Calls an operation by its `operationId`: params, query and body are typed for the
   * operations in `typedRoutes`, loose for the rest. Resolves to the parsed JSON body, or
   * `undefined` when the response has none (204).
   */
  async request<Id extends string>(
    operationId: Id,
    ...rest: ArgsTuple<Id>
  ): Promise<ResponseOf<Id>> {
    const args: UntypedOperationArgs = rest[0] ?? {};
    return (await this.#send(this.#prepare(operationId, args))) as ResponseOf<Id>;
  }

  /**
   * Every item of a list operation, page after page: each request passes the previous
   * response's `next.page`, and the walk ends on the response without `next`. Pages are
   * fetched as the iterator is consumed.
   */
  async *paginate<Id extends string>(
    operationId: Id extends TypedOperationId ? (Id extends ListOperationId ? Id : never) : Id,
    ...rest: ArgsTuple<Id>
  ): AsyncGenerator<ItemOf<Id>, void, undefined> {
    const args: UntypedOperationArgs = rest[0] ?? {};
    let page = args.query?.['page'];
    for (;;) {
      const query = { ...args.query, ...(page === undefined ? {} : { page }) };
      const request = this.#prepare(operationId, { ...args, query });
      const envelope = asListEnvelope(await this.#send(request), request);
      yield* envelope.items as ItemOf<Id>[];
      if (envelope.next === undefined) return;
      if (envelope.next.page === page) {
        // A cursor that does not move would loop forever; the server is wrong, say so.
        throw new InvalidResponseError(
          'invalid-response',
          `${request.method} ${request.url} answered with the same \`next.page\` it was sent.`,
          contextOf(request),
        );
      }
      page = envelope.next.page;
    }
  }

  /** Every item of a list operation, across all pages, in one array (see `paginate`). */
  async listAll<Id extends string>(
    operationId: Id extends TypedOperationId ? (Id extends ListOperationId ? Id : never) : Id,
    ...rest: ArgsTuple<Id>
  ): Promise<ItemOf<Id>[]> {
    const items: ItemOf<Id>[] = [];
    for await (const item of this.paginate<Id>(operationId, ...rest)) items.push(item);
    return items;
  }

  /** Attempts being sent or read right now; never more than `concurrency`. */
  get inFlight(): number {
    return this.#queue.pending;
  }

  /** Attempts waiting for a free slot (for progress reports). */
  get waiting(): number {
    return this.#queue.size;
  }

  /** Resolves once no request is queued or in flight (for a clean shutdown). */
  async idle(): Promise<void> {
    await this.#queue.onIdle();
  }

  #prepare(operationId: string, args: UntypedOperationArgs): PreparedRequest {
    const route: RouteSpec | undefined = routesById.get(operationId);
    if (route === undefined) {
      throw new InvalidRequestError('invalid-request', `Unknown operation \`${operationId}\`.`, {
        method: '',
        url: '',
        operationId,
      });
    }
    let url: string;
    try {
      url = buildUrl(this.#baseUrl, route.path, args.params, args.query);
    } catch (error) {
      if (!(error instanceof UrlBuildError)) throw error;
      throw new InvalidRequestError('invalid-request', `${operationId}: ${error.message}`, {
        method: route.method,
        url: route.path,
        operationId,
        cause: error,
      });
    }
    const body = args.body === undefined ? undefined : JSON.stringify(args.body);
    return {
      operationId,
      method: route.method,
      url,
      headers: {
        authorization: `Bearer ${this.#token}`,
        // `*/*`, never `application/json`: what the public API's own clients send
        // (docs: api-conventions.md, "Wire").
        accept: '*/*',
        'user-agent': this.#userAgent,
        // Bodyless POSTs (merge, update) carry no content type, as the conventions require.
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
      signal: args.signal,
      timeoutMs: args.timeoutMs ?? this.#timeoutMs,
    };
  }

  /** Sends a prepared request through the queue, retrying as the retry policy allows. */
  async #send(request: PreparedRequest): Promise<unknown> {
    const maxAttempts = this.#retry.retries + 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#queue.add(
          () => this.#attempt(request),
          request.signal === undefined ? {} : { signal: request.signal },
        );
      } catch (error) {
        const failure = this.#asClientError(error, request);
        failure.attempts = attempt;
        const wait = attempt < maxAttempts ? this.#retryDelay(failure, attempt) : undefined;
        if (wait === undefined) throw failure;
        await this.#wait(wait, request);
      }
    }
  }

  /** One attempt: send, read the whole body under the timeout, and parse or classify it. */
  async #attempt(request: PreparedRequest): Promise<unknown> {
    const timeout = new AbortController();
    const timer =
      request.timeoutMs > 0 && Number.isFinite(request.timeoutMs)
        ? setTimeout(() => {
            timeout.abort();
          }, request.timeoutMs)
        : undefined;
    const signal =
      request.signal === undefined
        ? timeout.signal
        : AbortSignal.any([request.signal, timeout.signal]);
    const context = contextOf(request);
    try {
      let response: Response;
      let text: string;
      try {
        response = await this.#fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          signal,
        });
        text = await response.text();
      } catch (error) {
        if (request.signal?.aborted === true) throw abortedError(request);
        if (timeout.signal.aborted) {
          throw new TimeoutError(
            'timeout',
            `${request.method} ${request.url} got no complete response within ${request.timeoutMs} ms.`,
            context,
          );
        }
        throw new NetworkError('network', networkFailure(request, error), {
          ...context,
          cause: error,
        });
      }
      if (response.status === 429) {
        const retryAfterMs = rateLimitDelay(response.headers, this.#now());
        const serverMessage = readServerMessage(text);
        throw new RateLimitedError(`${request.method} ${request.url} was rate limited (429).`, {
          ...context,
          status: 429,
          ...(serverMessage === undefined ? {} : { serverMessage }),
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
      }
      if (!response.ok) throw errorFromResponse(response.status, text, context);
      return this.#parseBody(text, response.status, context);
    } finally {
      clearTimeout(timer);
    }
  }

  #parseBody(
    text: string,
    status: number,
    context: { method: string; url: string; operationId: string },
  ): unknown {
    // 204, and the few 201s without a body (templates), answer nothing: that is `undefined`.
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new InvalidResponseError(
        'invalid-response',
        `${context.method} ${context.url} answered ${status} with a body that is not JSON.`,
        { ...context, status, cause: error },
      );
    }
  }

  /** The delay before the next attempt, or undefined when `failure` must not be retried. */
  #retryDelay(failure: ApiClientError, attempt: number): number | undefined {
    if (failure instanceof RateLimitedError) {
      const asked = failure.retryAfterMs;
      if (asked === undefined) return backoffDelay(attempt, this.#retry, this.#random);
      return asked <= this.#retry.maxRetryAfterMs ? asked : undefined;
    }
    const transient =
      failure.status === undefined
        ? (failure.code === 'network' || failure.code === 'timeout') && isIdempotent(failure.method)
        : isRetryableStatus(failure.status, failure.method);
    return transient ? backoffDelay(attempt, this.#retry, this.#random) : undefined;
  }

  async #wait(ms: number, request: PreparedRequest): Promise<void> {
    try {
      await this.#sleep(ms, request.signal);
    } catch (error) {
      if (request.signal?.aborted !== true) throw error;
    }
    if (request.signal?.aborted === true) throw abortedError(request);
  }

  /**
   * Client errors pass through; an abort while waiting for a slot (the queue rejects with the
   * signal's reason) becomes an `AbortedError`; anything else is a bug and propagates as is.
   */
  #asClientError(error: unknown, request: PreparedRequest): ApiClientError {
    if (error instanceof ApiClientError) return error;
    if (request.signal?.aborted === true) return abortedError(request);
    throw error;
  }
}

/** What every error about `request` says about it. */
function contextOf(request: PreparedRequest): {
  method: string;
  url: string;
  operationId: string;
} {
  return { method: request.method, url: request.url, operationId: request.operationId };
}

function abortedError(request: PreparedRequest): AbortedError {
  return new AbortedError('aborted', `${request.method} ${request.url} was aborted.`, {
    ...contextOf(request),
    cause: request.signal?.reason,
  });
}

/** The list envelope of a response, or an error when a "list" operation answered something else. */
function asListEnvelope(
  response: unknown,
  request: PreparedRequest,
): { items: unknown[]; next?: { page: string } } {
  if (
    typeof response === 'object' &&
    response !== null &&
    'items' in response &&
    Array.isArray(response.items)
  ) {
    const next = 'next' in response ? response.next : undefined;
    if (next === undefined || next === null) return { items: response.items };
    if (typeof next === 'object' && 'page' in next && typeof next.page === 'string') {
      return { items: response.items, next: { page: next.page } };
    }
  }
  throw new InvalidResponseError(
    'invalid-response',
    `${request.method} ${request.url} did not answer a list (\`{items, next?: {page}}\`).`,
    contextOf(request),
  );
}

/** Creates an {@link ApiClient}. */
export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient(options);
}

/** What a request that got no answer says: the server unreachable, or the connection lost. */
function networkFailure(request: { method: string; url: string }, error: unknown): string {
  let code: unknown;
  let badPort = false;
  for (let cause: unknown = error; cause instanceof Error && code === undefined;) {
    code = (cause as { code?: unknown }).code;
    // undici's words for a port the Fetch standard blocks (4190, 6000, 6666…): it never connects.
    badPort ||= cause.message === 'bad port';
    cause = cause.cause;
  }
  const origin = URL.canParse(request.url) ? new URL(request.url).origin : request.url;
  if (badPort)
    return `${request.method} ${request.url}: fetch refuses to connect to the port of ${origin} (one the Fetch standard blocks, as browsers do); serve on another port`;
  if (code === 'ECONNREFUSED')
    return `${request.method} ${request.url}: connection refused: the server at ${origin} is not reachable (is it running, on that port?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `${request.method} ${request.url}: the host of ${origin} was not found`;
  return `${request.method} ${request.url} failed before a complete response arrived${typeof code === 'string' ? ` (${code})` : ''}`;
}
