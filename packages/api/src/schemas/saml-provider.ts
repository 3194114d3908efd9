import { Type, type Static } from 'typebox';
import { DateTime, NullableRole, StringEnum, Uri, Urls } from './common.js';
import { Team } from './team.js';

/** A SAML identity provider configured for single sign-on into an organization. */
export const SamlProvider = Type.Object(
  {
    object: Type.Literal('saml-provider'),
    id: Type.String(),
    label: Type.String(),
    ssoURL: Type.Optional(Uri()),
    entityID: Type.Optional(Type.String()),
    certificate: Type.Optional(Type.String({ description: 'PEM-encoded X.509 certificate.' })),
    defaultTeam: Type.Optional(Team),
    defaultRole: NullableRole,
    createdAt: DateTime(),
    status: StringEnum(['active', 'pending'], {
      description: '`pending` until the provider is fully configured.',
    }),
    service: Type.Object({ acsURL: Uri(), startURL: Uri(), entityID: Type.String() }),
    urls: Urls(['location']),
  },
  { title: 'SamlProvider' },
);
/** A SAML identity provider. */
export type SamlProvider = Static<typeof SamlProvider>;

const providerSettings = {
  entityID: Type.Optional(Type.String()),
  certificate: Type.Optional(Type.String()),
  ssoURL: Type.Optional(Uri()),
  defaultTeam: Type.Optional(Type.String({ description: 'Team id.' })),
  defaultRole: Type.Optional(NullableRole),
};

/** POST a SAML provider: a label now, the rest possibly later (it stays `pending` until then). */
export const CreateSamlProviderBody = Type.Object(
  { label: Type.String({ minLength: 1 }), ...providerSettings },
  { title: 'CreateSamlProviderBody' },
);
/** POST a SAML provider. */
export type CreateSamlProviderBody = Static<typeof CreateSamlProviderBody>;

/** PATCH a SAML provider: the fields of create, every one optional. */
export const UpdateSamlProviderBody = Type.Object(
  { label: Type.Optional(Type.String({ minLength: 1 })), ...providerSettings },
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
