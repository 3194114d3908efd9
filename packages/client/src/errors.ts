/**
 * Stable codes of the client's errors; callers branch on these (or on the class), never on
 * messages. HTTP failures get a code per status family; the others say what went wrong locally.
 */
export type ApiClientErrorCode =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'precondition-failed'
  | 'payload-too-large'
  | 'rate-limited'
  | 'http-error'
  | 'server-error'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid-response'
  | 'invalid-request';

/** What every client error knows about the request that failed. */
export interface ApiClientErrorOptions {
  /** The HTTP status, when the server answered. */
  status?: number;
  method: string;
  /** The operation that was called, when the request came from the route table. */
  operationId?: string;
  /** The full URL, query included (the token travels in a header, never in the URL). */
  url: string;
  /** The server's `error.message`, when its body had one. */
  serverMessage?: string;
  /** How many attempts were made before giving up (1 when the request was not retried). */
  attempts?: number;
  cause?: unknown;
}

/**
 * Base of every error the client throws. It carries the request's method and URL, the status
 * and the server's message, and never the token or any request header.
 */
export class ApiClientError extends Error {
  readonly code: ApiClientErrorCode;
  readonly status: number | undefined;
  readonly method: string;
  readonly url: string;
  readonly operationId: string | undefined;
  readonly serverMessage: string | undefined;
  /** Mutable because the retry loop learns the final count only after the error is built. */
  attempts: number;

  constructor(code: ApiClientErrorCode, message: string, options: ApiClientErrorOptions) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = options.status;
    this.method = options.method;
    this.url = options.url;
    this.operationId = options.operationId;
    this.serverMessage = options.serverMessage;
    this.attempts = options.attempts ?? 1;
  }
}

/** 400: the server rejected the request's query, body or a path parameter. */
export class BadRequestError extends ApiClientError {}

/** 401: the token is missing, unknown or revoked. */
export class UnauthorizedError extends ApiClientError {}

/** 403: the token's user may not do this. */
export class ForbiddenError extends ApiClientError {}

/** 404: a resource named in the path does not exist (or is not visible to the caller). */
export class NotFoundError extends ApiClientError {}

/** 409: a conflict (merge conflicts, duplicates, a concurrent update, a stale revision). */
export class ConflictError extends ApiClientError {}

/** 429 that could not be waited out: attempts ran out or the server asked for too long a wait. */
export class RateLimitedError extends ApiClientError {
  /** How long the server asked to wait, in milliseconds, when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: ApiClientErrorOptions & { retryAfterMs?: number }) {
    super('rate-limited', message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** 5xx: the server failed. */
export class ServerError extends ApiClientError {}

/** The connection failed or was closed before a complete response arrived. */
export class NetworkError extends ApiClientError {}

/** No complete response within the client's `timeoutMs`. */
export class TimeoutError extends ApiClientError {}

/** The caller's `signal` aborted the request (or the wait before a retry). */
export class AbortedError extends ApiClientError {}

/** A success status whose body is not the JSON the operation promises. */
export class InvalidResponseError extends ApiClientError {}

/** The request could not be built: unknown operation, a missing path parameter, a bad query. */
export class InvalidRequestError extends ApiClientError {}

/** The classes and codes of HTTP failures, by status; other statuses fall back by family. */
const byStatus: Readonly<
  Record<number, readonly [ApiClientErrorCode, new (...args: ErrorArgs) => ApiClientError]>
> = {
  400: ['bad-request', BadRequestError],
  401: ['unauthorized', UnauthorizedError],
  403: ['forbidden', ForbiddenError],
  404: ['not-found', NotFoundError],
  409: ['conflict', ConflictError],
  412: ['precondition-failed', ApiClientError],
  413: ['payload-too-large', ApiClientError],
};

type ErrorArgs = [code: ApiClientErrorCode, message: string, options: ApiClientErrorOptions];

/**
 * The server's `error.message` from an error body (`{"error": {"code", "message"}}`), or
 * undefined when the body is not that shape (a proxy's HTML page, an empty body).
 */
export function readServerMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
    const { error } = body;
    if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
    return typeof error.message === 'string' ? error.message : undefined;
  } catch {
    return undefined;
  }
}

/** The error for a non-2xx response other than 429 (see `RateLimitedError`). */
export function errorFromResponse(
  status: number,
  bodyText: string,
  request: { method: string; url: string; operationId?: string },
): ApiClientError {
  const serverMessage = readServerMessage(bodyText);
  const [code, ErrorClass] =
    byStatus[status] ??
    (status >= 500 ? ['server-error', ServerError] : ['http-error', ApiClientError]);
  const why = serverMessage === undefined ? '' : `: ${serverMessage}`;
  return new ErrorClass(code, `${request.method} ${request.url} failed with ${status}${why}`, {
    ...request,
    status,
    ...(serverMessage === undefined ? {} : { serverMessage }),
  });
}
