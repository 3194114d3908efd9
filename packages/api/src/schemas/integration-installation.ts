import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, StringEnum, Urls } from './common.js';
import { Site } from './site.js';
import { Space } from './space.js';

const InstallationStatus = StringEnum(['active', 'pending', 'paused']);
const Selection = StringEnum(['all', 'selected']);
const configuration = Type.Object({}, { additionalProperties: true });

/** An integration installed on an organization. */
export const IntegrationInstallation = Type.Object(
  {
    id: Type.String(),
    status: InstallationStatus,
    space_selection: Selection,
    site_selection: Selection,
    spaces: Type.Number({ description: 'Spaces the installation covers.' }),
    configuration,
    createdAt: DateTime(),
    updatedAt: DateTime(),
    urls: Urls(['location', 'app', 'publicEndpoint']),
    externalIds: Type.Array(Type.String()),
    target: Type.Object({ organization: Type.String() }),
  },
  { title: 'IntegrationInstallation' },
);
/** An integration installed on an organization. */
export type IntegrationInstallation = Static<typeof IntegrationInstallation>;

/** List installations, optionally by external id. */
export const ListInstallationsQuery = ListQuery({ externalId: Type.Optional(Type.String()) });

/** List space or site installations; `extended` embeds the space or site instead of its id. */
export const ListTargetInstallationsQuery = ListQuery({
  externalId: Type.Optional(Type.String()),
  extended: Type.Optional(Type.Boolean({ default: false })),
});

/** Install an integration on an organization. */
export const InstallIntegrationBody = Type.Object(
  { organization: Type.String({ minLength: 1, description: 'Organization id.' }) },
  { title: 'InstallIntegrationBody' },
);
/** Install an integration on an organization. */
export type InstallIntegrationBody = Static<typeof InstallIntegrationBody>;

const targetInstallationProperties = {
  integration: Type.String(),
  installation: Type.String(),
  status: InstallationStatus,
  configuration,
  externalIds: Type.Array(Type.String()),
  urls: Urls(['location', 'publicEndpoint']),
};

/** An installation's settings for one space. */
export const IntegrationSpaceInstallation = Type.Object(
  { ...targetInstallationProperties, space: Type.Union([Type.String(), Space]) },
  { title: 'IntegrationSpaceInstallation' },
);
/** An installation's settings for one space. */
export type IntegrationSpaceInstallation = Static<typeof IntegrationSpaceInstallation>;

/** An installation's settings for one site. */
export const IntegrationSiteInstallation = Type.Object(
  { ...targetInstallationProperties, site: Type.Union([Type.String(), Site]) },
  { title: 'IntegrationSiteInstallation' },
);
/** An installation's settings for one site. */
export type IntegrationSiteInstallation = Static<typeof IntegrationSiteInstallation>;

/** Change an installation: its configuration, and which spaces and sites it covers. */
export const UpdateInstallationBody = Type.Object(
  {
    configuration: Type.Optional(configuration),
    space_selection: Type.Optional(Selection),
    site_selection: Type.Optional(Selection),
  },
  { title: 'UpdateInstallationBody', additionalProperties: false },
);
/** Change an installation: its configuration, and which spaces and sites it covers. */
export type UpdateInstallationBody = Static<typeof UpdateInstallationBody>;

/** Install an integration's installation on one space of its organization. */
export const InstallOnSpaceBody = Type.Object(
  { space: Type.String({ minLength: 1, description: 'Space id.' }) },
  { title: 'InstallOnSpaceBody' },
);
/** Install an integration's installation on one space of its organization. */
export type InstallOnSpaceBody = Static<typeof InstallOnSpaceBody>;

/** Install an integration's installation on one site of its organization. */
export const InstallOnSiteBody = Type.Object(
  { site: Type.String({ minLength: 1, description: 'Site id.' }) },
  { title: 'InstallOnSiteBody' },
);
/** Install an integration's installation on one site of its organization. */
export type InstallOnSiteBody = Static<typeof InstallOnSiteBody>;

/** Change an installation's settings for one space or site. */
export const UpdateTargetInstallationBody = Type.Object(
  {
    externalIds: Type.Optional(Type.Array(Type.String())),
    configuration: Type.Optional(configuration),
  },
  { title: 'UpdateTargetInstallationBody', additionalProperties: false },
);
/** Change an installation's settings for one space or site. */
export type UpdateTargetInstallationBody = Static<typeof UpdateTargetInstallationBody>;

/** Read one space or site installation; `extended` embeds the space or site. */
export const TargetInstallationQuery = Type.Object({
  extended: Type.Optional(Type.Boolean({ default: false })),
});
