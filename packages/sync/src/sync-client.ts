import { createClient, type ApiClient } from '@docsync/client';
import { SyncError } from './errors.js';

/** What sync needs from the service: the typed API and file downloads. */
export interface SyncClient {
  api: Pick<ApiClient, 'request' | 'listAll'>;
  /** The bytes behind a file's `downloadURL` (same origin, same token). */
  download(url: string): Promise<Uint8Array>;
}

/** Options of {@link createSyncClient}. */
export interface SyncClientOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof globalThis.fetch;
}

/** A {@link SyncClient} on `@docsync/client` and `fetch`. */
export function createSyncClient(options: SyncClientOptions): SyncClient {
  const fetchFn = options.fetch ?? globalThis.fetch;
  return {
    api: createClient({
      baseUrl: options.baseUrl,
      token: options.token,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    }),
    async download(url) {
      const response = await fetchFn(url, {
        headers: { authorization: `Bearer ${options.token}` },
      });
      if (!response.ok)
        throw new SyncError(
          'remote-unavailable',
          `downloading a file failed with HTTP ${String(response.status)}`,
          { data: { status: response.status } },
        );
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
