import { Type, type Static } from 'typebox';
import { GitOid } from './git-sync.js';

/** A revision of the space a Git Sync read names (`revisionId` is a path-free id). */
const revisionOfSpace = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, description }));

/**
 * Extension: which content to list: the space's, one of its change requests', or any revision
 * of the space; all of it, or what changed since another revision.
 */
export const GitTreeQuery = Type.Object({
  changeRequest: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'List this change request’s content (its id, or its number in the space).',
    }),
  ),
  revision: revisionOfSpace(
    'List this revision of the space (one that was its main content, or a change request’s); not with `changeRequest`.',
  ),
  since: revisionOfSpace(
    'List only the files whose path is new or whose blob id differs from this revision’s listing, and in `deleted` the paths that listing has and this one lacks.',
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
    since: Type.Optional(
      Type.String({ description: 'With `since`: the revision the listing is compared with.' }),
    ),
    files: Type.Array(GitTreeFile, {
      description:
        'Every file, sorted by path; with `since`, only those new or changed since that revision.',
    }),
    deleted: Type.Optional(
      Type.Array(Type.String(), {
        description: 'With `since`: the paths of that revision’s listing this one lacks, sorted.',
      }),
    ),
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

/** The most paths one `getGitTreeFiles` request may name. */
export const MAX_GIT_TREE_FILES = 1000;

/** The file bytes one `getGitTreeFiles` answer holds at most (at least one file always). */
export const MAX_GIT_TREE_FILES_BYTES = 32 * 1024 * 1024;

/** Extension: the bytes of these listed files, in one request. */
export const GitTreeFilesBody = Type.Object(
  {
    paths: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      maxItems: MAX_GIT_TREE_FILES,
      description: 'Paths as the listing names them.',
    }),
    revision: revisionOfSpace(
      'Read this revision of the space (as `getGitTree`’s `revision`); not with `changeRequest`.',
    ),
    changeRequest: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Read this change request’s content (its id, or its number in the space).',
      }),
    ),
  },
  { title: 'GitTreeFilesBody' },
);
/** Extension: the bytes of these listed files. */
export type GitTreeFilesBody = Static<typeof GitTreeFilesBody>;

/** One listed file with its bytes: text for what Git Sync writes as text, base64 for assets. */
export const GitTreeFileContent = Type.Object(
  {
    path: Type.String(),
    oid: GitOid,
    size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
    text: Type.Optional(
      Type.String({
        description:
          'The bytes as UTF-8: page markdown, SUMMARY.md, includes, `.gitbook.yaml`, `.gitbook/vars.yaml`.',
      }),
    ),
    base64: Type.Optional(
      Type.String({ contentEncoding: 'base64', description: 'The bytes of an asset.' }),
    ),
  },
  { title: 'GitTreeFileContent' },
);
/** One listed file with its bytes. */
export type GitTreeFileContent = Static<typeof GitTreeFileContent>;

/**
 * Extension: listed files' exact bytes (their git blob ids are the listing's `oid`s). Paths the
 * listing lacks are in `missing`; files left for another request because the answer reached its
 * size limit are in `deferred`.
 */
export const GitTreeFiles = Type.Object(
  {
    revision: Type.String({ description: 'The revision read.' }),
    files: Type.Array(GitTreeFileContent, { description: 'In the order asked, each path once.' }),
    missing: Type.Array(Type.String(), { description: 'Asked paths the listing does not have.' }),
    deferred: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Listed paths not read because the answer reached its size limit (32 MiB of file bytes); ask for them again.',
      }),
    ),
  },
  { title: 'GitTreeFiles' },
);
/** Extension: listed files' exact bytes. */
export type GitTreeFiles = Static<typeof GitTreeFiles>;
