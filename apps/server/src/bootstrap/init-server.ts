import { issueApiToken } from '../auth/api-tokens.js';
import { systemClock, type Clock } from '../clock.js';
import { randomId, type IdGenerator } from '../ids.js';
import { writeJson } from '../resources/json-column.js';
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
 * Creates the first organization, its admin user and an API token for that user, in one
 * transaction. Meant for an empty database; running it again creates another organization.
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
      })
      .execute();
    await trx
      .insertInto('organizations')
      .values({
        id: organizationId,
        title: options.organizationTitle ?? 'My organization',
        created_at: now,
        updated_at: now,
        email_domains: writeJson([]),
        hostname: null,
        type: 'business',
        use_case: null,
        community_type: null,
        default_role: 'read',
        default_content: null,
        logo: null,
        sso: false,
        ai: false,
        invite_links: false,
        plan: 'free_2024',
        merge_rules: writeJson({ type: 'none' }),
        agent_instructions: null,
        agent_instructions_updated_at: null,
        agent_instructions_updated_by: null,
      })
      .execute();
    await trx
      .insertInto('members')
      .values({
        organization_id: organizationId,
        user_id: userId,
        role: 'admin',
        sso: false,
        disabled: false,
        joined_at: now,
        last_seen_at: null,
      })
      .execute();
    const { token } = await issueApiToken(trx, userId, { label: 'server init', clock, ids });
    return { organizationId, userId, token };
  });
}
