import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';
import { parseDuration } from './duration.js';

describe('backoffDelay', () => {
  const options = { initialMs: 1000, maxMs: 8000 };
  it('doubles per attempt up to the cap, between half and all of the ceiling', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, options, () => 0))).toEqual([
      500, 1000, 2000, 4000, 4000,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, options, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
  });
});

describe('parseDuration', () => {
  it('reads milliseconds and units, and refuses anything else', () => {
    expect(['250ms', '2s', '1.5m', '1h', 40, ' 3 s '].map(parseDuration)).toEqual([
      250, 2000, 90_000, 3_600_000, 40, 3000,
    ]);
    expect(['2', 'soon', '-1s', -5, null, '1d'].map(parseDuration)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
