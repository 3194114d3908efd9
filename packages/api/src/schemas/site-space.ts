import { Type, type Static } from 'typebox';
import { ListQuery, Urls, shareKeyProperty } from './common.js';
import { Space } from './space.js';

/** A space published on a site, at a path, optionally shown only under a condition. */
export const SiteSpace = Type.Object(
  {
    object: Type.Literal('site-space'),
    id: Type.String(),
    title: Type.String(),
    path: Type.String({ description: 'Path on the site.' }),
    section: Type.Optional(Type.String({ description: 'Site section id.' })),
    space: Space,
    default: Type.Boolean({ description: 'The default site space of its section or site.' }),
    condition: Type.Optional(Type.String({ maxLength: 1024 })),
    hasAdvancedCustomizationFeature: Type.Optional(Type.Boolean()),
    urls: Urls([], ['published']),
  },
  { title: 'SiteSpace' },
);
/** A space published on a site. */
export type SiteSpace = Static<typeof SiteSpace>;

/** List the site spaces of a site. */
export const ListSiteSpacesQuery = ListQuery({
  shareKey: shareKeyProperty,
  default: Type.Optional(
    Type.Boolean({ description: 'true: only the default site space; false: only the others.' }),
  ),
});
/** List the site spaces of a site. */
export type ListSiteSpacesQuery = Static<typeof ListSiteSpacesQuery>;

/** Publish a space on a site. */
export const AddSiteSpaceBody = Type.Object(
  {
    spaceId: Type.String({ minLength: 1 }),
    sectionId: Type.Optional(
      Type.String({ description: 'Default: the default section, or the root without sections.' }),
    ),
  },
  { title: 'AddSiteSpaceBody' },
);
/** Publish a space on a site. */
export type AddSiteSpaceBody = Static<typeof AddSiteSpaceBody>;

/** PATCH a site space: omitted fields are kept; `condition: null` removes the condition. */
export const UpdateSiteSpaceBody = Type.Object(
  {
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    condition: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
    spaceId: Type.Optional(Type.String({ description: 'The space the site space shows.' })),
  },
  { title: 'UpdateSiteSpaceBody' },
);
/** PATCH a site space. */
export type UpdateSiteSpaceBody = Static<typeof UpdateSiteSpaceBody>;
