import type { RouteSpec } from '@docsync/api';
import { ForbiddenError } from '../errors.js';

/**
 * What the token of an integration, or of one of its installations, may reach. Such a token acts
 * as a user (the installing admin, or the publisher for the integration's own token) but only
 * inside one organization and only through the operations its scopes cover, so it never reaches
 * more than both the user and the installation were granted.
 */
export interface IntegrationGrant {
  readonly integrationId: string;
  /** Absent for the integration's own token. */
  readonly installationId?: string;
  /** The organization it acts in: the installation's, or the owner's for its own token. */
  readonly organizationId: string;
  /** The scopes granted when it was installed (the integration's, for its own token). */
  readonly scopes: readonly string[];
  /** The spaces it was installed on, when its installation covers only those it selected. */
  readonly spaces?: ReadonlySet<string>;
  /** The sites it was installed on, when its installation covers only those it selected. */
  readonly sites?: ReadonlySet<string>;
}

/**
 * What an installation's token may call besides what its scopes cover: reading its
 * installation, and its settings for the spaces and sites it covers (setting external ids and
 * configuration there too). The handlers confine it to its own installation.
 */
const INSTALLATION_OPERATIONS: ReadonlySet<string> = new Set([
  'getIntegrationByName',
  'getIntegrationInstallationById',
  'listIntegrationInstallationSpaces',
  'getIntegrationSpaceInstallation',
  'updateIntegrationSpaceInstallation',
  'listIntegrationInstallationSites',
  'getIntegrationSiteInstallation',
  'updateIntegrationSiteInstallation',
]);

/** What an integration's own token may call: reading its own integration (`integration:read`). */
const INTEGRATION_OPERATIONS: ReadonlySet<string> = new Set([
  'getIntegrationByName',
  'listIntegrationInstallations',
  'listIntegrationSpaceInstallations',
  'listIntegrationSiteInstallations',
  'listIntegrationEvents',
  'getIntegrationEvent',
  'getIntegrationInstallationById',
  'listIntegrationInstallationSpaces',
  'getIntegrationSpaceInstallation',
  'listIntegrationInstallationSites',
  'getIntegrationSiteInstallation',
]);

/** POST operations that only read (a sync's pulls ask for many pages or files in one request). */
export const READING_POSTS: ReadonlySet<string> = new Set(['getGitTreePages', 'getGitTreeFiles']);

/**
 * The read and write scopes of each section an installation may reach; `null`: no reads, or no
 * writes, through an installation.
 */
const SECTION_SCOPES: Readonly<Record<string, readonly [string | null, string | null]>> = {
  Spaces: ['space:metadata:read', 'space:metadata:write'],
  'Space content': ['space:content:read', 'space:content:write'],
  'Change requests': ['space:content:read', 'space:content:write'],
  'Change request content': ['space:content:read', 'space:content:write'],
  'Git Sync': ['space:content:read', 'space:git:sync'],
  Sites: ['site:metadata:read', null],
  'Site sections': ['site:metadata:read', null],
  'Site section groups': ['site:metadata:read', null],
  'Site spaces': ['site:metadata:read', null],
  'OpenAPI specs': ['openapi:read', 'openapi:write'],
  // A support tool's installation sends conversations in; reading them is for people.
  Conversations: [null, 'conversations:ingest'],
};

/** The scope an installation needs for an operation; undefined when no scope lets it call it. */
export function requiredScope(spec: RouteSpec): string | undefined {
  const scopes = SECTION_SCOPES[spec.section];
  if (scopes === undefined) return undefined;
  const reads = spec.method === 'GET' || READING_POSTS.has(spec.operationId);
  return (reads ? scopes[0] : scopes[1]) ?? undefined;
}

/** 403 unless the grant covers the operation. */
export function requireGrant(grant: IntegrationGrant, spec: RouteSpec): void {
  if (grant.installationId === undefined) {
    if (!INTEGRATION_OPERATIONS.has(spec.operationId))
      throw new ForbiddenError(
        "An integration's own token may only read its integration, installations and events",
      );
    return;
  }
  if (INSTALLATION_OPERATIONS.has(spec.operationId)) return;
  const scope = requiredScope(spec);
  if (scope === undefined)
    throw new ForbiddenError(`An installation token cannot call \`${spec.operationId}\``);
  if (!grant.scopes.includes(scope))
    throw new ForbiddenError(`The installation was not granted the \`${scope}\` scope`);
}

/**
 * Whether a caller with this grant (or none) may act in an organization, and on `target` there
 * when its installation covers only the spaces or sites it selected.
 */
export function grantCovers(
  grant: IntegrationGrant | undefined,
  organizationId: string,
  target?: { space: string } | { site: string },
): boolean {
  if (grant === undefined) return true;
  if (grant.organizationId !== organizationId) return false;
  if (target === undefined) return true;
  if ('space' in target) return grant.spaces?.has(target.space) ?? true;
  return grant.sites?.has(target.site) ?? true;
}
