import { ListOf } from '../schemas/common.js';
import {
  ListMemberSpacesQuery,
  ListMemberTeamsQuery,
  ListMembersQuery,
  Member,
  MemberSpace,
  MemberTeam,
  PingResponse,
  UpdateMemberBody,
} from '../schemas/member.js';
import { defineRoutes } from './define-routes.js';

/** Organization members: listing, roles, removal, SSO flag, last-seen ping, spaces and teams. */
export const organizationMemberRoutes = defineRoutes('Organization members', [
  {
    operationId: 'listOrganizationMembers',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members',
    summary: 'List the members of an organization.',
    query: ListMembersQuery,
    responses: { 200: ListOf(Member) },
  },
  {
    operationId: 'getOrganizationMemberById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: 'Get a member of an organization.',
    responses: { 200: Member },
  },
  {
    operationId: 'removeOrganizationMemberById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: 'Remove a member from an organization (succeeds when not a member).',
    responses: { 204: null },
  },
  {
    operationId: 'updateOrganizationMemberById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: "Change a member's role (null makes the member a guest).",
    body: UpdateMemberBody,
    responses: { 200: Member },
  },
  {
    operationId: 'pingOrganization',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/ping',
    summary: "Update the caller's last-seen time in an organization.",
    responses: { 200: PingResponse },
  },
  {
    operationId: 'markOrganizationMemberAsSso',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/members/{userId}/sso',
    summary: 'Mark a member as signing in through SSO.',
    responses: { 200: Member },
  },
  {
    operationId: 'listOrganizationMemberSpaces',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}/spaces',
    summary: 'List the spaces a member can access, with the level of access.',
    query: ListMemberSpacesQuery,
    responses: { 200: ListOf(MemberSpace) },
  },
  {
    operationId: 'listOrganizationMemberTeams',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}/teams',
    summary: 'List the teams a member belongs to, with the role in each.',
    query: ListMemberTeamsQuery,
    responses: { 200: ListOf(MemberTeam) },
  },
]);
