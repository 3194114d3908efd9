import type { UpdateOrganizationBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import { BadRequestError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { OrganizationsTable } from '../storage/schema.js';

// A DNS name of two or more labels (`example.com`, `docs.example.co.uk`), compared in lowercase.
const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An email domain as stored: lowercase, or a 400 naming the offending entry. */
export function normalizeEmailDomain(domain: string, field: string): string {
  const normalized = domain.trim().toLowerCase();
  if (!domainPattern.test(normalized)) {
    throw new BadRequestError(`${field} \`${domain}\` is not a domain name (like \`example.com\`)`);
  }
  return normalized;
}

/** The column changes a PATCH body asks for (fields left out stay as they are). */
export function organizationUpdates(
  body: UpdateOrganizationBody,
  now: Date,
): Updateable<OrganizationsTable> {
  const changes: Updateable<OrganizationsTable> = { updated_at: now.toISOString() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.emailDomains !== undefined) {
    const domains = body.emailDomains.map((domain, index) =>
      normalizeEmailDomain(domain, `body/emailDomains/${index}`),
    );
    changes.email_domains = writeJson([...new Set(domains)]);
  }
  if (body.hostname !== undefined) changes.hostname = body.hostname.toLowerCase();
  if (body.defaultRole !== undefined) changes.default_role = body.defaultRole;
  if (body.defaultContent !== undefined) {
    changes.default_content = body.defaultContent === null ? null : writeJson(body.defaultContent);
  }
  if (body.logo !== undefined) changes.logo = body.logo;
  if (body.sso !== undefined) changes.sso = body.sso;
  if (body.ai !== undefined) changes.ai = body.ai;
  if (body.inviteLinks !== undefined) changes.invite_links = body.inviteLinks;
  if (body.mergeRules !== undefined) changes.merge_rules = writeJson(body.mergeRules);
  return changes;
}
