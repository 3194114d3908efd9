import {
  CreateInviteLinkBody,
  InviteLink,
  InviteUsersBody,
  InviteUsersResult,
  JoinWithInviteBody,
  JoinWithInviteResult,
  ListOf,
  PaginationQuery,
  UpdateInviteLinkBody,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import { anonymousOperation, operation, type Operation } from '../http/operation.js';
import { acceptInvite } from '../invites/accept-invite.js';
import { inviteByEmail } from '../invites/email-invites.js';
import {
  createLinkInvite,
  linkInviteResource,
  listLinkInvites,
  requireLinkInvite,
  updateLinkInviteRole,
} from '../invites/link-invites.js';
import type { ServerContext } from '../server-context.js';

/** An invite link of an organization the caller administers (404 unknown, 403 not an admin). */
async function adminLinkInvite(
  ctx: ServerContext,
  caller: Caller,
  params: { organizationId: string; inviteId: string },
  action: string,
) {
  const access = await requireOrganization(ctx.db, caller, params.organizationId);
  requireLevel(access.level, 'admin', action);
  const row = await requireLinkInvite(
    ctx.db,
    params.organizationId,
    params.inviteId,
    ctx.clock.now(),
  );
  return { row, level: access.level };
}

/**
 * Invites (extensions with GitBook's shapes): admins invite by email and manage invite links;
 * anyone holding an invite's secret accepts it, with a token or without (a new account).
 */
export const organizationInviteOperations: readonly Operation[] = [
  operation(
    'inviteUsersToOrganization',
    { params: ['organizationId'], body: InviteUsersBody, response: InviteUsersResult },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'invite people to this organization');
      return inviteByEmail(ctx.db, body, {
        organization: access.organization,
        by: caller.userId,
        clock: ctx.clock,
        ids: ctx.ids,
        baseUrl,
      });
    },
  ),

  anonymousOperation(
    'joinOrganizationWithInvite',
    {
      params: ['organizationId', 'inviteId'],
      body: JoinWithInviteBody,
      response: JoinWithInviteResult,
    },
    async ({ params, body, caller, ctx }) =>
      acceptInvite(ctx.db, {
        organizationId: params.organizationId,
        code: params.inviteId,
        caller,
        body,
        clock: ctx.clock,
        ids: ctx.ids,
      }),
  ),

  operation(
    'listOrganizationInviteLinks',
    { params: ['organizationId'], query: PaginationQuery, response: ListOf(InviteLink) },
    async ({ params, query, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'see invite links');
      const page = await listLinkInvites(ctx.db, params.organizationId, query, ctx.clock.now());
      return {
        items: page.rows.map((row) => linkInviteResource(row, access.level)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createOrganizationInvite',
    { params: ['organizationId'], body: CreateInviteLinkBody, response: InviteLink },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'create invite links');
      const { row, code } = await createLinkInvite(ctx.db, access.organization, body.role, {
        by: caller.userId,
        clock: ctx.clock,
        ids: ctx.ids,
      });
      return linkInviteResource(row, access.level, { code, baseUrl });
    },
  ),

  operation(
    'getOrganizationInviteLink',
    { params: ['organizationId', 'inviteId'], response: InviteLink },
    async ({ params, caller, ctx }) => {
      const { row, level } = await adminLinkInvite(ctx, caller, params, 'see invite links');
      return linkInviteResource(row, level);
    },
  ),

  operation(
    'updateOrganizationInviteById',
    { params: ['organizationId', 'inviteId'], body: UpdateInviteLinkBody, response: InviteLink },
    async ({ params, body, caller, ctx }) => {
      const { row, level } = await adminLinkInvite(ctx, caller, params, 'change invite links');
      return linkInviteResource(await updateLinkInviteRole(ctx.db, row, body.role), level);
    },
  ),
];
