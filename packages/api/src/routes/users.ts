import { ListOf, PaginationQuery } from '../schemas/common.js';
import { ApiToken, CreateApiTokenBody, CreatedApiToken } from '../schemas/api-token.js';
import { User } from '../schemas/user.js';
import { defineRoutes } from './define-routes.js';

/** Who the caller is and their API tokens (in the Organizations section, with their organizations). */
export const userRoutes = defineRoutes('Organizations', [
  {
    operationId: 'getAuthenticatedUser',
    method: 'GET',
    path: '/v1/user',
    summary: 'Get the authenticated user (the `whoami` of GitBook’s CLI).',
    responses: { 200: User },
    extension: true,
  },
  {
    operationId: 'listApiTokens',
    method: 'GET',
    path: '/v1/user/tokens',
    summary: "List the caller's API tokens (never their secrets), newest first.",
    query: PaginationQuery,
    responses: { 200: ListOf(ApiToken) },
    extension: true,
  },
  {
    operationId: 'createApiToken',
    method: 'POST',
    path: '/v1/user/tokens',
    summary: 'Create an API token for the caller (the secret is shown only in this answer).',
    body: CreateApiTokenBody,
    responses: { 201: CreatedApiToken },
    extension: true,
  },
  {
    operationId: 'deleteApiToken',
    method: 'DELETE',
    path: '/v1/user/tokens/{tokenId}',
    summary: "Revoke one of the caller's API tokens (succeeds when it does not exist).",
    responses: { 204: null },
    extension: true,
  },
]);
