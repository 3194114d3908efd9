import { issueApiToken } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { randomId } from '../ids.js';
import { insertMember, insertOrganization } from '../organizations/insert-organization.js';
import type { Db } from '../storage/schema.js';

/** Arrangements tests need that the API does not offer (yet): users, memberships, organizations. */

/** Creates a user with an API token; returns the user id and the token. */
export async function seedUser(
  db: Db,
  clock: Clock,
  options: { name?: string; email?: string; verified?: boolean } = {},
): Promise<{ userId: string; token: string }> {
  const userId = randomId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      display_name: options.name ?? 'Someone',
      email: options.email ?? null,
      email_verified: options.verified ?? options.email !== undefined,
      photo_url: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
  const { token } = await issueApiToken(db, userId, { label: 'test', clock, ids: randomId });
  return { userId, token };
}

/** Makes a user a member of an organization with a role (null: guest). */
export async function seedMember(
  db: Db,
  clock: Clock,
  organizationId: string,
  userId: string,
  role: string | null,
): Promise<void> {
  await insertMember(db, { organizationId, userId, role, now: clock.now().toISOString() });
}

/** Creates a user with this email and makes them a member of the organization with a role. */
export async function seedMemberUser(
  db: Db,
  clock: Clock,
  organizationId: string,
  email: string,
  role: string | null,
): Promise<{ userId: string; token: string }> {
  const user = await seedUser(db, clock, { email });
  await seedMember(db, clock, organizationId, user.userId, role);
  return user;
}

/** Creates an organization (no members). */
export async function seedOrganization(
  db: Db,
  clock: Clock,
  options: { title?: string; emailDomains?: string[]; defaultRole?: string | null } = {},
): Promise<string> {
  const id = randomId();
  await insertOrganization(db, {
    id,
    title: options.title ?? 'Other organization',
    defaultRole: options.defaultRole === undefined ? 'read' : options.defaultRole,
    emailDomains: options.emailDomains ?? [],
    createdBy: null,
    now: clock.now().toISOString(),
  });
  return id;
}

/** Creates a collection in an organization. */
export async function seedCollection(
  db: Db,
  clock: Clock,
  organizationId: string,
  options: { defaultLevel?: string | null; parent?: string | null; title?: string } = {},
): Promise<string> {
  const id = randomId();
  const now = clock.now().toISOString();
  await db
    .insertInto('collections')
    .values({
      id,
      organization_id: organizationId,
      parent_id: options.parent ?? null,
      title: options.title ?? 'Collection',
      description: null,
      default_level: options.defaultLevel ?? null,
      position: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
