import { issueApiToken } from '../auth/api-tokens.js';
import { systemClock, type Clock } from '../clock.js';
import { randomId, type IdGenerator } from '../ids.js';
import { insertMember, insertOrganization } from '../organizations/insert-organization.js';
import type { Db } from '../storage/schema.js';

/** What {@link initServer} created. `token` is shown once: only its hash is stored. */
export interface InitResult {
  organizationId: string;
  userId: string;
  token: string;
}

/** Options of {@link initServer}. */
export interface InitServerOptions {
  /** Title of the first organization. Default `My organization`. */
  organizationTitle?: string;
  /** Display name of the admin user. Default `Admin`. */
  adminName?: string;
  /** Email of the admin user (recorded as verified). Default none. */
  adminEmail?: string;
  clock?: Clock;
  ids?: IdGenerator;
}

/** A server that has an organization has been initialised. */
export async function isInitialized(db: Db): Promise<boolean> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return any !== undefined;
}

/**
 * Creates the first organization, its admin user (the server admin, who may create more
 * organizations) and an API token for that user, in one transaction. Meant for an empty database; running it again creates another organization.
 */
export async function initServer(db: Db, options: InitServerOptions = {}): Promise<InitResult> {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomId;
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const userId = ids();
    const organizationId = ids();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        display_name: options.adminName ?? 'Admin',
        email: options.adminEmail ?? null,
        email_verified: options.adminEmail !== undefined,
        photo_url: null,
        created_at: now,
        server_admin: true,
      })
      .execute();
    await insertOrganization(trx, {
      id: organizationId,
      title: options.organizationTitle ?? 'My organization',
      defaultRole: 'read',
      createdBy: userId,
      now,
    });
    await insertMember(trx, { organizationId, userId, role: 'admin', now });
    const { token } = await issueApiToken(trx, userId, { label: 'server init', clock, ids });
    return { organizationId, userId, token };
  });
}
