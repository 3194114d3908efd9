import { Type, type Static } from 'typebox';
import { ChangeRequest } from './change-request.js';
import { Document } from './document.js';

/** Page content to write: markdown (front matter sets metadata) or a JSON document. */
const PageContent = Type.Union([
  Type.Object({ markdown: Type.String() }),
  Type.Object({ document: Document }),
]);

/** A page named by id, or by the `ref` an earlier operation of the same batch gave it. */
const PageReference = Type.String({
  minLength: 1,
  description: 'Page id, or a `ref` of this batch.',
});

/** Page metadata an operation may set. */
const pageMetadata = {
  title: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String()),
  emoji: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  hidden: Type.Optional(Type.Boolean()),
};

/** Where a page goes: under a parent page (absent: the top level), at an index (absent: last). */
const placement = {
  into: Type.Optional(PageReference),
  at: Type.Optional(Type.Integer({ minimum: 0 })),
};

/** One file to add: its bytes inline (base64) or a URL the service fetches. */
const FileToInsert = Type.Union([
  Type.Object({
    name: Type.String({ minLength: 1 }),
    contentType: Type.String(),
    base64: Type.String({ contentEncoding: 'base64' }),
    ref: Type.Optional(Type.String()),
  }),
  Type.Object({
    name: Type.String({ minLength: 1 }),
    contentType: Type.String(),
    url: Type.String({ format: 'uri' }),
    ref: Type.Optional(Type.String()),
  }),
]);

/** One operation of a content batch. */
export const ContentChange = Type.Union(
  [
    Type.Object({
      type: Type.Literal('insert_page'),
      ...placement,
      ref: Type.Optional(Type.String({ description: 'Name later operations use for the page.' })),
      ...pageMetadata,
      document: PageContent,
    }),
    Type.Object({
      type: Type.Literal('update_page'),
      page: PageReference,
      ...placement,
      ...pageMetadata,
      document: Type.Optional(PageContent),
    }),
    Type.Object({ type: Type.Literal('delete_page'), page: PageReference }),
    Type.Object({
      type: Type.Literal('revert_page'),
      page: PageReference,
      revision: Type.Optional(
        Type.String({ description: 'Revision to take the page from; default: the base.' }),
      ),
    }),
    Type.Object({
      type: Type.Literal('insert_files'),
      files: Type.Array(FileToInsert, { minItems: 1 }),
    }),
  ],
  { title: 'ContentChange' },
);
/** One operation of a content batch. */
export type ContentChange = Static<typeof ContentChange>;

/**
 * Extension: a batch of content operations on a change request, applied atomically and in
 * order; one invalid operation rejects the whole batch.
 */
export const ChangeRequestContentChangesBody = Type.Object(
  {
    changes: Type.Array(ContentChange, { minItems: 1, maxItems: 50 }),
    revision: Type.Optional(
      Type.String({
        description:
          'The revision the batch was written against; 409 when the change request moved on.',
      }),
    ),
  },
  { title: 'ChangeRequestContentChangesBody' },
);
/** Extension: a batch of content operations on a change request. */
export type ChangeRequestContentChangesBody = Static<typeof ChangeRequestContentChangesBody>;

/** What one operation did, in the order of the batch (a revert reports an updated page). */
export const ContentChangeResult = Type.Union(
  [
    Type.Object({
      object: Type.Literal('created_page'),
      page: Type.String(),
      path: Type.String(),
      ref: Type.Optional(Type.String()),
    }),
    Type.Object({ object: Type.Literal('updated_page'), page: Type.String(), path: Type.String() }),
    Type.Object({ object: Type.Literal('deleted_page'), page: Type.String() }),
    Type.Object({
      object: Type.Literal('created_files'),
      files: Type.Array(
        Type.Object({ id: Type.String(), name: Type.String(), ref: Type.Optional(Type.String()) }),
      ),
    }),
  ],
  { title: 'ContentChangeResult' },
);
/** What one operation did. */
export type ContentChangeResult = Static<typeof ContentChangeResult>;

/** The change request after the batch, and what each operation did. */
export const ChangeRequestContentChangesResult = Type.Object(
  { changeRequest: ChangeRequest, changes: Type.Array(ContentChangeResult) },
  { title: 'ChangeRequestContentChangesResult' },
);
/** The change request after the batch. */
export type ChangeRequestContentChangesResult = Static<typeof ChangeRequestContentChangesResult>;
