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
    defaultContent:
      row.default_content === null ? null : (readJson(row.default_content) as DefaultContent),
    sso: Boolean(row.sso),
    ai: Boolean(row.ai),
    inviteLinks: Boolean(row.invite_links),
    plan: row.plan as Organization['plan'],
    mergeRules: readJson(row.merge_rules) as MergeRules,
    urls: {
      ...resourceUrls.organization(baseUrl, row.id),
      ...(row.logo === null ? {} : { logo: row.logo }),
    },
    permissions: organizationPermissions(level),
  };
  if (row.hostname !== null) organization.hostname = row.hostname;
  if (row.use_case !== null) organization.useCase = row.use_case;
  if (row.community_type !== null) organization.communityType = row.community_type;
  return organization;
}
