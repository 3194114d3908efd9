import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

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
