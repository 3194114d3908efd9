import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './json-logger.js';

describe('createJsonLogger', () => {
  it('writes one JSON line per event: level by name, ISO time, the facts, errors reduced to name, message and code', () => {
    const lines: string[] = [];
    const logger = createJsonLogger(
      (line) => lines.push(line),
      () => new Date('2026-01-01T00:00:00.000Z'),
    );
    const error = Object.assign(new Error('refused'), {
      code: 'remote-unavailable',
      token: 'dsk_x',
    });
    logger.log('warn', 'sync-failed', { repository: 'docs', attempt: 2, error });
    logger.log('debug', 'tick');
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        level: 'warn',
        time: '2026-01-01T00:00:00.000Z',
        event: 'sync-failed',
        repository: 'docs',
        attempt: 2,
        error: { name: 'Error', message: 'refused', code: 'remote-unavailable' },
      },
      { level: 'debug', time: '2026-01-01T00:00:00.000Z', event: 'tick' },
    ]);
    expect(lines.join('')).not.toContain('dsk_x');
  });
});
