import { isIP } from 'node:net';
import type { ServerDeps } from '@docsync/server';
import { UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { setting } from './serve-blob-store.js';

/** What `docsync serve --help` says of the settings below. */
export const BACKGROUND_HELP = `
Background work (OpenAPI specs fetched and versioned, integration events delivered), chosen
by the environment:
  DOCSYNC_FETCH_ALLOW            comma-separated CIDR ranges of private, loopback or link-local
                                 addresses the service may fetch spec URLs from and deliver
                                 integration events to (default none: public addresses only),
                                 e.g. 10.20.0.0/16
  DOCSYNC_OPENAPI_REFRESH_HOURS  how often specs with a URL source are fetched again (default 6)
  DOCSYNC_JOB_LEASE_SECONDS      how long a job claimed by a stopped instance waits before another
                                 instance takes it over (default 60)
`;

function positive(io: CliIo, name: string): number | undefined {
  const text = setting(io, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} \`${text}\` is not a positive number`);
  return value;
}

/** `createServer`'s settings of fetching and background jobs, from the environment. */
export function readBackgroundSettings(
  io: CliIo,
): Pick<ServerDeps, 'fetch' | 'openApiRefreshMs' | 'jobs'> {
  const allow = setting(io, 'DOCSYNC_FETCH_ALLOW')
    ?.split(',')
    .map((range) => range.trim())
    .filter((range) => range !== '');
  for (const range of allow ?? []) {
    const [address = '', prefix] = range.split('/');
    const max = isIP(address) === 4 ? 32 : 128;
    if (
      isIP(address) === 0 ||
      (prefix !== undefined && !(Number(prefix) >= 0 && Number(prefix) <= max))
    )
      throw new UsageError(`DOCSYNC_FETCH_ALLOW: \`${range}\` is not an IP address or CIDR range`);
  }
  const refreshHours = positive(io, 'DOCSYNC_OPENAPI_REFRESH_HOURS');
  const leaseSeconds = positive(io, 'DOCSYNC_JOB_LEASE_SECONDS');
  return {
    ...(allow === undefined ? {} : { fetch: { allow } }),
    ...(refreshHours === undefined ? {} : { openApiRefreshMs: refreshHours * 60 * 60 * 1000 }),
    ...(leaseSeconds === undefined ? {} : { jobs: { leaseMs: leaseSeconds * 1000 } }),
  };
}
