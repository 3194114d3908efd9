import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, NullableRole, Role, StringEnum } from './common.js';
import { Space } from './space.js';
import { Team } from './team.js';
import { User } from './user.js';

/** A user's membership of an organization. */
export const Member = Type.Object(
  {
    object: Type.Literal('member'),
    id: Type.String({ description: 'The user id.' }),
    role: NullableRole,
    user: User,
    disabled: Type.Boolean(),
    joinedAt: DateTime(),
    lastSeenAt: Type.Optional(DateTime()),
    sso: Type.Boolean({ description: 'The member signs in through SSO.' }),
    spaces: Type.Number({ description: 'Spaces the member has access to.' }),
    teams: Type.Number({ description: 'Teams the member belongs to.' }),
  },
  { title: 'Member' },
);
/** A user's membership of an organization. */
export type Member = Static<typeof Member>;

/** `order`: newest first by default. */
export const SortOrder = StringEnum(['asc', 'desc'], { default: 'desc' });

/** List the members of an organization. */
export const ListMembersQuery = ListQuery({
  order: Type.Optional(SortOrder),
  role: Type.Optional(Role),
  search: Type.Optional(Type.String({ description: 'Matches display name and email.' })),
  sort: Type.Optional(
    StringEnum(['joinedAt', 'lastSeenAt'], {
      default: 'joinedAt',
      description: 'Sorting by `lastSeenAt` lists only active members.',
    }),
  ),
});
/** List the members of an organization. */
export type ListMembersQuery = Static<typeof ListMembersQuery>;

/** PATCH a member: the new role, `null` making the member a guest. */
export const UpdateMemberBody = Type.Object({ role: NullableRole }, { title: 'UpdateMemberBody' });
/** PATCH a member. */
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

/** What the ping answers: optionally a JWT carrying the visitor claims for the caller. */
export const PingResponse = Type.Object(
  { serviceVisitorClaims: Type.Optional(Type.String()) },
  { title: 'PingResponse' },
);
/** What the ping answers. */
export type PingResponse = Static<typeof PingResponse>;

/** List the spaces a member can access. */
export const ListMemberSpacesQuery = ListQuery({ order: Type.Optional(SortOrder) });

/** A space a member can access, with the member's level on it. */
export const MemberSpace = Type.Object(
  { permission: Role, space: Space },
  { title: 'MemberSpace' },
);
/** A space a member can access. */
export type MemberSpace = Static<typeof MemberSpace>;

/** List the teams of a member. */
export const ListMemberTeamsQuery = ListQuery({
  title: Type.Optional(Type.String({ description: 'Case-insensitive team name substring.' })),
});

/** A team a member belongs to, with the member's role in it. */
export const MemberTeam = Type.Object(
  { team: Team, member: Type.Object({ role: StringEnum(['owner', 'member']) }) },
  { title: 'MemberTeam' },
);
/** A team a member belongs to. */
export type MemberTeam = Static<typeof MemberTeam>;
