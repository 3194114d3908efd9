import { Type, type Static } from 'typebox';
import { DateTime, NullableRole, Permissions, StringEnum, Uri, Urls } from './common.js';
import { MergeRules } from './merge-rules.js';

/** What a visitor of the organization's hostname lands on: a site, or nothing. */
export const DefaultContent = Type.Union([
  Type.Object({ type: Type.Literal('site'), site: Type.String({ description: 'Site id.' }) }),
  Type.Null(),
]);
/** What a visitor of the organization's hostname lands on. */
export type DefaultContent = Static<typeof DefaultContent>;

/** Monthly and yearly price of one priced item. */
const Price = Type.Object({ monthly: Type.Number(), yearly: Type.Number() });

/** The organization's subscription (shown to members who may view billing). */
const Billing = Type.Object({
  interval: StringEnum(['monthly', 'yearly']),
  endDate: Type.Optional(DateTime()),
  hasPaymentFailed: Type.Boolean(),
  isScheduledToCancel: Type.Boolean(),
  pricing: Type.Optional(
    Type.Object({
      members: Type.Object({ plus_2024: Price, pro_2024: Price }),
      sites: Type.Object({ premium: Price, ultimate: Price }),
    }),
  ),
  usageAddons: Type.Optional(Type.Record(Type.String(), Type.Object({ enabled: Type.Boolean() }))),
});

/** An organization: owns collections, spaces, sites, members, teams and the rest. */
export const Organization = Type.Object(
  {
    object: Type.Literal('organization'),
    id: Type.String(),
    title: Type.String({ minLength: 2, maxLength: 255 }),
    createdAt: DateTime(),
    emailDomains: Type.Array(Type.String()),
    hostname: Type.Optional(Type.String({ minLength: 3, maxLength: 32 })),
    type: StringEnum(['business', 'community']),
    // The description shows `useCase`, `communityType`, `trial` and `blocked` values by example
    // only, and the public API does not close them either, so they stay open strings.
    useCase: Type.Optional(Type.String({ examples: ['internalDocs'] })),
    communityType: Type.Optional(Type.String({ examples: ['nonProfit'] })),
    defaultRole: Type.Optional(NullableRole),
    defaultContent: Type.Optional(DefaultContent),
    sso: Type.Optional(Type.Boolean({ description: 'SSO is enforced organization-wide.' })),
    ai: Type.Optional(Type.Boolean({ description: 'All AI features are enabled.' })),
    inviteLinks: Type.Boolean(),
    plan: StringEnum(['free_2024', 'plus_2024', 'pro_2024', 'enterprise_2024', 'community_2024']),
    billing: Type.Optional(Billing),
    mergeRules: MergeRules,
    urls: Urls(['location', 'app'], ['logo']),
    // Always present (docsync answers `notapplicable`: a self-hosted service has no trial).
    trial: Type.Object({
      status: Type.String({ examples: ['notapplicable'] }),
      count: Type.Optional(Type.Number()),
      endDate: Type.Optional(DateTime()),
      decision: Type.Optional(Type.String({ examples: ['downgrade'] })),
    }),
    customHostname: Type.Optional(Type.String()),
    blocked: Type.Optional(
      Type.Object({
        source: Type.String({ examples: ['backoffice'] }),
        reason: Type.Optional(Type.String()),
      }),
    ),
    internal_billingMigration: Type.Optional(
      Type.Object({
        deadline: Type.Optional(DateTime()),
        discountPercent: Type.Optional(Type.Number()),
        discountEndDate: Type.Optional(DateTime()),
      }),
    ),
    permissions: Permissions([
      'view',
      'admin',
      'ownTeam',
      'createContent',
      'createOpenAPISpec',
      'ingestConversations',
      'viewBilling',
      'listMembers',
      'listTeams',
      'listIntegrations',
      'listInstallations',
      'installIntegration',
    ]),
  },
  { title: 'Organization' },
);
/** An organization. */
export type Organization = Static<typeof Organization>;

/** PATCH an organization: every field optional; `null` clears `defaultContent` and `logo`. */
export const UpdateOrganizationBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 2, maxLength: 255 })),
    emailDomains: Type.Optional(Type.Array(Type.String())),
    hostname: Type.Optional(Type.String({ minLength: 3, maxLength: 32 })),
    defaultRole: Type.Optional(NullableRole),
    defaultContent: Type.Optional(DefaultContent),
    logo: Type.Optional(Type.Union([Uri({ maxLength: 2048 }), Type.Null()])),
    sso: Type.Optional(Type.Boolean()),
    ai: Type.Optional(Type.Boolean()),
    inviteLinks: Type.Optional(Type.Boolean()),
    mergeRules: Type.Optional(MergeRules),
  },
  { title: 'UpdateOrganizationBody' },
);
/** PATCH an organization. */
export type UpdateOrganizationBody = Static<typeof UpdateOrganizationBody>;

/** The organizations that accept members of an email domain. */
export const EmailDomainOrganizations = Type.Object(
  { organizations: Type.Array(Organization) },
  { title: 'EmailDomainOrganizations' },
);
/** The organizations that accept members of an email domain. */
export type EmailDomainOrganizations = Static<typeof EmailDomainOrganizations>;

/** Create an organization (an extension; only a server admin may): the caller becomes its admin. */
export const CreateOrganizationBody = Type.Object(
  {
    title: Type.String({ minLength: 2, maxLength: 255 }),
    defaultRole: Type.Optional(NullableRole),
  },
  { title: 'CreateOrganizationBody' },
);
/** Create an organization. */
export type CreateOrganizationBody = Static<typeof CreateOrganizationBody>;
