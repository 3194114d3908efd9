import { ListOf } from '../schemas/common.js';
import { CreateTeamBody, ListTeamsQuery, Team, UpdateTeamBody } from '../schemas/team.js';
import { defineRoutes } from './define-routes.js';

/** Teams of an organization. */
export const teamRoutes = defineRoutes('Teams', [
  {
    operationId: 'listOrganizationTeams',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/teams',
    summary: 'List the teams of an organization.',
    query: ListTeamsQuery,
    responses: { 200: ListOf(Team) },
  },
  {
    operationId: 'createOrganizationTeam',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/teams',
    summary: 'Create a team, optionally with members.',
    body: CreateTeamBody,
    responses: { 201: Team },
    errors: [409],
  },
  {
    operationId: 'getOrganizationTeamById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Get a team.',
    responses: { 200: Team },
  },
  {
    operationId: 'deleteOrganizationTeamById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Delete a team (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateOrganizationTeamById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Rename a team.',
    body: UpdateTeamBody,
    responses: { 200: Team },
    errors: [409],
  },
]);
