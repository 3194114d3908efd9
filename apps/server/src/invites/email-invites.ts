import type { EmailInvite, InviteUsersBody, InviteUsersResult, NullableRole } from '@docsync/api';
import type { Clock } from '../clock.js';
import { BadRequestError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { EMAIL_INVITE_DAYS, inviteExpiry, joinUrl, newInviteSecret } from './invite-secrets.js';

/** What {@link inviteByEmail} needs besides the request. */
export interface InviteByEmailOptions {
  organization: { id: string; default_role: string | null };
  by: string;
  clock: Clock;
  ids: IdGenerator;
  baseUrl: string;
}

/**
 * Makes one single-use invite per address (docsync sends no mail: the answer carries each
 * invite's secret for the admin to hand over). The role is the address's own, else the body's,
 * else the organization's default. Addresses of members are skipped; an address invited before
 * gets a new invite in place of the one it had not accepted. Nobody joins before accepting, so
 * `users` is empty.
 */
export async function inviteByEmail(
  db: Db,
  body: InviteUsersBody,
  options: InviteByEmailOptions,
): Promise<InviteUsersResult> {
  const wanted = new Map<string, NullableRole>();
  body.emails.forEach((entry, index) => {
    const email = (typeof entry === 'string' ? entry : entry.email).toLowerCase();
    if (wanted.has(email))
      throw new BadRequestError(`body/emails/${String(index)} \`${email}\` is given twice`);
    const role = typeof entry === 'string' ? body.role : entry.role;
    wanted.set(
      email,
      role === undefined ? (options.organization.default_role as NullableRole) : role,
    );
  });
  const now = options.clock.now();
  const expiresAt = inviteExpiry(now, EMAIL_INVITE_DAYS);
  return db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select((eb) => eb.fn<string>('lower', ['users.email']).as('email'))
      .where('members.organization_id', '=', options.organization.id)
      .where((eb) => eb(eb.fn('lower', ['users.email']), 'in', [...wanted.keys()]))
      .execute();
    for (const member of members) wanted.delete(member.email);
    const invites: EmailInvite[] = [];
    for (const [email, role] of wanted) {
      await trx
        .deleteFrom('email_invites')
        .where('organization_id', '=', options.organization.id)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .execute();
      const secret = newInviteSecret();
      const id = options.ids();
      await trx
        .insertInto('email_invites')
        .values({
          id,
          organization_id: options.organization.id,
          email,
          role,
          sso: body.sso ?? false,
          secret_hash: secret.hash,
          created_by: options.by,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          accepted_at: null,
          accepted_by: null,
        })
        .execute();
      invites.push({
        object: 'invite',
        id,
        email,
        role,
        expiresAt,
        code: secret.code,
        urls: { join: joinUrl(options.baseUrl, options.organization.id, secret.code) },
      });
    }
    return { users: [], invited: invites.length, invites };
  });
}
