import type { JoinWithInviteBody, JoinWithInviteResult } from '@docsync/api';
import { atLeast, levelOf } from '../access/roles.js';
import { hashToken, issueApiToken, type Caller } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';

/** What an invite gives, whichever kind it is. */
interface FoundInvite {
  role: string | null;
  sso: boolean;
  /** An invite by email: its address and id (it is used up by accepting). */
  email?: { address: string; id: string };
}

/** The usable invite whose secret is `code`, in the organization; 404 for anything else. */
async function findInvite(
  db: Db,
  organizationId: string,
  code: string,
  now: string,
): Promise<FoundInvite> {
  const secretHash = hashToken(code);
  const byEmail = await db
    .selectFrom('email_invites')
    .select(['id', 'email', 'role', 'sso', 'expires_at', 'accepted_at'])
    .where('organization_id', '=', organizationId)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  if (byEmail !== undefined) {
    if (byEmail.accepted_at !== null || byEmail.expires_at <= now) throw unusable();
    return {
      role: byEmail.role,
      sso: Boolean(byEmail.sso),
      email: { address: byEmail.email, id: byEmail.id },
    };
  }
  const link = await db
    .selectFrom('link_invites')
    .innerJoin('organizations', 'organizations.id', 'link_invites.organization_id')
    .select(['link_invites.role', 'link_invites.expires_at', 'organizations.invite_links'])
    .where('link_invites.organization_id', '=', organizationId)
    .where('link_invites.secret_hash', '=', secretHash)
    .executeTakeFirst();
  // A link works while it has not expired and the organization has invite links turned on.
  if (link === undefined || !link.invite_links || (link.expires_at ?? '') <= now) throw unusable();
  return { role: link.role, sso: false };
}

function unusable(): NotFoundError {
  return new NotFoundError('Invite', 'Invite not found (unknown, used or expired)');
}

/** What {@link acceptInvite} needs. */
export interface AcceptInviteOptions {
  organizationId: string;
  /** The invite's secret (the path's `inviteId`). */
  code: string;
  /** The signed-in caller, or undefined to make a new account. */
  caller: Caller | undefined;
  body: JoinWithInviteBody;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Accepts an invite, in one transaction. A signed-in caller joins (an invite by email only for
 * the account with its address); without a token a new account is made (with the invite's
 * address, or the body's) and its first API token returned; an address that has an account
 * already is a 409 (accept with that account's token). A member keeps a higher role than the
 * invite's; a lower one is raised. An invite by email is used up; a link is not.
 */
export async function acceptInvite(
  db: Db,
  options: AcceptInviteOptions,
): Promise<JoinWithInviteResult> {
  const now = options.clock.now().toISOString();
  const { body } = options;
  return db.transaction().execute(async (trx) => {
    const invite = await findInvite(trx, options.organizationId, options.code, now);
    let userId: string;
    let result: JoinWithInviteResult = {};
    if (options.caller !== undefined) {
      userId = options.caller.userId;
      if (invite.email !== undefined) {
        const user = await trx
          .selectFrom('users')
          .select('email')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        if (user.email?.toLowerCase() !== invite.email.address)
          throw new ForbiddenError('This invite is for another email address');
      }
    } else {
      const given = body.email?.toLowerCase();
      if (invite.email !== undefined && given !== undefined && given !== invite.email.address)
        throw new BadRequestError('body/email must be the address the invite was sent to');
      const email = invite.email?.address ?? given ?? null;
      const taken = () =>
        new ConflictError(
          `An account with the address \`${email ?? ''}\` exists: accept the invite with its API token`,
        );
      // Addresses are one account whatever their case (stored ones may have capitals).
      if (email !== null) {
        const existing = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .executeTakeFirst();
        if (existing !== undefined) throw taken();
      }
      userId = options.ids();
      try {
        await trx
          .insertInto('users')
          .values({
            id: userId,
            display_name: body.name ?? email?.split('@')[0] ?? 'New member',
            email,
            email_verified: false,
            photo_url: null,
            created_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw taken();
      }
      const issued = await issueApiToken(trx, userId, {
        label: 'invite',
        clock: options.clock,
        ids: options.ids,
      });
      result = { user: userId, token: issued.token };
    }
    await joinWithRole(trx, options.organizationId, userId, invite, now);
    if (invite.email !== undefined) {
      const used = await trx
        .updateTable('email_invites')
        .set({ accepted_at: now, accepted_by: userId })
        .where('id', '=', invite.email.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) throw unusable();
    }
    return result;
  });
}

/** Makes the user a member with the invite's role, or raises a member's lower role to it. */
async function joinWithRole(
  db: Db,
  organizationId: string,
  userId: string,
  invite: FoundInvite,
  now: string,
): Promise<void> {
  const member = await db
    .selectFrom('members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (member === undefined) {
    await db
      .insertInto('members')
      .values({
        organization_id: organizationId,
        user_id: userId,
        role: invite.role,
        sso: invite.sso,
        disabled: false,
        joined_at: now,
        last_seen_at: null,
      })
      .execute();
    return;
  }
  if (!atLeast(levelOf(member.role), levelOf(invite.role)))
    await db
      .updateTable('members')
      .set({ role: invite.role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
}
