import { describe, expect, it } from 'vitest';
import { backoffDelay, isIdempotent, isRetryableStatus, rateLimitDelay } from './retry-policy.js';

const now = Date.parse('2025-01-01T00:00:00Z');

describe('isRetryableStatus', () => {
  it('retries 429 for every method', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(isRetryableStatus(429, method)).toBe(true);
    }
  });

  it('retries 5xx and 408 only for idempotent methods', () => {
    for (const status of [408, 500, 502, 503, 504]) {
      expect(isRetryableStatus(status, 'GET')).toBe(true);
      expect(isRetryableStatus(status, 'PUT')).toBe(true);
      expect(isRetryableStatus(status, 'DELETE')).toBe(true);
      expect(isRetryableStatus(status, 'POST')).toBe(false);
      expect(isRetryableStatus(status, 'PATCH')).toBe(false);
    }
  });

  it('never retries statuses that cannot change on a second try', () => {
    for (const status of [400, 401, 403, 404, 409, 412, 413, 501, 505]) {
      expect(isRetryableStatus(status, 'GET')).toBe(false);
    }
  });
});

describe('isIdempotent', () => {
  it('treats GET, HEAD, PUT, DELETE and OPTIONS as idempotent, in any case', () => {
    expect(['GET', 'head', 'PUT', 'DELETE', 'OPTIONS'].map(isIdempotent)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['POST', 'PATCH'].map(isIdempotent)).toEqual([false, false]);
  });
});

describe('backoffDelay', () => {
  const options = { baseDelayMs: 100, maxDelayMs: 1000 };

  it('doubles from the base delay and stops at the cap', () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 10].map((retry) => backoffDelay(retry, options, top))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('keeps half of the delay fixed and jitters the other half', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(200);
    expect(backoffDelay(3, options, () => 0.5)).toBe(300);
  });
});

describe('rateLimitDelay', () => {
  it('reads `Retry-After` as delta seconds', () => {
    expect(rateLimitDelay(new Headers({ 'retry-after': '12' }), now)).toBe(12_000);
  });

  it('reads `Retry-After` as an HTTP date, never negative', () => {
    const headers = new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' });
    expect(rateLimitDelay(headers, now)).toBe(30_000);
    expect(rateLimitDelay(headers, now + 60_000)).toBe(0);
  });

  it('falls back to `X-RateLimit-Reset` epoch seconds', () => {
    const headers = new Headers({ 'x-ratelimit-reset': String(now / 1000 + 4) });
    expect(rateLimitDelay(headers, now)).toBe(4000);
  });

  it('prefers `Retry-After` over `X-RateLimit-Reset`', () => {
    const headers = new Headers({
      'retry-after': '1',
      'x-ratelimit-reset': String(now / 1000 + 4),
    });
    expect(rateLimitDelay(headers, now)).toBe(1000);
  });

  it('says nothing when neither header is usable', () => {
    expect(rateLimitDelay(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(rateLimitDelay(new Headers(), now)).toBeUndefined();
  });
});
