import { ListOf, PaginationQuery } from '../schemas/common.js';
import { AgentInstructions, UpdateAgentInstructionsBody } from '../schemas/agent-instructions.js';
import {
  CreateOrganizationBody,
  EmailDomainOrganizations,
  Organization,
  UpdateOrganizationBody,
} from '../schemas/organization.js';
import { SearchQuery, SearchSpaceResult } from '../schemas/search.js';
import { defineRoutes } from './define-routes.js';

/** Organizations: the caller's organizations, settings, joining, search, agent instructions. */
export const organizationRoutes = defineRoutes('Organizations', [
  {
    operationId: 'listOrganizationsForAuthenticatedUser',
    method: 'GET',
    path: '/v1/orgs',
    summary: 'List the organizations the caller is a member of.',
    query: PaginationQuery,
    responses: { 200: ListOf(Organization) },
  },
  {
    operationId: 'createOrganization',
    method: 'POST',
    path: '/v1/orgs',
    summary: 'Create an organization (server admins only); the caller becomes its admin.',
    body: CreateOrganizationBody,
    responses: { 201: Organization },
    extension: true,
  },
  {
    operationId: 'getOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}',
    summary: 'Get an organization.',
    responses: { 200: Organization },
  },
  {
    operationId: 'updateOrganizationById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}',
    summary: "Update an organization's settings.",
    body: UpdateOrganizationBody,
    responses: { 200: Organization },
  },
  {
    operationId: 'deleteOrganizationInviteById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/link-invites/{inviteId}',
    summary: 'Delete an invite link (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'joinOrganization',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/join',
    summary: "Join an organization that allows the caller's verified email domain.",
    responses: { 204: null },
  },
  {
    operationId: 'searchOrganizationContent',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/search',
    summary: "Search the content of an organization's spaces.",
    query: SearchQuery,
    responses: { 200: ListOf(SearchSpaceResult) },
  },
  {
    operationId: 'getOrganizationAgentInstructions',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/agent-instructions',
    summary: "Get the organization's instructions for AI agents.",
    responses: { 200: AgentInstructions },
  },
  {
    operationId: 'updateOrganizationAgentInstructions',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/agent-instructions',
    summary: "Replace the organization's instructions for AI agents.",
    body: UpdateAgentInstructionsBody,
    responses: { 200: AgentInstructions },
  },
  {
    operationId: 'listOrganizationsForEmailDomain',
    method: 'GET',
    path: '/v1/email-domains/{emailDomain}/orgs',
    summary: 'List the organizations that accept members of an email domain.',
    responses: { 200: EmailDomainOrganizations },
  },
]);
