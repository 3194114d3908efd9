import { Type, type Static } from 'typebox';
import {
  DateTime,
  NullableRole,
  Permissions,
  StringEnum,
  Urls,
  shareKeyProperty,
} from './common.js';
import { Language } from './language.js';
import { MergeRules } from './merge-rules.js';
import { TemplateReference } from './template.js';

/** Who can read a space. */
export const SpaceVisibility = StringEnum(
  ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'],
  { title: 'SpaceVisibility' },
);
/** Who can read a space. */
export type SpaceVisibility = Static<typeof SpaceVisibility>;

/** `live`: people edit directly; `locked`: all edits go through change requests or nowhere. */
export const EditMode = StringEnum(['live', 'locked'], { title: 'EditMode' });
/** How a space may be edited. */
export type EditMode = Static<typeof EditMode>;

/** A space: a tree of pages, files, reusable contents and variables, versioned as revisions. */
export const Space = Type.Object(
  {
    object: Type.Literal('space'),
    id: Type.String(),
    title: Type.String({ maxLength: 50 }),
    emoji: Type.String({ maxLength: 50, description: 'An emoji, or empty.' }),
    visibility: SpaceVisibility,
    createdAt: DateTime(),
    updatedAt: DateTime(),
    deletedAt: Type.Optional(DateTime({ description: 'Set while the space is deleted.' })),
    editMode: Type.Optional(EditMode),
    mergeRules: MergeRules,
    urls: Urls(['location', 'app'], ['published', 'public', 'icon']),
    organization: Type.String({ description: 'Owning organization id.' }),
    parent: Type.Optional(Type.String({ description: 'Parent collection id.' })),
    language: Type.Optional(Language),
    gitSync: Type.Optional(
      Type.Object({
        repoName: Type.Optional(Type.String()),
        installationProvider: Type.Optional(Type.String({ examples: ['github'] })),
        integration: Type.Optional(Type.String()),
        url: Type.Optional(Type.String({ format: 'uri' })),
        updatedAt: Type.Optional(DateTime()),
      }),
    ),
    visitorAuth: Type.Optional(Type.Object({ backend: Type.String({ examples: ['custom'] }) })),
    revision: Type.String({ description: 'Id of the active revision.' }),
    defaultLevel: NullableRole,
    comments: Type.Number({ description: 'Opened comments.' }),
    changeRequests: Type.Number({ description: 'All change requests.' }),
    changeRequestsOpen: Type.Number(),
    changeRequestsDraft: Type.Number(),
    permissions: Permissions([
      'view',
      'access',
      'admin',
      'viewInviteLinks',
      'edit',
      'triggerGitSync',
      'comment',
      'merge',
      'review',
      'installIntegration',
    ]),
  },
  { title: 'Space' },
);
/** A space. */
export type Space = Static<typeof Space>;

/** GET a space. */
export const GetSpaceQuery = Type.Object({ shareKey: shareKeyProperty });
/** GET a space. */
export type GetSpaceQuery = Static<typeof GetSpaceQuery>;

/** PATCH a space: every field optional. */
export const UpdateSpaceBody = Type.Object(
  {
    editMode: Type.Optional(EditMode),
    title: Type.Optional(Type.String({ maxLength: 50 })),
    defaultLevel: Type.Optional(NullableRole),
    language: Type.Optional(Language),
    mergeRules: Type.Optional(MergeRules),
    emoji: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { title: 'UpdateSpaceBody' },
);
/** PATCH a space. */
export type UpdateSpaceBody = Static<typeof UpdateSpaceBody>;

/** Extension: create a space in an organization, empty or from a template (not both). */
export const CreateSpaceBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    emoji: Type.Optional(Type.String({ maxLength: 50 })),
    parent: Type.Optional(Type.String({ description: 'Collection id.' })),
    language: Type.Optional(Language),
    editMode: Type.Optional(EditMode),
    template: Type.Optional(TemplateReference),
    empty: Type.Optional(Type.Literal(true)),
  },
  { title: 'CreateSpaceBody', not: { required: ['template', 'empty'] } },
);
/** Extension: create a space in an organization. */
export type CreateSpaceBody = Static<typeof CreateSpaceBody>;

/** Transfer a space to another organization, into a collection, or both. */
export const TransferSpaceBody = Type.Object(
  {
    organization: Type.String({ minLength: 1, description: 'Target organization id.' }),
    collection: Type.Optional(Type.String({ description: 'Target collection id.' })),
  },
  { title: 'TransferSpaceBody' },
);
/** Transfer a space. */
export type TransferSpaceBody = Static<typeof TransferSpaceBody>;
