import {
  ListMemberSpacesQuery,
  ListMemberTeamsQuery,
  ListMembersQuery,
  ListOf,
  Member,
  MemberSpace,
  MemberTeam,
  PingResponse,
  UpdateMemberBody,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { operation, type Operation } from '../http/operation.js';
import { changeMemberRole } from '../members/change-member-role.js';
import { listMemberSpaces } from '../members/list-member-spaces.js';
import { listMembers } from '../members/list-members.js';
import { requireMemberReader } from '../members/member-access.js';
import { memberCounts } from '../members/member-counts.js';
import { memberResource, type MemberRow } from '../members/member-resource.js';
import { markMemberSeen, markMemberSso } from '../members/member-updates.js';
import { removeMember } from '../members/remove-member.js';
import { requireMember } from '../members/select-members.js';
import type { Db } from '../storage/schema.js';
import { listMemberTeams } from '../teams/list-member-teams.js';

/** A member with its counts, as the API shows it. */
async function memberWithCounts(
  db: Db,
  organizationId: string,
  row: MemberRow,
  baseUrl: string,
): Promise<Member> {
  const counts = await memberCounts(db, organizationId, [row]);
  return memberResource(row, counts.get(row.user_id) ?? { spaces: 0, teams: 0 }, baseUrl);
}

/**
 * The Organization members section. Reading members takes the `read` role (anyone may read
 * about themselves); roles, SSO and removing others take `admin`; nobody may demote or remove
 * the last admin (409).
 */
export const organizationMemberOperations: readonly Operation[] = [
  operation(
    'listOrganizationMembers',
    { params: ['organizationId'], query: ListMembersQuery, response: ListOf(Member) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see the members of this organization');
      const page = await listMembers(ctx.db, params.organizationId, query);
      const counts = await memberCounts(ctx.db, params.organizationId, page.rows);
      return {
        items: page.rows.map((row) =>
          memberResource(row, counts.get(row.user_id) ?? { spaces: 0, teams: 0 }, baseUrl),
        ),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'getOrganizationMemberById',
    { params: ['organizationId', 'userId'], response: Member },
    async ({ params, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireMemberReader(access, params.userId);
      const row = await requireMember(ctx.db, params.organizationId, params.userId);
      return memberWithCounts(ctx.db, params.organizationId, row, baseUrl);
    },
  ),

  operation(
    'removeOrganizationMemberById',
    { params: ['organizationId', 'userId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      // Leaving is every member's right; removing someone else is an admin's.
      if (params.userId !== caller.userId) {
        requireLevel(access.level, 'admin', 'remove members from this organization');
      }
      await removeMember(ctx.db, params.organizationId, params.userId);
      return undefined;
    },
  ),

  operation(
    'updateOrganizationMemberById',
    { params: ['organizationId', 'userId'], body: UpdateMemberBody, response: Member },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'change the roles of members');
      await requireMember(ctx.db, params.organizationId, params.userId);
      await changeMemberRole(ctx.db, params.organizationId, params.userId, body.role);
      const row = await requireMember(ctx.db, params.organizationId, params.userId);
      return memberWithCounts(ctx.db, params.organizationId, row, baseUrl);
    },
  ),

  operation(
    'pingOrganization',
    { params: ['organizationId'], response: PingResponse },
    async ({ params, caller, ctx }) => {
      await requireOrganization(ctx.db, caller, params.organizationId);
      await markMemberSeen(ctx.db, params.organizationId, caller.userId, ctx.clock.now());
      // `serviceVisitorClaims` is a JWT for visitor-authenticated sites; none exist yet, so
      // there are no claims to sign and the answer is the empty object the contract allows.
      return {};
    },
  ),

  operation(
    'markOrganizationMemberAsSso',
    { params: ['organizationId', 'userId'], response: Member },
    async ({ params, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'mark members as SSO members');
      await requireMember(ctx.db, params.organizationId, params.userId);
      await markMemberSso(ctx.db, params.organizationId, params.userId);
      const row = await requireMember(ctx.db, params.organizationId, params.userId);
      return memberWithCounts(ctx.db, params.organizationId, row, baseUrl);
    },
  ),

  operation(
    'listOrganizationMemberSpaces',
    {
      params: ['organizationId', 'userId'],
      query: ListMemberSpacesQuery,
      response: ListOf(MemberSpace),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireMemberReader(access, params.userId);
      const member = await requireMember(ctx.db, params.organizationId, params.userId);
      return listMemberSpaces(ctx.db, {
        organizationId: params.organizationId,
        memberRole: member.role,
        callerLevel: access.level,
        baseUrl,
        page: query.page,
        limit: query.limit,
        order: query.order,
      });
    },
  ),

  operation(
    'listOrganizationMemberTeams',
    {
      params: ['organizationId', 'userId'],
      query: ListMemberTeamsQuery,
      response: ListOf(MemberTeam),
    },
    async ({ params, query, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireMemberReader(access, params.userId);
      await requireMember(ctx.db, params.organizationId, params.userId);
      return listMemberTeams(ctx.db, access, {
        organizationId: params.organizationId,
        userId: params.userId,
        title: query.title,
        page: query.page,
        limit: query.limit,
      });
    },
  ),
];
