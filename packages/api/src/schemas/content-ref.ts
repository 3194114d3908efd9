import { Type, type Static } from 'typebox';

/**
 * A reference from content to something else. The description shows the `file`, `page` and
 * `openapi` kinds; the others are the public API's kinds that docsync's documents also use.
 */
export const ContentRef = Type.Union(
  [
    Type.Object({ kind: Type.Literal('file'), file: Type.String() }),
    Type.Object({ kind: Type.Literal('url'), url: Type.String() }),
    Type.Object({
      kind: Type.Literal('page'),
      page: Type.String(),
      space: Type.Optional(Type.String()),
    }),
    Type.Object({
      kind: Type.Literal('anchor'),
      anchor: Type.String(),
      space: Type.Optional(Type.String()),
      page: Type.Optional(Type.String()),
    }),
    Type.Object({ kind: Type.Literal('user'), user: Type.String() }),
    Type.Object({ kind: Type.Literal('collection'), collection: Type.String() }),
    Type.Object({ kind: Type.Literal('space'), space: Type.String() }),
    Type.Object({
      kind: Type.Literal('reusable-content'),
      reusableContent: Type.String(),
      space: Type.Optional(Type.String()),
    }),
    Type.Object({ kind: Type.Literal('openapi'), spec: Type.String() }),
    Type.Object({ kind: Type.Literal('tag'), tag: Type.String() }),
  ],
  { title: 'ContentRef' },
);
/** A reference from content to something else. */
export type ContentRef = Static<typeof ContentRef>;

/** Where a page or file lives in the git tree, and the blob id of its bytes there. */
export const GitLocation = Type.Object(
  { oid: Type.String(), path: Type.String() },
  { title: 'GitLocation' },
);
/** Where a page or file lives in the git tree. */
export type GitLocation = Static<typeof GitLocation>;

/**
 * Values of content variables. The description says strings; docsync also carries the numbers
 * and booleans that front matter `vars:` can hold, so a value survives a round trip unchanged.
 */
export const Variables = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
);
/** Values of content variables. */
export type Variables = Static<typeof Variables>;
