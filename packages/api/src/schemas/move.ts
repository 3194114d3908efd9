import { Type, type TSchema } from 'typebox';

/** `position`: put the item before or after a sibling, named by `reference`. */
function Position<Reference extends TSchema>(reference: Reference) {
  return Type.Object(
    { before: Type.Optional(reference), after: Type.Optional(reference) },
    {
      // Whether both may be combined is not stated; docsync accepts either, not both, since two
      // anchors can contradict each other.
      minProperties: 1,
      maxProperties: 1,
    },
  );
}

/**
 * A sibling reference for spaces and collections. The description gives this one shape for both,
 * so `space` holds the id of the sibling, whether that sibling is a space or a collection.
 */
const SpaceOrCollectionReference = Type.Object({
  type: Type.Literal('space'),
  space: Type.String({ description: 'Id of the sibling space or collection.' }),
});

/** Move a space or collection: a new parent collection (`null` for the top level), a position. */
export const MoveSpaceOrCollectionBody = Type.Object(
  {
    parent: Type.Optional(
      Type.Union([Type.String({ description: 'Collection id.' }), Type.Null()]),
    ),
    position: Type.Optional(Position(SpaceOrCollectionReference)),
  },
  { title: 'MoveSpaceOrCollectionBody' },
);

/** Move a site section among its siblings (deprecated operation). */
export const MoveSiteSectionBody = Type.Object(
  {
    position: Position(
      Type.Object({ type: Type.Literal('site-section'), siteSection: Type.String() }),
    ),
  },
  { title: 'MoveSiteSectionBody' },
);

/** Move a site space among its siblings. */
export const MoveSiteSpaceBody = Type.Object(
  {
    position: Position(Type.Object({ type: Type.Literal('site-space'), siteSpace: Type.String() })),
  },
  { title: 'MoveSiteSpaceBody' },
);

/** Move a site section group among its siblings (references use `{type: site-section, id}`). */
export const MoveSiteSectionGroupBody = Type.Object(
  { position: Position(Type.Object({ type: Type.Literal('site-section'), id: Type.String() })) },
  { title: 'MoveSiteSectionGroupBody' },
);
