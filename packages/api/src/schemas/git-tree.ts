import { Type, type Static } from 'typebox';
import { GitOid } from './git-sync.js';

/** Extension: which content to list: the space's, or one of its change requests'. */
export const GitTreeQuery = Type.Object({
  changeRequest: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'List this change request’s content (its id, or its number in the space).',
    }),
  ),
});
/** Extension: which content to list. */
export type GitTreeQuery = Static<typeof GitTreeQuery>;

/** One file Git Sync writes for the content: where, its blob id and size, and what it holds. */
export const GitTreeFile = Type.Object({
  path: Type.String({ minLength: 1, description: 'Relative to the content directory.' }),
  /** The git blob id of the bytes; for a page, of the markdown its `format=markdown` read answers. */
  oid: GitOid,
  size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
  page: Type.Optional(Type.String({ description: 'The page the file holds (its markdown).' })),
  file: Type.Optional(Type.String({ description: 'The file (asset) the bytes are.' })),
});
/** Extension: one file of the content as Git Sync writes it. */
export type GitTreeFile = Static<typeof GitTreeFile>;

/**
 * Extension: the files Git Sync writes for a content's current revision, with their blob ids,
 * so a client that holds most blobs already fetches only the ones it lacks.
 */
export const GitTree = Type.Object(
  {
    revision: Type.String({ description: 'The revision listed.' }),
    files: Type.Array(GitTreeFile, { description: 'Every file, sorted by path.' }),
  },
  { title: 'GitTree' },
);
/** Extension: the files Git Sync writes for a content's current revision. */
export type GitTree = Static<typeof GitTree>;

/** Extension: the markdown of these pages, as the listing names them, in one request. */
export const GitTreePagesBody = Type.Object(
  {
    pages: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      maxItems: 1000,
      description: 'Page ids.',
    }),
    changeRequest: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Read this change request’s content (its id, or its number in the space).',
      }),
    ),
  },
  { title: 'GitTreePagesBody' },
);
/** Extension: the markdown of these pages. */
export type GitTreePagesBody = Static<typeof GitTreePagesBody>;

/**
 * Extension: pages' markdown at the current revision, byte for byte what each page's
 * `format=markdown` read answers; unknown ids and pages that are not documents are left out.
 */
export const GitTreePages = Type.Object(
  {
    revision: Type.String({ description: 'The revision read.' }),
    pages: Type.Array(Type.Object({ page: Type.String(), markdown: Type.String() })),
  },
  { title: 'GitTreePages' },
);
/** Extension: pages' markdown at the current revision. */
export type GitTreePages = Static<typeof GitTreePages>;
