import type { ApiTokenScope } from '@docsync/api';
import { issueApiToken } from '../auth/api-tokens.js';
import { systemClock, type Clock } from '../clock.js';
import { randomId, type IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';

/** Why a recovery token could not be made (the CLI prints the message). */
export class RecoveryTokenError extends Error {
  override name = 'RecoveryTokenError';
}

/** Options of {@link createRecoveryToken}: whose token, and what it may do. */
export interface RecoveryTokenOptions {
  /** A user id or email address (any case). */
  user?: string | undefined;
  /** An organization id: without `user`, the token is its longest-standing admin's. */
  organization?: string | undefined;
  name?: string | undefined;
  expiresAt?: string | undefined;
  scope?: ApiTokenScope | undefined;
  clock?: Clock;
  ids?: IdGenerator;
}

/** What {@link createRecoveryToken} made: `token` is shown once. */
export interface RecoveryToken {
  userId: string;
  tokenId: string;
  token: string;
}

/**
 * Issues an API token straight in the database, for whoever runs the server (`docsync server
 * token create`): the way back in when every admin token is lost. The user is named by id or
 * email; with `organization` they must be its member, and without `user` the organization's
 * longest-standing active admin is chosen.
 */
export async function createRecoveryToken(
  db: Db,
  options: RecoveryTokenOptions,
): Promise<RecoveryToken> {
  let userId: string;
  if (options.user !== undefined) {
    const wanted = options.user;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([eb('id', '=', wanted), eb(eb.fn('lower', ['email']), '=', wanted.toLowerCase())]),
      )
      .executeTakeFirst();
    if (user === undefined)
      throw new RecoveryTokenError(`no user with the id or email \`${wanted}\``);
    userId = user.id;
    if (options.organization !== undefined) {
      const member = await db
        .selectFrom('members')
        .select('user_id')
        .where('organization_id', '=', options.organization)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (member === undefined)
        throw new RecoveryTokenError(
          `\`${wanted}\` is not a member of the organization \`${options.organization}\``,
        );
    }
  } else if (options.organization !== undefined) {
    const admin = await db
      .selectFrom('members')
      .select('user_id')
      .where('organization_id', '=', options.organization)
      .where('role', '=', 'admin')
      .where('disabled', '=', false)
      .orderBy('joined_at')
      .orderBy('user_id')
      .executeTakeFirst();
    if (admin === undefined)
      throw new RecoveryTokenError(`no organization \`${options.organization}\` with an admin`);
    userId = admin.user_id;
  } else {
    throw new RecoveryTokenError('name the user (--user), or an organization (--org) whose admin');
  }
  const issued = await issueApiToken(db, userId, {
    label: options.name ?? 'server token create',
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomId,
    expiresAt: options.expiresAt,
    scope: options.scope,
  });
  return { userId, tokenId: issued.id, token: issued.token };
}
