import { Type, type Static } from 'typebox';
import { DateTime, Uri } from './common.js';
import { RevisionGit } from './revision.js';

/** A git object id: SHA-1 (40 hex digits) or SHA-256 (64). */
export const GitOid = Type.String({ pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$' });

/** Members the public API's import and export share. */
const remoteProperties = {
  url: Uri({ description: 'Repository URL.' }),
  ref: Type.String({ minLength: 1, examples: ['refs/heads/main'] }),
  repoProjectDirectory: Type.Optional(
    Type.String({ description: 'Directory of the content in the repository.' }),
  ),
  timestamp: Type.Optional(DateTime()),
  force: Type.Optional(Type.Boolean()),
};

/** Import from a repository the service fetches (the public API's shape). */
const RemoteImport = Type.Object({
  ...remoteProperties,
  standalone: Type.Optional(Type.Boolean()),
});

/** The commit an inline import records on the new revision. */
const ImportCommit = Type.Object({
  oid: GitOid,
  message: Type.String(),
  ref: Type.Optional(Type.String()),
  author: Type.Optional(Type.Object({ name: Type.String(), email: Type.String() })),
  timestamp: Type.Optional(DateTime()),
});

/** Where an inline import goes, and whether it may repeat the target's commit. */
const inlineTarget = {
  changeRequest: Type.Optional(
    Type.String({ description: 'Import into this change request instead of the main content.' }),
  ),
  mainRevision: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'With `changeRequest`: the tree already holds the main content at this revision (the sender merged it in), so the change request is up to date with it: its merge base moves there, as an update from main would move it. A revision that is or was the main content.',
    }),
  ),
  force: Type.Optional(Type.Boolean()),
};

/**
 * Import a tree the caller sends: every path with the blob id of its content. The blobs must be
 * on the server first (see `MissingGitBlobsBody`); the commit is recorded on the new revision.
 */
const InlineImport = Type.Object({
  tree: Type.Array(Type.Object({ path: Type.String({ minLength: 1 }), oid: GitOid }), {
    description: 'Every file of the content directory, paths relative to it.',
  }),
  commit: ImportCommit,
  ...inlineTarget,
});

/**
 * Import a tree as its differences from the tree of commit `base`, which the target's content
 * must be at (imported from that commit and unchanged since; 409 otherwise, and the caller sends
 * the whole tree). A path with an `oid` is added or changed, one without is deleted.
 */
const ChangesImport = Type.Object({
  base: GitOid,
  changes: Type.Array(
    Type.Object({ path: Type.String({ minLength: 1 }), oid: Type.Optional(GitOid) }),
    { description: 'The paths that differ from the tree of `base`, relative to the directory.' },
  ),
  commit: ImportCommit,
  ...inlineTarget,
});

/** Extension: import content from git, fetched by the service or sent inline. */
export const GitImportBody = Type.Union([RemoteImport, InlineImport, ChangesImport], {
  title: 'GitImportBody',
});
/** Extension: import content from git. */
export type GitImportBody = Static<typeof GitImportBody>;

/** Extension: export the content to a repository as a commit. */
export const GitExportBody = Type.Object(
  { ...remoteProperties, commitMessage: Type.String({ minLength: 1 }) },
  { title: 'GitExportBody' },
);
/** Extension: export the content to a repository. */
export type GitExportBody = Static<typeof GitExportBody>;

/** Extension: whose Git Sync state to read: the space's, or one of its change requests'. */
export const GitInfoQuery = Type.Object({
  changeRequest: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Answer for this change request (its id, or its number in the space): its head revision and the newest of its revisions imported from a commit.',
    }),
  ),
});
/** Extension: whose Git Sync state to read. */
export type GitInfoQuery = Static<typeof GitInfoQuery>;

/** The commit of a sync point: what the client names when it records one. */
export const GitSyncCommit = Type.Object(
  {
    oid: GitOid,
    message: Type.String({ description: 'The commit message (empty when it was not recorded).' }),
    ref: Type.Optional(
      Type.String({ minLength: 1, examples: ['refs/heads/main'], description: 'Where it was.' }),
    ),
  },
  { title: 'GitSyncCommit' },
);
/** The commit of a sync point. */
export type GitSyncCommit = Static<typeof GitSyncCommit>;

