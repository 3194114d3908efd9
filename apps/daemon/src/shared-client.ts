import { createSyncClient, type SyncClient } from '@docsync/sync';

/**
 * The daemon's one client for its service, shared by every repository: made again only when the
 * token changes (the token file is read before every cycle, so a rotated token takes effect at
 * the next one).
 */
export class SharedClient {
  readonly #url: string;
  #current: { token: string; client: SyncClient } | undefined;

  constructor(url: string) {
    this.#url = url;
  }

  /** The client for `token`. */
  for(token: string): SyncClient {
    if (this.#current?.token !== token)
      this.#current = { token, client: createSyncClient({ baseUrl: this.#url, token }) };
    return this.#current.client;
  }
}
