import {
  AgentInstructions,
  EmailDomainOrganizations,
  ListOf,
  Organization,
  PaginationQuery,
  UpdateAgentInstructionsBody,
  UpdateOrganizationBody,
  type Document,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { requireMergeRuleMembers } from '../change-requests/reviews/merge-rule-users.js';
import { levelOf } from '../access/roles.js';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import {
  normalizeEmailDomain,
  organizationUpdates,
} from '../organizations/organization-updates.js';
import { afterKey, loadPage } from '../pagination.js';
import { readJson, writeJson } from '../resources/json-column.js';
import { organizationResource } from '../resources/organization-resource.js';
import { resourceUrls } from '../resources/resource-urls.js';
import { isUniqueViolation } from '../storage/unique-violation.js';

/** Agent instructions before anyone wrote them: an empty document. */
const emptyInstructions: Document = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };

/** The Organizations section of the API description (org search comes with content). */
export const organizationOperations: readonly Operation[] = [
  operation(
    'listOrganizationsForAuthenticatedUser',
    { query: PaginationQuery, response: ListOf(Organization) },
    async ({ query, caller, ctx, baseUrl }) => {
      const mine = ctx.db
        .selectFrom('organizations')
        .innerJoin('members', 'members.organization_id', 'organizations.id')
        .where('members.user_id', '=', caller.userId)
        .where('members.disabled', '=', false);
      const page = await loadPage(
        query,
        2,
        (after, take) =>
          mine
            .selectAll('organizations')
            .select('members.role as member_role')
            .$if(after !== undefined, (q) =>
              q.where(afterKey(['organizations.created_at', 'organizations.id'], after ?? [])),
            )
            .orderBy('organizations.created_at')
            .orderBy('organizations.id')
            .limit(take)
            .execute(),
        (row) => [row.created_at, row.id],
      );
      const counted = await mine
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirst();
      return {
        items: page.rows.map((row) => organizationResource(row, levelOf(row.member_role), baseUrl)),
        count: Number(counted?.count ?? 0),
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'getOrganizationById',
    { params: ['organizationId'], response: Organization },
    async ({ params, caller, ctx, baseUrl }) => {
      const { organization, level } = await requireOrganization(
        ctx.db,
        caller,
        params.organizationId,
      );
      return organizationResource(organization, level, baseUrl);
    },
  ),

  operation(
    'updateOrganizationById',
    { params: ['organizationId'], body: UpdateOrganizationBody, response: Organization },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', "change the organization's settings");
      await requireMergeRuleMembers(ctx.db, params.organizationId, body.mergeRules);
      if (body.defaultContent !== undefined && body.defaultContent !== null) {
        // Sites arrive with the Sites section; until then no id names one of this organization.
        throw new BadRequestError(
          `body/defaultContent/site \`${body.defaultContent.site}\` is not a site of this organization`,
        );
      }
      const changes = organizationUpdates(body, ctx.clock.now());
      try {
        await ctx.db
          .updateTable('organizations')
          .set(changes)
          .where('id', '=', params.organizationId)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(
            `hostname \`${body.hostname ?? ''}\` is taken by another organization`,
          );
        }
        throw error;
      }
      const { organization, level } = await requireOrganization(
        ctx.db,
        caller,
        params.organizationId,
      );
      return organizationResource(organization, level, baseUrl);
    },
  ),

  operation(
    'deleteOrganizationInviteById',
    { params: ['organizationId', 'inviteId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'delete invite links');
      await ctx.db
        .deleteFrom('link_invites')
        .where('organization_id', '=', params.organizationId)
        .where('id', '=', params.inviteId)
        .execute();
      return undefined;
    },
  ),

  operation(
    'joinOrganization',
    { params: ['organizationId'], response: null },
    async ({ params, caller, ctx }) => {
      const user = await ctx.db
        .selectFrom('users')
        .select(['email', 'email_verified'])
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      const organization = await ctx.db
        .selectFrom('organizations')
        .select(['id', 'email_domains', 'default_role'])
        .where('id', '=', params.organizationId)
        .executeTakeFirst();
      const domain = verifiedDomain(user);
      // An organization the caller may not join is one they cannot see: 404, as for no organization.
      if (
        organization === undefined ||
        domain === undefined ||
        !(readJson(organization.email_domains) as string[]).includes(domain)
      ) {
        throw new NotFoundError('Organization');
      }
      await ctx.db
        .insertInto('members')
        .values({
          organization_id: organization.id,
          user_id: caller.userId,
          role: organization.default_role,
          sso: false,
          disabled: false,
          joined_at: ctx.clock.now().toISOString(),
          last_seen_at: null,
        })
        .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doNothing())
        .execute();
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
      await ctx.db
        .updateTable('organizations')
        .set({
          agent_instructions: writeJson(body.instructions),
          agent_instructions_updated_at: ctx.clock.now().toISOString(),
          agent_instructions_updated_by: caller.userId,
        })
        .where('id', '=', params.organizationId)
        .execute();
      const { organization } = await requireOrganization(ctx.db, caller, params.organizationId);
      return agentInstructions(organization, baseUrl);
    },
  ),

  operation(
    'listOrganizationsForEmailDomain',
    { params: ['emailDomain'], response: EmailDomainOrganizations },
    async ({ params, caller, ctx, baseUrl }) => {
      const domain = normalizeEmailDomain(params.emailDomain, 'path/emailDomain');
      const user = await ctx.db
        .selectFrom('users')
        .select(['email', 'email_verified'])
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      const joinable = verifiedDomain(user) === domain;
      // Prefilter on the JSON text, then compare exactly: `"example.com"` also matches inside
      // no other domain because the quotes are part of the pattern.
      const rows = await ctx.db
        .selectFrom('organizations')
        .leftJoin('members', (join) =>
          join
            .onRef('members.organization_id', '=', 'organizations.id')
            .on('members.user_id', '=', caller.userId)
            .on('members.disabled', '=', false),
        )
        .selectAll('organizations')
        .select(['members.role as member_role', 'members.user_id as member_user'])
        .where('organizations.email_domains', 'like', `%${JSON.stringify(domain)}%`)
        .orderBy('organizations.created_at')
        .orderBy('organizations.id')
        .execute();
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

function verifiedDomain(user: {
  email: string | null;
  email_verified: unknown;
}): string | undefined {
  if (user.email === null || !user.email_verified) return undefined;
  const at = user.email.lastIndexOf('@');
  return at < 0 ? undefined : user.email.slice(at + 1).toLowerCase();
}

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
        ? emptyInstructions
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
