import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { readBackgroundSettings } from './serve-background.js';

const withEnv = (env: Record<string, string>) => ({ env }) as unknown as CliIo;

describe('readBackgroundSettings', () => {
  it('reads nothing from an environment without the settings', () => {
    expect(readBackgroundSettings(withEnv({}))).toEqual({});
  });

  it('reads the allow-list, the refresh interval and the job lease', () => {
    expect(
      readBackgroundSettings(
        withEnv({
          DOCSYNC_FETCH_ALLOW: '10.20.0.0/16, 127.0.0.1 ,fd00::/8',
          DOCSYNC_OPENAPI_REFRESH_HOURS: '0.5',
          DOCSYNC_JOB_LEASE_SECONDS: '30',
        }),
      ),
    ).toEqual({
      fetch: { allow: ['10.20.0.0/16', '127.0.0.1', 'fd00::/8'] },
      openApiRefreshMs: 30 * 60 * 1000,
      jobs: { leaseMs: 30_000 },
    });
  });

  it('refuses a range that is not one, and a time that is not positive', () => {
    for (const env of [
      { DOCSYNC_FETCH_ALLOW: 'intranet.local' },
      { DOCSYNC_FETCH_ALLOW: '10.0.0.0/33' },
      { DOCSYNC_OPENAPI_REFRESH_HOURS: '0' },
      { DOCSYNC_OPENAPI_REFRESH_HOURS: 'daily' },
      { DOCSYNC_JOB_LEASE_SECONDS: '-5' },
    ])
      expect(() => readBackgroundSettings(withEnv(env)), JSON.stringify(env)).toThrow(UsageError);
  });
});
