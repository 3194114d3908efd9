import {
  ApiToken,
  CreateApiTokenBody,
  CreatedApiToken,
  ListOf,
  PaginationQuery,
  User,
} from '@docsync/api';
import { issueApiToken } from '../auth/api-tokens.js';
import {
  apiTokenResource,
  listApiTokens,
  requireFutureExpiry,
  revokeApiToken,
} from '../auth/token-management.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { userResource } from '../members/user-resource.js';
import { userById } from '../members/users-by-id.js';

/**
 * Users: the caller (an extension: GitBook's CLI asks it for `whoami`) and the caller's own API
 * tokens (extensions: a user creates, lists and revokes only their own).
 */
export const userOperations: readonly Operation[] = [
  operation('getAuthenticatedUser', { response: User }, async ({ caller, ctx, baseUrl }) => {
    const row = await userById(ctx.db, caller.userId);
    if (row === undefined) throw new NotFoundError('User');
    return userResource(row, baseUrl);
  }),

  operation(
    'listApiTokens',
    { query: PaginationQuery, response: ListOf(ApiToken) },
    async ({ query, caller, ctx }) => {
      const page = await listApiTokens(ctx.db, caller.userId, query);
      return {
        items: page.rows.map(apiTokenResource),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createApiToken',
    { body: CreateApiTokenBody, response: CreatedApiToken },
    async ({ body, caller, ctx }) => {
      requireFutureExpiry(body.expiresAt, ctx.clock.now());
      const scope = body.scope ?? 'read-write';
      const expiresAt =
        body.expiresAt === undefined ? null : new Date(body.expiresAt).toISOString();
      const issued = await issueApiToken(ctx.db, caller.userId, {
        label: body.name,
        clock: ctx.clock,
        ids: ctx.ids,
        expiresAt: expiresAt ?? undefined,
        scope,
      });
      return {
        ...apiTokenResource({
          id: issued.id,
          label: body.name,
          prefix: issued.prefix,
          scope,
          created_at: issued.createdAt,
          expires_at: expiresAt,
        }),
        token: issued.token,
      };
    },
  ),

  operation(
    'deleteApiToken',
    { params: ['tokenId'], response: null },
    async ({ params, caller, ctx }) => {
      await revokeApiToken(ctx.db, caller.userId, params.tokenId);
      return undefined;
    },
  ),
];
