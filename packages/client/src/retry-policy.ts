/** How the client retries; every member has a default (see `defaultRetryOptions`). */
export interface RetryOptions {
  /** Retries after the first attempt; `0` turns retrying off. Default `4` (5 attempts). */
  retries?: number;
  /** Backoff before the first retry, doubled for each further one. Default `250`. */
  baseDelayMs?: number;
  /** Cap of the exponential backoff. Default `10000`. */
  maxDelayMs?: number;
  /**
   * Longest wait a 429's `Retry-After` / `X-RateLimit-Reset` may ask for; a longer one fails at
   * once with a `RateLimitedError` carrying `retryAfterMs`, so a daemon can reschedule instead
   * of holding a request open. Default `60000`.
   */
  maxRetryAfterMs?: number;
}

/** The retry options with every default filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** The defaults of {@link RetryOptions}. */
export const defaultRetryOptions: ResolvedRetryOptions = {
  retries: 4,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Methods that may be repeated without changing the outcome (RFC 9110 §9.2.2), so a request
 * whose response was lost can be sent again. POST and PATCH are not: a lost response to "create
 * a change request" may mean it was created.
 */
const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether `method` may be retried after a 5xx, a network failure or a timeout. */
export function isIdempotent(method: string): boolean {
  return idempotentMethods.has(method.toUpperCase());
}

/**
 * Statuses worth another try of an idempotent request: the gateway and availability family,
 * 408, and 500 (a server that never answers 500 for bad input only gives one for a transient
 * fault, such as a busy database). 501 and 505 say the request can never succeed.
 */
const transientStatuses: ReadonlySet<number> = new Set([408, 500, 502, 503, 504]);

/** Whether a response with `status` to `method` should be retried (429 is always retried). */
export function isRetryableStatus(status: number, method: string): boolean {
  return status === 429 || (transientStatuses.has(status) && isIdempotent(method));
}

/**
 * The backoff before retry number `retry` (1 for the first retry): exponential, capped, with
 * "equal jitter" — half the delay fixed, half random — so clients that failed together spread
 * out without any of them retrying immediately.
 */
export function backoffDelay(
  retry: number,
  options: Pick<ResolvedRetryOptions, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * How long a 429 asks the client to wait, in milliseconds: `Retry-After` (delta seconds or an
 * HTTP date), else `X-RateLimit-Reset` (epoch seconds), else undefined.
 */
export function rateLimitDelay(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset !== undefined && /^\d+(\.\d+)?$/.test(reset)) {
    return Math.max(0, Math.ceil(Number(reset) * 1000 - now));
  }
  return undefined;
}
