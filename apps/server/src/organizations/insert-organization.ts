import type { Document } from '@docsync/api';
import { writeJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';

/** A new organization's own settings; everything else starts at the defaults. */
export interface NewOrganization {
  id: string;
  title: string;
  /** The role of members who join by email domain (null: guest). */
  defaultRole: string | null;
  emailDomains?: readonly string[];
  /**
   * Who creates it, the writer of its (empty) agent instructions; null only where no user makes
   * it (test seeds), and then it has no instructions until someone writes them.
   */
  createdBy: string | null;
  now: string;
}

/** Agent instructions as an organization starts with them: an empty document. */
export const emptyAgentInstructions: Document = {
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [],
};

/** Inserts an organization with the defaults of a new one (no members). */
export async function insertOrganization(db: Db, organization: NewOrganization): Promise<void> {
  await db
    .insertInto('organizations')
    .values({
      id: organization.id,
      title: organization.title,
      created_at: organization.now,
      updated_at: organization.now,
      email_domains: writeJson(organization.emailDomains ?? []),
      hostname: null,
      type: 'business',
      use_case: null,
      community_type: null,
      default_role: organization.defaultRole,
      default_content: null,
      logo: null,
      sso: false,
      ai: false,
      invite_links: false,
      plan: 'free_2024',
      merge_rules: writeJson({ type: 'none' }),
      ...(organization.createdBy === null
        ? { agent_instructions: null, agent_instructions_updated_at: null }
        : {
            agent_instructions: writeJson(emptyAgentInstructions),
            agent_instructions_updated_at: organization.now,
          }),
      agent_instructions_updated_by: organization.createdBy,
    })
    .execute();
}

/** Makes `userId` a member of an organization with `role` (null: guest). */
export async function insertMember(
  db: Db,
  member: { organizationId: string; userId: string; role: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('members')
    .values({
      organization_id: member.organizationId,
      user_id: member.userId,
      role: member.role,
      sso: false,
      disabled: false,
      joined_at: member.now,
      last_seen_at: null,
    })
    .execute();
}
