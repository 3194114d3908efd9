import { Type, type Static } from 'typebox';

/**
 * A top-level block of a rich-text document. Deliberately permissive: `@docsync/core` owns the
 * document model and validates it when it converts; the contract only fixes the envelope, so the
 * service can add block types without a contract change.
 */
export const DocumentBlock = Type.Object(
  {
    object: Type.Literal('block'),
    type: Type.String({ examples: ['paragraph'] }),
    key: Type.Optional(Type.String()),
    isVoid: Type.Optional(Type.Boolean()),
    data: Type.Optional(
      Type.Object({}, { additionalProperties: true, examples: [{ align: 'start' }] }),
    ),
    nodes: Type.Optional(
      Type.Array(
        Type.Object(
          {
            object: Type.String({
              description: 'Kind of node: `block`, `inline`, `text`, `fragment`, ...',
            }),
          },
          { additionalProperties: true },
        ),
      ),
    ),
  },
  { title: 'DocumentBlock', additionalProperties: true },
);
/** A top-level block of a rich-text document. */
export type DocumentBlock = Static<typeof DocumentBlock>;

/** Rich text: a tree of blocks, inlines and text (page content, descriptions, instructions). */
export const Document = Type.Object(
  {
    object: Type.Literal('document'),
    data: Type.Optional(
      Type.Object({ schemaVersion: Type.Optional(Type.Number()) }, { additionalProperties: true }),
    ),
    nodes: Type.Array(DocumentBlock),
  },
  { title: 'Document', additionalProperties: true },
);
/** Rich text. */
export type Document = Static<typeof Document>;
