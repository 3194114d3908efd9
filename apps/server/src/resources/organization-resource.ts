import type { DefaultContent, MergeRules, Organization } from '@docsync/api';
import type { Selectable } from 'kysely';
import { organizationPermissions } from '../access/permissions.js';
import { levelOf, roleOf, type Level } from '../access/roles.js';
import type { OrganizationsTable } from '../storage/schema.js';
import { readJson } from './json-column.js';
import { resourceUrls } from './resource-urls.js';

/** The API's Organization for a stored one, with permissions for a caller at `level`. */
export function organizationResource(
  row: Selectable<OrganizationsTable>,
  level: Level,
  baseUrl: string,
): Organization {
  const organization: Organization = {
    object: 'organization',
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: readJson(row.email_domains) as string[],
    type: row.type as Organization['type'],
    defaultRole: row.default_role === null ? null : roleOf(levelOf(row.default_role)),
    sso: Boolean(row.sso),
    ai: Boolean(row.ai),
    inviteLinks: Boolean(row.invite_links),
    plan: row.plan as Organization['plan'],
    mergeRules: readJson(row.merge_rules) as MergeRules,
    urls: {
      ...resourceUrls.organization(baseUrl, row.id),
      ...(row.logo === null ? {} : { logo: row.logo }),
    },
    // A self-hosted service offers no trial: the client's schema requires the object, and
    // `notapplicable` is its own word for that.
    trial: { status: 'notapplicable', count: 0 },
    permissions: organizationPermissions(level),
  };
  // No default content is said by leaving it out: the API description allows null, the client's
  // schema only a site pointer, and absence reads the same under both.
  if (row.default_content !== null)
    organization.defaultContent = readJson(row.default_content) as DefaultContent;
  if (row.hostname !== null) organization.hostname = row.hostname;
  if (row.use_case !== null) organization.useCase = row.use_case;
  if (row.community_type !== null) organization.communityType = row.community_type;
  return organization;
}
