import { Type, type Static } from 'typebox';
import { ListQuery, NullableRole, Permissions, Urls } from './common.js';

/** A folder of spaces and nested collections. */
export const Collection = Type.Object(
  {
    object: Type.Literal('collection'),
    id: Type.String(),
    title: Type.String({ maxLength: 50 }),
    description: Type.Optional(Type.String({ maxLength: 100 })),
    organization: Type.String({ description: 'Owning organization id.' }),
    parent: Type.Optional(Type.String({ description: 'Parent collection id.' })),
    defaultLevel: NullableRole,
    urls: Urls(['location', 'app']),
    permissions: Permissions(['view', 'admin', 'viewInviteLinks', 'create']),
  },
  { title: 'Collection' },
);
/** A folder of spaces and nested collections. */
export type Collection = Static<typeof Collection>;

/** List an organization's collections. */
export const ListCollectionsQuery = ListQuery({
  nested: Type.Optional(
    Type.Boolean({ default: true, description: 'Also list collections inside collections.' }),
  ),
});
/** List an organization's collections. */
export type ListCollectionsQuery = Static<typeof ListCollectionsQuery>;

/** POST a new collection. */
export const CreateCollectionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    parent: Type.Optional(Type.String({ description: 'Parent collection id.' })),
  },
  { title: 'CreateCollectionBody' },
);
/** POST a new collection. */
export type CreateCollectionBody = Static<typeof CreateCollectionBody>;

/** PATCH a collection. */
export const UpdateCollectionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    description: Type.Optional(Type.String({ maxLength: 100 })),
    defaultLevel: Type.Optional(NullableRole),
  },
  { title: 'UpdateCollectionBody' },
);
/** PATCH a collection. */
export type UpdateCollectionBody = Static<typeof UpdateCollectionBody>;

/** Transfer a collection to another organization. */
export const TransferCollectionBody = Type.Object(
  { organization: Type.String({ minLength: 1, description: 'Target organization id.' }) },
  { title: 'TransferCollectionBody' },
);
/** Transfer a collection to another organization. */
export type TransferCollectionBody = Static<typeof TransferCollectionBody>;
