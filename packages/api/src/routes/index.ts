import type { RouteSpec } from '../route-spec.js';
import { changeRequestContentRoutes } from './change-request-content.js';
import { changeRequestRoutes } from './change-requests.js';
import { collectionRoutes } from './collections.js';
import { commentRoutes } from './comments.js';
import { conversationRoutes } from './conversations.js';
import { gitSyncRoutes } from './git-sync.js';
import { gitTreeRoutes } from './git-tree.js';
import { integrationRoutes } from './integrations.js';
import { openApiSpecRoutes } from './openapi-specs.js';
import { organizationInviteRoutes } from './organization-invites.js';
import { organizationMemberRoutes } from './organization-members.js';
import { organizationRoutes } from './organizations.js';
import { revisionRoutes } from './revisions.js';
import { samlRoutes } from './saml.js';
import { siteSectionGroupRoutes } from './site-section-groups.js';
import { siteSectionRoutes } from './site-sections.js';
import { siteSpaceRoutes } from './site-spaces.js';
import { siteRoutes } from './sites.js';
import { spaceContentRoutes } from './space-content.js';
import { spaceRoutes } from './spaces.js';
import { teamRoutes } from './teams.js';
import { translationRoutes } from './translations.js';
import { userRoutes } from './users.js';

/** Every operation of the API, in the order of the API description's sections, then Git Sync. */
export const routes: readonly RouteSpec[] = [
  ...collectionRoutes,
  ...spaceRoutes,
  ...spaceContentRoutes,
  ...revisionRoutes,
  ...siteRoutes,
  ...siteSectionRoutes,
  ...siteSectionGroupRoutes,
  ...siteSpaceRoutes,
  ...openApiSpecRoutes,
  ...changeRequestRoutes,
  ...changeRequestContentRoutes,
  ...commentRoutes,
  ...organizationRoutes,
  ...organizationInviteRoutes,
  ...userRoutes,
  ...organizationMemberRoutes,
  ...teamRoutes,
  ...samlRoutes,
  ...translationRoutes,
  ...conversationRoutes,
  ...integrationRoutes,
  ...gitSyncRoutes,
  ...gitTreeRoutes,
];

/** The route table by `operationId`. */
export const routesById: ReadonlyMap<string, RouteSpec> = new Map(
  routes.map((route) => [route.operationId, route]),
);
