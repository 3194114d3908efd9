import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, StringEnum, Urls } from './common.js';
import { Document } from './document.js';
import { TemplateReference } from './template.js';
import { User } from './user.js';

/** Where a change request is in its life. */
export const ChangeRequestStatus = StringEnum(['draft', 'open', 'archived', 'merged'], {
  title: 'ChangeRequestStatus',
});
/** Where a change request is in its life. */
export type ChangeRequestStatus = Static<typeof ChangeRequestStatus>;

/** A proposed set of edits to a space. */
export const ChangeRequest = Type.Object(
  {
    object: Type.Literal('change-request'),
    id: Type.String(),
    number: Type.Integer({ minimum: 1, description: 'Incremental id within the space.' }),
    status: ChangeRequestStatus,
    subject: Type.String({ maxLength: 100 }),
    description: Type.Optional(Document),
    createdBy: User,
    createdAt: DateTime(),
    updatedAt: DateTime(),
    space: Type.String({ description: 'Space id.' }),
    revision: Type.String({ description: 'Active revision in the change request.' }),
    revisionInitial: Type.String({ description: 'Space revision it was created from.' }),
    revisionMergedAncestor: Type.Optional(
      Type.String({ description: 'Latest main revision when it was last updated from it.' }),
    ),
    revisionMerged: Type.Optional(Type.String({ description: 'Revision the merge produced.' })),
    comments: Type.Number({ description: 'Opened comments.' }),
    outdated: Type.Boolean({ description: 'Not up to date with the main content.' }),
    conversationsIssuesCluster: Type.Optional(Type.String()),
    urls: Urls(['app', 'location']),
  },
  { title: 'ChangeRequest' },
);
/** A proposed set of edits to a space. */
export type ChangeRequest = Static<typeof ChangeRequest>;

/** List change requests of a space or organization (open ones by default). */
export const ListChangeRequestsQuery = ListQuery({
  status: Type.Optional(StringEnum(['draft', 'open', 'archived', 'merged'], { default: 'open' })),
  creator: Type.Optional(Type.String({ description: 'User id.' })),
  contributor: Type.Optional(Type.String({ description: 'User id.' })),
  requestedReviewer: Type.Optional(Type.String({ description: 'User id.' })),
  conversationsIssuesCluster: Type.Optional(Type.String()),
});
/** List change requests. */
export type ListChangeRequestsQuery = Static<typeof ListChangeRequestsQuery>;

/** POST a change request; the description allows further properties of any type. */
export const CreateChangeRequestBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 100 })),
    template: Type.Optional(TemplateReference),
  },
  { title: 'CreateChangeRequestBody', additionalProperties: true },
);
/** POST a change request. */
export type CreateChangeRequestBody = Static<typeof CreateChangeRequestBody>;

/** PATCH a change request (`merged` is reached by merging, not by PATCH). */
export const UpdateChangeRequestBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.Optional(Document),
    status: Type.Optional(StringEnum(['draft', 'open', 'archived'])),
  },
  { title: 'UpdateChangeRequestBody' },
);
/** PATCH a change request. */
export type UpdateChangeRequestBody = Static<typeof UpdateChangeRequestBody>;

/** What a merge did: `merge`, or `conflicts` when it could not. */
export const ChangeRequestMergeResult = Type.Object(
  { revision: Type.String(), result: StringEnum(['merge', 'conflicts']) },
  { title: 'ChangeRequestMergeResult' },
);
/** What a merge did. */
export type ChangeRequestMergeResult = Static<typeof ChangeRequestMergeResult>;

/** What pulling the main content in did: `update`, or `conflicts` when it could not. */
export const ChangeRequestUpdateResult = Type.Object(
  { revision: Type.String(), result: StringEnum(['update', 'conflicts']) },
  { title: 'ChangeRequestUpdateResult' },
);
/** What pulling the main content in did. */
export type ChangeRequestUpdateResult = Static<typeof ChangeRequestUpdateResult>;

/** Export a change request as PDF, or only one of its pages. */
export const ChangeRequestPdfQuery = Type.Object({
  only: Type.Optional(Type.Boolean({ description: 'Only the page given by `page`.' })),
  page: Type.Optional(Type.String({ description: 'Page id.' })),
});

/** Where to download the PDF. */
export const PdfLink = Type.Object({ url: Type.String({ format: 'uri' }) }, { title: 'PdfLink' });
/** Where to download the PDF. */
export type PdfLink = Static<typeof PdfLink>;
