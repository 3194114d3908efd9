import { ListOf, PaginationQuery } from '../schemas/common.js';
import {
  CreateInviteLinkBody,
  InviteLink,
  InviteUsersBody,
  InviteUsersResult,
  JoinWithInviteBody,
  JoinWithInviteResult,
  UpdateInviteLinkBody,
} from '../schemas/invite.js';
import { defineRoutes } from './define-routes.js';

const linkInvites = '/v1/orgs/{organizationId}/link-invites';

/**
 * Invites, as GitBook's public API has them (the description lists only the DELETE of an invite
 * link, which stays with the organization's routes): by email, and by links while the
 * organization's `inviteLinks` is on. Invites to a space or a collection are not offered.
 */
export const organizationInviteRoutes = defineRoutes('Organizations', [
  {
    operationId: 'inviteUsersToOrganization',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/invites',
    summary: 'Invite people by email; each invite is answered with its secret (no email is sent).',
    body: InviteUsersBody,
    responses: { 200: InviteUsersResult },
    extension: true,
  },
  {
    operationId: 'joinOrganizationWithInvite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/invites/{inviteId}',
    summary:
      'Accept an invite (`inviteId` is its secret): the caller joins, or without a token a new account is made.',
    body: JoinWithInviteBody,
    responses: { 200: JoinWithInviteResult },
    errors: [409],
    extension: true,
    anonymous: true,
  },
  {
    operationId: 'listOrganizationInviteLinks',
    method: 'GET',
    path: linkInvites,
    summary: "List the organization's invite links that have not expired.",
    query: PaginationQuery,
    responses: { 200: ListOf(InviteLink) },
    extension: true,
  },
  {
    operationId: 'createOrganizationInvite',
    method: 'POST',
    path: linkInvites,
    summary: 'Create an invite link (its secret is shown only in this answer).',
    body: CreateInviteLinkBody,
    responses: { 201: InviteLink },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'getOrganizationInviteLink',
    method: 'GET',
    path: `${linkInvites}/{inviteId}`,
    summary: 'Get an invite link.',
    responses: { 200: InviteLink },
    extension: true,
  },
  {
    operationId: 'updateOrganizationInviteById',
    method: 'PATCH',
    path: `${linkInvites}/{inviteId}`,
    summary: 'Change the role an invite link gives.',
    body: UpdateInviteLinkBody,
    responses: { 200: InviteLink },
    extension: true,
  },
]);
