import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, Permissions } from './common.js';

/** A named group of members of an organization. */
export const Team = Type.Object(
  {
    object: Type.Literal('team'),
    id: Type.String(),
    title: Type.String({ minLength: 1 }),
    members: Type.Number({ description: 'Number of members.' }),
    spaces: Type.Number({ description: 'Number of spaces the team can access.' }),
    createdAt: DateTime(),
    permissions: Permissions(['admin', 'view']),
  },
  { title: 'Team' },
);
/** A team. */
export type Team = Static<typeof Team>;

/** List teams, optionally those one member can manage or whose title contains a string. */
export const ListTeamsQuery = ListQuery({
  owner: Type.Optional(Type.String({ description: 'Member id: only teams this member manages.' })),
  title: Type.Optional(Type.String({ description: 'Case-insensitive title substring.' })),
});
/** List teams. */
export type ListTeamsQuery = Static<typeof ListTeamsQuery>;

/** PUT a new team: its title and, optionally, its first members. */
export const CreateTeamBody = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    members: Type.Optional(Type.Array(Type.String(), { description: 'Member ids.' })),
  },
  { title: 'CreateTeamBody' },
);
/** PUT a new team. */
export type CreateTeamBody = Static<typeof CreateTeamBody>;

/** PATCH a team. */
export const UpdateTeamBody = Type.Object(
  { title: Type.Optional(Type.String({ minLength: 1 })) },
  { title: 'UpdateTeamBody' },
);
/** PATCH a team. */
export type UpdateTeamBody = Static<typeof UpdateTeamBody>;
