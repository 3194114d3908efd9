import { Type, type Static } from 'typebox';
import { ListQuery, StringEnum, listEnvelopeProperties } from './common.js';

/** `ok`: fine; `broken`: target absent from the revision; `in-app`: URL into the app. */
export const ContentLinkStatus = StringEnum(['ok', 'broken', 'in-app']);

/** List the links of a space or page, optionally by status. */
export const ListContentLinksQuery = ListQuery({ status: Type.Optional(ContentLinkStatus) });
/** List the links of a space or page. */
export type ListContentLinksQuery = Static<typeof ListContentLinksQuery>;

/** A link found in content, with where it points and whether the target exists. */
export const ContentLink = Type.Object(
  {
    status: ContentLinkStatus,
    relation: Type.String({ examples: ['reference'] }),
    // Only the `file` variant is shown: a content reference with the organization and space the
    // target lives in embedded. Other kinds keep the same envelope.
    targetReference: Type.Object(
      {
        kind: Type.String({ examples: ['file'] }),
        organization: Type.Optional(Type.String()),
        space: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  },
  { title: 'ContentLink' },
);
/** A link found in content. */
export type ContentLink = Static<typeof ContentLink>;

/** A page of links plus totals over all links of the space or page. */
export const ContentLinkListing = Type.Object(
  {
    ...listEnvelopeProperties(ContentLink),
    stats: Type.Object({
      total: Type.Number(),
      broken: Type.Object({
        total: Type.Number(),
        changeRequest: Type.Number({ description: 'Broken links the change request adds.' }),
      }),
    }),
  },
  { title: 'ContentLinkListing' },
);
/** A page of links plus totals. */
export type ContentLinkListing = Static<typeof ContentLinkListing>;
