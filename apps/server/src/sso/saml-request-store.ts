import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../storage/schema.js';

/** How long the IdP has to answer an AuthnRequest. */
export const SAML_REQUEST_MINUTES = 10;

/**
 * The `InResponseTo` state node-saml keeps for a provider, in the database rather than in
 * memory, so an answer is accepted by whichever instance the browser posts it to, and only once.
 * Times are node-saml's (it checks them against the machine clock). `removeAsync` notes whether
 * it deleted the request, so the caller can tell its own acceptance from one another instance
 * made of the same request in the meantime.
 */
export class SamlRequestStore implements CacheProvider {
  readonly #db: Db;
  readonly #providerId: string;
  #consumed = new Set<string>();

  constructor(db: Db, providerId: string) {
    this.#db = db;
    this.#providerId = providerId;
  }

  /** Whether this store, and no one else, deleted the request `id` (used it up). */
  consumed(id: string): boolean {
    return this.#consumed.has(id);
  }

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const createdAt = new Date(value);
    const expiresAt = new Date(createdAt.getTime() + SAML_REQUEST_MINUTES * 60_000);
    // Requests nobody answered are of no use once expired.
    await this.#db
      .deleteFrom('saml_requests')
      .where('expires_at', '<=', createdAt.toISOString())
      .execute();
    await this.#db
      .insertInto('saml_requests')
      .values({
        id: key,
        provider_id: this.#providerId,
        created_at: createdAt.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    return { value, createdAt: createdAt.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('saml_requests')
      .select('created_at')
      .where('id', '=', key)
      .where('provider_id', '=', this.#providerId)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    const deleted = await this.#db
      .deleteFrom('saml_requests')
      .where('id', '=', key)
      .where('provider_id', '=', this.#providerId)
      .executeTakeFirst();
    if (deleted.numDeletedRows !== 1n) return null;
    this.#consumed.add(key);
    return key;
  }
}
