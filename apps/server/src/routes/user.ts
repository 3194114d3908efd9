import { User } from '@docsync/api';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { userResource } from '../members/user-resource.js';
import { userById } from '../members/users-by-id.js';

/** Users: the caller (an extension: GitBook's CLI asks it for `whoami`). */
export const userOperations: readonly Operation[] = [
  operation('getAuthenticatedUser', { response: User }, async ({ caller, ctx, baseUrl }) => {
    const row = await userById(ctx.db, caller.userId);
    if (row === undefined) throw new NotFoundError('User');
    return userResource(row, baseUrl);
  }),
];
