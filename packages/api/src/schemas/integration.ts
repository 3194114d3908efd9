import { Type, type Static } from 'typebox';
import { ListQuery, Permissions, StringEnum, Uri, Urls } from './common.js';
import { Organization } from './organization.js';

/** The `{integrationName}` pattern; also the pattern of block domains. */
export const INTEGRATION_NAME_PATTERN = '^[a-zA-Z0-9-_.]+$';

/** A block an integration adds to the editor. */
const IntegrationBlock = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  urlUnfurl: Type.Optional(Type.Array(Type.String())),
  markdown: Type.Optional(Type.Object({ codeblock: Type.String(), body: Type.String() })),
});

/** A content source an integration offers (generated pages). */
const IntegrationContentSource = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  configuration: Type.Optional(Type.Object({ componentId: Type.String() })),
});

/** The settings an installation asks for at one level (account, space or site). */
const ConfigurationSchema = Type.Object({
  properties: Type.Record(
    Type.String(),
    Type.Object(
      {
        title: Type.Optional(Type.String()),
        description: Type.Optional(Type.String()),
        type: Type.Optional(Type.String({ examples: ['string'] })),
        default: Type.Optional(Type.Unknown()),
        completion_url: Type.Optional(Type.String()),
        enum: Type.Optional(Type.Array(Type.Unknown())),
      },
      { additionalProperties: true },
    ),
  ),
  required: Type.Optional(Type.Array(Type.String())),
});

const configurations = Type.Object({
  account: Type.Optional(ConfigurationSchema),
  space: Type.Optional(ConfigurationSchema),
  site: Type.Optional(ConfigurationSchema),
});

const externalLinks = Type.Array(Type.Object({ url: Uri(), label: Type.String() }));

/** A published third-party extension. */
export const Integration = Type.Object(
  {
    object: Type.Literal('integration'),
    name: Type.String({ pattern: INTEGRATION_NAME_PATTERN }),
    version: Type.Number(),
    title: Type.String(),
    description: Type.String(),
    summary: Type.Optional(Type.String({ description: 'Long-form markdown.' })),
    previewImages: Type.Array(Type.String()),
    target: Type.String({ examples: ['all'] }),
    verified: Type.Boolean(),
    visibility: Type.String({ examples: ['public'] }),
    scopes: Type.Array(Type.String({ examples: ['space:content:read'] })),
    categories: Type.Array(Type.String({ examples: ['analytics'] })),
    blocks: Type.Array(IntegrationBlock),
    contentSources: Type.Array(IntegrationContentSource),
    configurations,
    externalLinks,
    owner: Organization,
    urls: Urls(['location', 'icon', 'app', 'assets', 'publicEndpoint']),
    permissions: Permissions(['admin']),
    contentSecurityPolicy: Type.Optional(Type.String()),
  },
  { title: 'Integration' },
);
/** A published third-party extension. */
export type Integration = Static<typeof Integration>;

/** List integrations, filtered. */
export const ListIntegrationsQuery = ListQuery({
  search: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  blockDomain: Type.Optional(Type.String({ pattern: INTEGRATION_NAME_PATTERN })),
  blocks: Type.Optional(Type.Boolean({ description: 'Only integrations that have blocks.' })),
  contentSources: Type.Optional(
    Type.Boolean({ description: 'Only integrations that have content sources.' }),
  ),
  owner: Type.Optional(Type.String({ description: 'Owning organization id.' })),
  scope: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
});
/** List integrations. */
export type ListIntegrationsQuery = Static<typeof ListIntegrationsQuery>;

/** The content security policy of an integration: a header value, or one value per directive. */
const ContentSecurityPolicy = Type.Union([
  Type.String(),
  Type.Record(Type.String(), Type.String()),
]);

/** Publish (or republish) an integration under the name in the path. */
export const PublishIntegrationBody = Type.Object(
  {
    runtime: Type.Optional(StringEnum(['v1', 'v2'], { default: 'v1' })),
    icon: Type.Optional(Type.String({ contentEncoding: 'base64' })),
    title: Type.String({ minLength: 2, maxLength: 30 }),
    description: Type.Optional(Type.String({ maxLength: 100 })),
    summary: Type.Optional(Type.String()),
    previewImages: Type.Optional(
      Type.Array(Type.String({ contentEncoding: 'base64' }), { maxItems: 3 }),
    ),
    visibility: Type.Optional(StringEnum(['public', 'private', 'unlisted'])),
    target: Type.Optional(
      StringEnum(['all', 'site', 'space', 'organization'], {
        description: 'Allowed installation target; all if absent.',
      }),
    ),
    scopes: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    categories: Type.Optional(Type.Array(Type.String())),
    blocks: Type.Optional(Type.Array(IntegrationBlock)),
    contentSources: Type.Optional(Type.Array(IntegrationContentSource)),
    externalLinks: Type.Optional(externalLinks),
    configurations: Type.Optional(configurations),
    script: Type.String({ description: 'The script content.' }),
    organization: Type.String({
      minLength: 1,
      description: 'Id or subdomain of the publishing organization.',
    }),
    secrets: Type.Optional(Type.Record(Type.String(), Type.String())),
    contentSecurityPolicy: Type.Optional(ContentSecurityPolicy),
    endpoint: Type.Optional(
      Uri({
        description:
          'docsync: the http(s) URL events are POSTed to outside development mode (GitBook runs the script instead).',
      }),
    ),
  },
  { title: 'PublishIntegrationBody' },
);
/** Publish an integration. */
export type PublishIntegrationBody = Static<typeof PublishIntegrationBody>;

/** Development mode: dispatch the integration's events to a tunnel. */
export const IntegrationDevModeBody = Type.Object(
  {
    tunnelUrl: Type.String({ minLength: 1, maxLength: 256 }),
    all: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Forward every request, not only those from the owning organization.',
      }),
    ),
  },
  { title: 'IntegrationDevModeBody' },
);
/** Development mode. */
export type IntegrationDevModeBody = Static<typeof IntegrationDevModeBody>;

/** The secret an integration's deliveries are signed with (docsync). */
export const IntegrationSigningSecret = Type.Object(
  {
    secret: Type.String({
      description:
        'A Standard Webhooks secret (`whsec_` and base64). The same string is the HMAC-SHA256 key of `X-GitBook-Signature`.',
    }),
  },
  { title: 'IntegrationSigningSecret' },
);
/** The signing secret of an integration. */
export type IntegrationSigningSecret = Static<typeof IntegrationSigningSecret>;
