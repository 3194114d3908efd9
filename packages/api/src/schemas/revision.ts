import { Type, type Static } from 'typebox';
import { DateTime, StringEnum, Urls } from './common.js';
import { GitLocation, Variables } from './content-ref.js';
import { File } from './file.js';
import { Page } from './page.js';

/** How a revision came to be. */
export const RevisionType = StringEnum(['edits', 'merge', 'rollback', 'update', 'computed'], {
  title: 'RevisionType',
});
/** How a revision came to be. */
export type RevisionType = Static<typeof RevisionType>;

/** The commit a revision was synced with (docsync records it on every synced revision). */
export const RevisionGit = Type.Object(
  {
    oid: Type.String({ description: 'Commit id.' }),
    message: Type.Optional(Type.String()),
    createdByGitBook: Type.Optional(
      Type.Boolean({ description: 'The commit was written by the service, not pushed to it.' }),
    ),
    url: Type.Optional(Type.String({ format: 'uri' })),
    ref: Type.Optional(Type.String({ examples: ['refs/heads/main'] })),
  },
  { title: 'RevisionGit' },
);
/** The commit a revision was synced with. */
export type RevisionGit = Static<typeof RevisionGit>;

/** The content of a space (or change request) at one point in its history. Immutable. */
export const Revision = Type.Object(
  {
    object: Type.Literal('revision'),
    id: Type.String(),
    parents: Type.Array(Type.String(), { description: 'Ids of the parent revisions.' }),
    type: RevisionType,
    createdAt: DateTime(),
    pages: Type.Array(Page),
    files: Type.Array(File),
    reusableContents: Type.Array(
      Type.Object({ id: Type.String(), title: Type.String(), git: Type.Optional(GitLocation) }),
    ),
    variables: Variables,
    git: Type.Optional(RevisionGit),
    urls: Urls(['app'], ['published', 'public']),
  },
  { title: 'Revision' },
);
/** The content of a space at one point in its history. */
export type Revision = Static<typeof Revision>;

/** A reusable content of a revision (`.gitbook/includes/…` in a Git Sync tree). */
export const RevisionReusableContent = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    git: Type.Optional(GitLocation),
    document: Type.Optional(
      Type.String({
        description:
          'The id of the document holding its body (docsync: the SHA-256 of the stored document).',
      }),
    ),
  },
  { title: 'RevisionReusableContent' },
);
/** A reusable content of a revision. */
export type RevisionReusableContent = Static<typeof RevisionReusableContent>;
