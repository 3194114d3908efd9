import {
  AgentInstructions,
  CreateOrganizationBody,
  EmailDomainOrganizations,
  ListOf,
  Organization,
  PaginationQuery,
  UpdateAgentInstructionsBody,
  UpdateOrganizationBody,
  type Document,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import { requireMergeRuleMembers } from '../change-requests/reviews/merge-rule-users.js';
import { levelOf } from '../access/roles.js';
import { BadRequestError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { createOrganization } from '../organizations/create-organization.js';
import { deleteInvite } from '../organizations/delete-invite.js';
import { joinOrganization } from '../organizations/join-organization.js';
import { listCallerOrganizations } from '../organizations/list-organizations.js';
import { normalizeEmailDomain } from '../organizations/organization-updates.js';
import { organizationsForDomain } from '../organizations/organizations-for-domain.js';
import { emptyAgentInstructions } from '../organizations/insert-organization.js';
import { setAgentInstructions, updateOrganization } from '../organizations/update-organization.js';
import { readJson } from '../resources/json-column.js';
import { organizationResource } from '../resources/organization-resource.js';
import { resourceUrls } from '../resources/resource-urls.js';
import type { ServerContext } from '../server-context.js';
import { findSite } from '../sites/site-access.js';

/** An organization as the caller may see it (404 when they may not). */
async function readOrganization(
  ctx: ServerContext,
  caller: Caller,
  organizationId: string,
  baseUrl: string,
): Promise<Organization> {
  const { organization, level } = await requireOrganization(ctx.db, caller, organizationId);
  return organizationResource(organization, level, baseUrl);
}

/** The Organizations section of the API description (org search comes with content). */
export const organizationOperations: readonly Operation[] = [
  operation(
    'listOrganizationsForAuthenticatedUser',
    { query: PaginationQuery, response: ListOf(Organization) },
    async ({ query, caller, ctx, baseUrl }) => {
      const page = await listCallerOrganizations(ctx.db, caller.userId, query);
      return {
        items: page.rows.map((row) => organizationResource(row, levelOf(row.member_role), baseUrl)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createOrganization',
    { body: CreateOrganizationBody, response: Organization },
    async ({ body, caller, ctx, baseUrl }) => {
      const id = await createOrganization(ctx.db, caller, body, { clock: ctx.clock, ids: ctx.ids });
      return readOrganization(ctx, caller, id, baseUrl);
    },
  ),

  operation(
    'getOrganizationById',
    { params: ['organizationId'], response: Organization },
    async ({ params, caller, ctx, baseUrl }) => {
      return readOrganization(ctx, caller, params.organizationId, baseUrl);
    },
  ),

  operation(
    'updateOrganizationById',
    { params: ['organizationId'], body: UpdateOrganizationBody, response: Organization },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', "change the organization's settings");
      await requireMergeRuleMembers(ctx.db, params.organizationId, body.mergeRules);
      const landing = body.defaultContent;
      if (
        landing !== undefined &&
        landing !== null &&
        (await findSite(ctx.db, params.organizationId, landing.site)) === undefined
      ) {
        throw new BadRequestError(
          `body/defaultContent/site \`${landing.site}\` is not a site of this organization`,
        );
      }
      await updateOrganization(ctx.db, params.organizationId, body, ctx.clock.now());
      return readOrganization(ctx, caller, params.organizationId, baseUrl);
    },
  ),

  operation(
    'deleteOrganizationInviteById',
    { params: ['organizationId', 'inviteId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'delete invite links');
      await deleteInvite(ctx.db, params.organizationId, params.inviteId);
      return undefined;
    },
  ),

  operation(
    'joinOrganization',
    { params: ['organizationId'], response: null },
    async ({ params, caller, ctx }) => {
      await joinOrganization(ctx.db, caller.userId, params.organizationId, ctx.clock.now());
      return undefined;
    },
  ),

  operation(
    'getOrganizationAgentInstructions',
    { params: ['organizationId'], response: AgentInstructions },
    async ({ params, caller, ctx, baseUrl }) => {
      const { organization, level } = await requireOrganization(
        ctx.db,
        caller,
        params.organizationId,
      );
      // Guests see only what is shared with them, and the instructions are not.
      requireLevel(level, 'read', "read the organization's agent instructions");
      return agentInstructions(organization, baseUrl);
    },
  ),

  operation(
    'updateOrganizationAgentInstructions',
    { params: ['organizationId'], body: UpdateAgentInstructionsBody, response: AgentInstructions },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', "change the organization's agent instructions");
      await setAgentInstructions(ctx.db, params.organizationId, {
        instructions: body.instructions,
        by: caller.userId,
        now: ctx.clock.now(),
      });
      const { organization } = await requireOrganization(ctx.db, caller, params.organizationId);
      return agentInstructions(organization, baseUrl);
    },
  ),

  operation(
    'listOrganizationsForEmailDomain',
    { params: ['emailDomain'], response: EmailDomainOrganizations },
    async ({ params, caller, ctx, baseUrl }) => {
      const domain = normalizeEmailDomain(params.emailDomain, 'path/emailDomain');
      const { rows, joinable } = await organizationsForDomain(ctx.db, caller.userId, domain);
      const organizations = rows
        .filter((row) => (readJson(row.email_domains) as string[]).includes(domain))
        // Callers see the organizations they belong to, and those their verified email lets them join.
        .filter((row) => row.member_user !== null || joinable)
        .map((row) =>
          organizationResource(
            row,
            row.member_user === null ? 'guest' : levelOf(row.member_role),
            baseUrl,
          ),
        );
      return { organizations };
    },
  ),
];

function agentInstructions(
  organization: {
    id: string;
    agent_instructions: string | null;
    agent_instructions_updated_at: string | null;
    agent_instructions_updated_by: string | null;
  },
  baseUrl: string,
): AgentInstructions {
  const result: AgentInstructions = {
    object: 'agent-instructions',
    instructions:
      organization.agent_instructions === null
        ? emptyAgentInstructions
        : (readJson(organization.agent_instructions) as Document),
    urls: {
      location: `${resourceUrls.organization(baseUrl, organization.id).location}/agent-instructions`,
    },
  };
  if (organization.agent_instructions_updated_at !== null)
    result.updatedAt = organization.agent_instructions_updated_at;
  if (organization.agent_instructions_updated_by !== null)
    result.updatedBy = organization.agent_instructions_updated_by;
  return result;
}
