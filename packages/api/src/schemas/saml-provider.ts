import { Type, type Static } from 'typebox';
import { DateTime, NullableRole, StringEnum, Uri, Urls } from './common.js';
import { Team } from './team.js';

// Bounds as GitBook's client has them (`SAMLProviderLabel`, `SAMLProviderEntityID`,
// `SAMLProviderCertificate`).
const Label = Type.String({ minLength: 1, maxLength: 30 });
const EntityId = Type.String({ minLength: 1, maxLength: 1024 });
const Certificate = Type.String({
  minLength: 1,
  maxLength: 10000,
  description: 'The IdP’s X.509 signing certificate: PEM, or its base64 body alone.',
});

/** A SAML identity provider configured for single sign-on into an organization. */
export const SamlProvider = Type.Object(
  {
    object: Type.Literal('saml-provider'),
    id: Type.String(),
    label: Type.String(),
    ssoURL: Type.Optional(Uri({ description: 'Absent until set.' })),
    entityID: Type.Optional(Type.String({ description: 'The IdP’s entity id; absent until set.' })),
    certificate: Type.Optional(
      Type.String({ description: 'PEM-encoded X.509 certificate; absent until set.' }),
    ),
    defaultTeam: Type.Optional(Team),
    defaultRole: NullableRole,
    createdAt: DateTime(),
    status: StringEnum(['active', 'pending'], {
      description: '`pending` until `ssoURL`, `entityID` and `certificate` are all set.',
    }),
    service: Type.Object({
      acsURL: Uri({ description: 'Where the IdP posts its answer (HTTP-POST binding).' }),
      startURL: Uri({ description: 'Opens a login: redirects to the IdP with an AuthnRequest.' }),
      entityID: Type.String({ description: 'The service’s entity id (its metadata URL).' }),
    }),
    urls: Urls(['location']),
  },
  { title: 'SamlProvider' },
);
/** A SAML identity provider. */
export type SamlProvider = Static<typeof SamlProvider>;

const providerSettings = {
  entityID: Type.Optional(EntityId),
  certificate: Type.Optional(Certificate),
  ssoURL: Type.Optional(Uri({ maxLength: 2048 })),
  defaultTeam: Type.Optional(Type.String({ minLength: 1, description: 'Team id.' })),
  defaultRole: Type.Optional(NullableRole),
};

/** POST a SAML provider: a label now, the rest possibly later (it stays `pending` until then). */
export const CreateSamlProviderBody = Type.Object(
  { label: Label, ...providerSettings },
  { title: 'CreateSamlProviderBody' },
);
/** POST a SAML provider. */
export type CreateSamlProviderBody = Static<typeof CreateSamlProviderBody>;

/** PATCH a SAML provider: the fields of create, every one optional; `defaultTeam: null` clears it. */
export const UpdateSamlProviderBody = Type.Object(
  {
    label: Type.Optional(Label),
    ...providerSettings,
    defaultTeam: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
        description: 'Team id, or null.',
      }),
    ),
  },
  { title: 'UpdateSamlProviderBody' },
);
/** PATCH a SAML provider. */
export type UpdateSamlProviderBody = Static<typeof UpdateSamlProviderBody>;

/** The sign-in entry points of an organization's active SSO providers. */
export const SsoProviderList = Type.Object(
  {
    items: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), startURL: Uri() })),
  },
  { title: 'SsoProviderList' },
);
/** The sign-in entry points of an organization's SSO providers. */
export type SsoProviderList = Static<typeof SsoProviderList>;

/** Exchange the one-time code a SAML login showed for an API token (an extension). */
export const ExchangeSsoCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 200 }) },
  { title: 'ExchangeSsoCodeBody' },
);
/** Exchange a one-time SSO code. */
export type ExchangeSsoCodeBody = Static<typeof ExchangeSsoCodeBody>;

/** The account a SAML login signed into and its new API token (shown only in this answer). */
export const SsoCodeToken = Type.Object(
  { user: Type.String(), token: Type.String() },
  { title: 'SsoCodeToken' },
);
/** The account and token of a SAML login. */
export type SsoCodeToken = Static<typeof SsoCodeToken>;
