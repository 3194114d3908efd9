import { CreateTeamBody, ListOf, ListTeamsQuery, Team, UpdateTeamBody } from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { operation, type Operation } from '../http/operation.js';
import { listTeams } from '../teams/list-teams.js';
import { createTeam, deleteTeam, renameTeam } from '../teams/save-team.js';
import { findTeam, requireTeam, requireTeamManager } from '../teams/team-access.js';
import { teamResourceOf, teamResources } from '../teams/team-resources.js';

/**
 * The Teams section. Reading teams takes the `read` role (the organization's `listTeams`
 * permission); creating one takes `create` (its `ownTeam` permission); renaming and deleting
 * take `admin` or ownership of the team.
 */
export const teamOperations: readonly Operation[] = [
  operation(
    'listOrganizationTeams',
    { params: ['organizationId'], query: ListTeamsQuery, response: ListOf(Team) },
    async ({ params, query, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see the teams of this organization');
      const page = await listTeams(ctx.db, params.organizationId, query);
      return {
        items: await teamResources(ctx.db, access, page.rows),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createOrganizationTeam',
    { params: ['organizationId'], body: CreateTeamBody, response: Team },
    async ({ params, body, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'create teams');
      const id = await createTeam(ctx.db, access, body, { clock: ctx.clock, ids: ctx.ids });
      const team = await requireTeam(ctx.db, params.organizationId, id);
      return teamResourceOf(ctx.db, access, team);
    },
  ),

  operation(
    'getOrganizationTeamById',
    { params: ['organizationId', 'teamId'], response: Team },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see the teams of this organization');
      const team = await requireTeam(ctx.db, params.organizationId, params.teamId);
      return teamResourceOf(ctx.db, access, team);
    },
  ),

  operation(
    'deleteOrganizationTeamById',
    { params: ['organizationId', 'teamId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      // Deleting a team that does not exist succeeds and changes nothing.
      const team = await findTeam(ctx.db, params.organizationId, params.teamId);
      if (team === undefined) return undefined;
      await requireTeamManager(ctx.db, access, team.id, 'delete the team');
      await deleteTeam(ctx.db, team.id);
      return undefined;
    },
  ),

  operation(
    'updateOrganizationTeamById',
    { params: ['organizationId', 'teamId'], body: UpdateTeamBody, response: Team },
    async ({ params, body, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      const existing = await requireTeam(ctx.db, params.organizationId, params.teamId);
      await requireTeamManager(ctx.db, access, existing.id, 'change the team');
      if (body.title !== undefined) await renameTeam(ctx.db, existing.id, body.title);
      const team = await requireTeam(ctx.db, params.organizationId, params.teamId);
      return teamResourceOf(ctx.db, access, team);
    },
  ),
];
