import type { Operation } from '../http/operation.js';
import type { BrowserRoute } from '../http/browser-route.js';
import type { ServerRoute } from '../http/server-route.js';
import { blobDownloadRoute } from './blob-download.js';
import { changeRequestContentOperations } from './change-request-content.js';
import { changeRequestPdfOperations, changeRequestPdfRoute } from './change-request-pdf.js';
import { changeRequestReviewOperations } from './change-request-reviews.js';
import { changeRequestOperations } from './change-requests.js';
import { collectionOperations } from './collections.js';
import { commentOperations } from './comments.js';
import { contentLinkOperations } from './content-links.js';
import { conversationOperations } from './conversations.js';
import { gitSyncOperations } from './git-sync.js';
import { gitTreeOperations } from './git-tree.js';
import { integrationOperations } from './integrations.js';
import { metricsRoute } from './metrics.js';
import { openApiSpecOperations } from './openapi-specs.js';
import { organizationInviteOperations } from './organization-invites.js';
import { organizationMemberOperations } from './organization-members.js';
import { organizationOperations } from './organizations.js';
import { revisionOperations } from './revisions.js';
import { samlProviderOperations } from './saml-providers.js';
import { samlServiceRoutes } from './saml-service.js';
import { reviewRoutes } from '../review/review-routes.js';
import { searchOperations } from './search.js';
import { siteAdaptiveContentOperations } from './site-adaptive-content.js';
import { sitePublishingOperations } from './site-publishing.js';
import { siteSectionGroupOperations } from './site-section-groups.js';
import { siteSectionOperations } from './site-sections.js';
import { siteSpaceOperations } from './site-spaces.js';
import { siteOperations } from './sites.js';
import { spaceContentOperations } from './space-content.js';
import { spaceMoveOperations } from './space-moves.js';
import { spaceTemplateOperations } from './space-template.js';
import { spaceOperations } from './spaces.js';
import { teamOperations } from './teams.js';
import { translationOperations } from './translations.js';
import { userOperations } from './user.js';

/** Every implemented operation, section by section. */
export const operations: readonly Operation[] = [
  ...organizationOperations,
  ...organizationInviteOperations,
  ...organizationMemberOperations,
  ...teamOperations,
  ...samlProviderOperations,
  ...openApiSpecOperations,
  ...translationOperations,
  ...collectionOperations,
  ...spaceOperations,
  ...spaceMoveOperations,
  ...spaceContentOperations,
  ...revisionOperations,
  ...spaceTemplateOperations,
  ...gitSyncOperations,
  ...gitTreeOperations,
  ...changeRequestOperations,
  ...changeRequestContentOperations,
  ...changeRequestReviewOperations,
  ...changeRequestPdfOperations,
  ...commentOperations,
  ...searchOperations,
  ...contentLinkOperations,
  ...siteOperations,
  ...siteAdaptiveContentOperations,
  ...sitePublishingOperations,
  ...siteSectionOperations,
  ...siteSectionGroupOperations,
  ...siteSpaceOperations,
  ...userOperations,
  ...integrationOperations,
  ...conversationOperations,
];

/** docsync's own routes outside the contract (file bytes, PDFs, metrics). */
export const serverRoutes: readonly ServerRoute[] = [
  blobDownloadRoute,
  changeRequestPdfRoute,
  metricsRoute,
];

/** Routes browsers and identity providers reach without a token (SAML, the review view). */
export const browserRoutes: readonly BrowserRoute[] = [...samlServiceRoutes, ...reviewRoutes];

/** The operation ids the server implements (for the coverage table in docs/api.md). */
export const implementedOperationIds: readonly string[] = operations.map((op) => op.operationId);
