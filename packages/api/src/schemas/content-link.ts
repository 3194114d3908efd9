import { Type, type Static } from 'typebox';
import { ListQuery, StringEnum, listEnvelopeProperties } from './common.js';
import { contentLocationOf } from './content-location.js';
import { PageDefinition } from './page.js';

/** `ok`: fine; `broken`: target absent from the revision; `in-app`: URL into the app. */
export const ContentLinkStatus = StringEnum(['ok', 'broken', 'in-app']);

/** List the links of a space or page, optionally by status. */
export const ListContentLinksQuery = ListQuery({ status: Type.Optional(ContentLinkStatus) });
/** List the links of a space or page. */
export type ListContentLinksQuery = Static<typeof ListContentLinksQuery>;

/**
 * A link found in content: where it points (absent when that is gone: a page, file, space or
 * collection that does not exist, or that the caller may not see) and the page it is on.
 */
export const ContentLink = Type.Cyclic(
  {
    Page: PageDefinition,
    ContentLocation: contentLocationOf(Type.Ref('Page')),
    ContentLink: Type.Object(
      {
        status: ContentLinkStatus,
        relation: StringEnum(['reference']),
        targetReference: Type.Optional(Type.Ref('ContentLocation')),
        locationReferences: Type.Array(Type.Ref('ContentLocation'), {
          description: 'The page the link is on.',
        }),
      },
      { title: 'ContentLink' },
    ),
  },
  'ContentLink',
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
