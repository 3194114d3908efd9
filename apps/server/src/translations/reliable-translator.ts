import PQueue from 'p-queue';
import pRetry from 'p-retry';
import { TranslatorError, type TranslationRequest, type Translator } from './translator.js';

/** Limits of calling a translation service; each has a default. */
export interface TranslatorLimits {
  /** One request, from sending to the whole answer. Default 30 s. */
  timeoutMs?: number;
  /** Retries after a retryable failure (429, 5xx, timeout, network). Default 3. */
  retries?: number;
  /** The first retry's delay, doubled after each. Default 1 s. */
  retryDelayMs?: number;
  /** Requests at once. Default 2. */
  concurrency?: number;
  /** At most this many requests start per {@link TranslatorLimits.intervalMs}. Default 10 per second. */
  requestsPerInterval?: number;
  intervalMs?: number;
}

/**
 * A translator behind a timeout per request, retries with backoff (honouring `Retry-After`) for
 * failures worth another try, and a rate limit shared by every run of this server. A request
 * that still fails throws a {@link TranslatorError} that says why.
 */
export function reliableTranslator(inner: Translator, limits: TranslatorLimits = {}): Translator {
  const timeoutMs = limits.timeoutMs ?? 30_000;
  const queue = new PQueue({
    concurrency: limits.concurrency ?? 2,
    intervalCap: limits.requestsPerInterval ?? 10,
    interval: limits.intervalMs ?? 1_000,
  });
  const attempt = async (request: TranslationRequest): Promise<string[]> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    try {
      return await inner.translate({ ...request, signal });
    } catch (error) {
      if (request.signal.aborted) throw error;
      if (timeout.aborted)
        throw new TranslatorError(inner.name, `no answer within ${String(timeoutMs)} ms`, true);
      if (error instanceof TranslatorError) throw error;
      // A dropped connection, a refused one, a reset: worth another try.
      const message = error instanceof Error ? error.message : String(error);
      throw new TranslatorError(inner.name, message, true);
    }
  };
  return {
    name: inner.name,
    batchSize: inner.batchSize,
    translate: (request) =>
      pRetry(() => queue.add(() => attempt(request)), {
        retries: limits.retries ?? 3,
        minTimeout: limits.retryDelayMs ?? 1_000,
        factor: 2,
        signal: request.signal,
        shouldRetry: ({ error }) => error instanceof TranslatorError && error.retryable,
        onFailedAttempt: async ({ error }) => {
          // The service said how long to wait: wait that long (on top of the backoff).
          if (error instanceof TranslatorError && error.retryAfter !== undefined)
            await new Promise((resolve) =>
              setTimeout(resolve, Math.min(error.retryAfter ?? 0, 60) * 1000),
            );
        },
      }),
  };
}