/**
 * Extension: a merge base both sides saw: revision `revision`'s content was read from commit
 * `commit`'s tree (an import of that commit), or written as it (a pull that committed it).
 */
export const GitSyncPoint = Type.Object(
  {
    commit: GitSyncCommit,
    revision: Type.String({
      description:
        'The revision whose content the commit holds: a main-content revision, or the head of a merged change request that was imported from the commit.',
    }),
    createdAt: DateTime({ description: 'When the point was recorded.' }),
  },
  { title: 'GitSyncPoint' },
);
/** Extension: a commit and a revision holding the same content. */
export type GitSyncPoint = Static<typeof GitSyncPoint>;

/**
 * Extension: record that commit `commit` holds the content of `revision` (after a pull wrote
 * it). The revision must be the space's main content now or earlier.
 */
export const RecordGitSyncPointBody = Type.Object(
  {
    commit: GitSyncCommit,
    revision: Type.String({
      minLength: 1,
      description:
        'A revision that is or was the space’s main content (not a change request’s own revision).',
    }),
  },
  { title: 'RecordGitSyncPointBody' },
);
/** Extension: record a sync point. */
export type RecordGitSyncPointBody = Static<typeof RecordGitSyncPointBody>;

/** The most sync points a list answers. */
export const MAX_GIT_SYNC_POINTS = 100;

/** Extension: how many sync points to list. */
export const ListGitSyncPointsQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_GIT_SYNC_POINTS,
      default: 50,
      description: 'How many of the newest points.',
    }),
  ),
  commits: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{40,64}(,[0-9a-f]{40,64}){0,99}$',
      description:
        'Extension: only the points of these commits (up to 100 ids, comma-separated), newest first: how a sync finds its base further back in a branch’s history than the newest points.',
    }),
  ),
});
/** Extension: how many sync points to list. */
export type ListGitSyncPointsQuery = Static<typeof ListGitSyncPointsQuery>;

/** Extension: a space's newest sync points, newest first. */
export const GitSyncPoints = Type.Object(
  { items: Type.Array(GitSyncPoint, { description: 'Newest first.' }) },
  { title: 'GitSyncPointList' },
);
/** Extension: a space's newest sync points. */
export type GitSyncPoints = Static<typeof GitSyncPoints>;

/** Extension: the Git Sync state of a space, or of one of its change requests. */
export const GitInfo = Type.Object(
  {
    space: Type.String(),
    changeRequest: Type.Optional(
      Type.String({ description: 'The change request answered for (its id), when one was asked.' }),
    ),
    revision: Type.String({
      description: 'The active revision: the change request’s head revision when one was asked.',
    }),
    lastSync: Type.Optional(
      Type.Object(
        { revision: Type.String(), git: RevisionGit },
        {
          description:
            'For a space: its newest sync point (see `listGitSyncPoints`), the commit as `git`. For a change request: the newest revision of its history imported from a commit.',
        },
      ),
    ),
  },
  { title: 'GitInfo' },
);
/** Extension: the Git Sync state of a space. */
export type GitInfo = Static<typeof GitInfo>;

/** Extension: which of these blobs does the server lack? */
export const MissingGitBlobsBody = Type.Object(
  { oids: Type.Array(GitOid, { minItems: 1, maxItems: 10000 }) },
  { title: 'MissingGitBlobsBody' },
);
/** Extension: which of these blobs does the server lack? */
export type MissingGitBlobsBody = Static<typeof MissingGitBlobsBody>;

/** The blob ids the server lacks, among those asked about. */
export const MissingGitBlobs = Type.Object(
  { missing: Type.Array(GitOid) },
  { title: 'MissingGitBlobs' },
);
/** The blob ids the server lacks. */
export type MissingGitBlobs = Static<typeof MissingGitBlobs>;

/** Extension: upload blobs; the server checks each id against the bytes. */
export const UploadGitBlobsBody = Type.Object(
  {
    blobs: Type.Array(
      Type.Object({ oid: GitOid, base64: Type.String({ contentEncoding: 'base64' }) }),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { title: 'UploadGitBlobsBody' },
);
/** Extension: upload blobs. */
export type UploadGitBlobsBody = Static<typeof UploadGitBlobsBody>;
