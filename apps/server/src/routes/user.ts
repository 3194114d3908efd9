import { User } from '@docsync/api';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { userResource } from '../members/user-resource.js';

/** Users: the caller (an extension: GitBook's CLI asks it for `whoami`). */
export const userOperations: readonly Operation[] = [
  operation('getAuthenticatedUser', { response: User }, async ({ caller, ctx, baseUrl }) => {
    const row = await ctx.db
      .selectFrom('users')
      .select(['id as user_id', 'display_name', 'email', 'photo_url'])
      .where('id', '=', caller.userId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError('User');
    return userResource(row, baseUrl);
  }),
];
