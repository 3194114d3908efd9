import { Type, type Static } from 'typebox';
import { DateTime, NullableRole, Uri } from './common.js';

/**
 * The secret of an invite, shown once (when the invite is made): the `{inviteId}` of
 * `joinOrganizationWithInvite`. Only its hash is stored.
 */
const InviteCode = Type.String({
  description:
    'The invite’s secret, shown only in the answer that creates the invite: the `{inviteId}` to join with.',
});

/**
 * An invite link to an organization (GitBook's `InviteLinkToOrganization`); docsync adds when it
 * expires, the join URL and, in the answer that creates it, the secret.
 */
export const InviteLink = Type.Object(
  {
    object: Type.Literal('invite'),
    id: Type.String({ description: 'The invite link’s id (not its secret).' }),
    role: NullableRole,
    redundant: Type.Boolean({
      description: 'The caller already has every right the invite gives.',
    }),
    expiresAt: Type.Optional(DateTime({ description: 'After this the link no longer works.' })),
    code: Type.Optional(InviteCode),
    urls: Type.Optional(
      Type.Object({
        join: Type.Optional(
          Uri({ description: 'Where to POST to join (shown with `code` only).' }),
        ),
      }),
    ),
  },
  { title: 'InviteLinkToOrganization' },
);
/** An invite link to an organization. */
export type InviteLink = Static<typeof InviteLink>;

/** Create an invite link (GitBook's `CreateInviteToOrganization`). */
export const CreateInviteLinkBody = Type.Object(
  { role: NullableRole },
  { title: 'CreateInviteToOrganization' },
);
/** Create an invite link. */
export type CreateInviteLinkBody = Static<typeof CreateInviteLinkBody>;

/** Change the role an invite link gives. */
export const UpdateInviteLinkBody = Type.Object(
  { role: NullableRole },
  { title: 'UpdateOrganizationInvite' },
);
/** Change the role an invite link gives. */
export type UpdateInviteLinkBody = Static<typeof UpdateInviteLinkBody>;

const InviteEmail = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'The email address of the person to invite.',
});

/** Invite people by email (GitBook's `InviteUsersToOrganization`). */
export const InviteUsersBody = Type.Object(
  {
    emails: Type.Array(
      Type.Union([InviteEmail, Type.Object({ email: InviteEmail, role: NullableRole })]),
      { minItems: 1, maxItems: 100 },
    ),
    role: Type.Optional(NullableRole),
    sso: Type.Optional(
      Type.Boolean({ description: 'Whoever accepts joins as an SSO member. Default false.' }),
    ),
  },
  { title: 'InviteUsersToOrganization' },
);
/** Invite people by email. */
export type InviteUsersBody = Static<typeof InviteUsersBody>;

/** One invite by email, as the answer that creates it shows it (docsync sends no email). */
export const EmailInvite = Type.Object(
  {
    object: Type.Literal('invite'),
    id: Type.String(),
    email: Type.String(),
    role: NullableRole,
    expiresAt: DateTime(),
    code: InviteCode,
    urls: Type.Object({ join: Uri({ description: 'Where to POST to accept the invite.' }) }),
  },
  { title: 'EmailInvite' },
);
/** One invite by email. */
export type EmailInvite = Static<typeof EmailInvite>;

/**
 * What inviting people answers: GitBook's shape (`users` added at once: none, as nobody joins
 * before accepting; `invited`: the invites made), plus the invites themselves, each with its
 * secret, for the admin to hand over.
 */
export const InviteUsersResult = Type.Object(
  {
    users: Type.Array(Type.String()),
    invited: Type.Number(),
    failedSSOEmails: Type.Optional(Type.Array(Type.String())),
    invites: Type.Array(EmailInvite),
  },
  { title: 'InviteUsersToOrganizationResult' },
);
/** What inviting people answers. */
export type InviteUsersResult = Static<typeof InviteUsersResult>;

/**
 * Accepting an invite: with a token, the caller joins; without one, an account is made from
 * these (an email invite's address is its own) and its first API token returned.
 */
export const JoinWithInviteBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    email: Type.Optional(InviteEmail),
  },
  { title: 'JoinOrganizationWithInvite' },
);
/** Accepting an invite. */
export type JoinWithInviteBody = Static<typeof JoinWithInviteBody>;

/** What accepting answers: `{}` to a signed-in caller; the new account and its token otherwise. */
export const JoinWithInviteResult = Type.Object(
  {
    user: Type.Optional(Type.String({ description: 'The account made for the invitee.' })),
    token: Type.Optional(
      Type.String({ description: 'Its first API token, shown only this once.' }),
    ),
  },
  { title: 'JoinOrganizationWithInviteResult' },
);
/** What accepting answers. */
export type JoinWithInviteResult = Static<typeof JoinWithInviteResult>;
