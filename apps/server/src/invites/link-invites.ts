import type { InviteLink, NullableRole, PaginationQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import { atLeast, levelOf, type Level } from '../access/roles.js';
import type { Clock } from '../clock.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import type { Db, LinkInvitesTable } from '../storage/schema.js';
import { inviteExpiry, joinUrl, LINK_INVITE_DAYS, newInviteSecret } from './invite-secrets.js';

type LinkInviteRow = Selectable<LinkInvitesTable>;

/**
 * An invite link as the API shows it to a caller at `callerLevel`: `redundant` when the caller
 * already has the role it gives. The secret (`code`, and the join URL) only when just made.
 */
export function linkInviteResource(
  row: LinkInviteRow,
  callerLevel: Level,
  created?: { code: string; baseUrl: string },
): InviteLink {
  return {
    object: 'invite',
    id: row.id,
    role: row.role as NullableRole,
    redundant: atLeast(callerLevel, levelOf(row.role)),
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
    ...(created === undefined
      ? {}
      : {
          code: created.code,
          urls: { join: joinUrl(created.baseUrl, row.organization_id, created.code) },
        }),
  };
}

/** Makes an invite link; 409 while the organization has invite links turned off. */
export async function createLinkInvite(
  db: Db,
  organization: { id: string; invite_links: unknown },
  role: NullableRole,
  options: { by: string; clock: Clock; ids: IdGenerator },
): Promise<{ row: LinkInviteRow; code: string }> {
  if (!organization.invite_links)
    throw new ConflictError(
      'Invite links are turned off for this organization (PATCH it with `inviteLinks: true` first)',
    );
  const now = options.clock.now();
  const secret = newInviteSecret();
  const row: LinkInviteRow = {
    id: options.ids(),
    organization_id: organization.id,
    role,
    created_at: now.toISOString(),
    secret_hash: secret.hash,
    expires_at: inviteExpiry(now, LINK_INVITE_DAYS),
    created_by: options.by,
  };
  await db.insertInto('link_invites').values(row).execute();
  return { row, code: secret.code };
}

/** The organization's invite links that have not expired, oldest first. */
export function listLinkInvites(
  db: Db,
  organizationId: string,
  query: PaginationQuery,
  now: Date,
): Promise<CountedPage<LinkInviteRow>> {
  const matching = db
    .selectFrom('link_invites')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]));
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** An invite link of the organization that has not expired; 404 otherwise. */
export async function requireLinkInvite(
  db: Db,
  organizationId: string,
  inviteId: string,
  now: Date,
): Promise<LinkInviteRow> {
  const row = await db
    .selectFrom('link_invites')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', inviteId)
    .executeTakeFirst();
  if (row === undefined || (row.expires_at !== null && row.expires_at <= now.toISOString()))
    throw new NotFoundError('Invite');
  return row;
}

/** Changes the role an invite link gives. */
export async function updateLinkInviteRole(
  db: Db,
  row: LinkInviteRow,
  role: NullableRole,
): Promise<LinkInviteRow> {
  await db.updateTable('link_invites').set({ role }).where('id', '=', row.id).execute();
  return { ...row, role };
}
