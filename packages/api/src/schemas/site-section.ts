import { Type, type Static } from 'typebox';
import { ListQuery, Urls, shareKeyProperty } from './common.js';
import { SiteSpace } from './site-space.js';

const titleLimits = { minLength: 2, maxLength: 128 };

/** A section of a site (a tab): its own path and site spaces. */
export const SiteSection = Type.Object(
  {
    object: Type.Literal('site-section'),
    id: Type.String(),
    title: Type.String(titleLimits),
    description: Type.Optional(Type.String({ maxLength: 256 })),
    default: Type.Optional(Type.Boolean({ description: 'The default section of the site.' })),
    path: Type.String({ minLength: 1, maxLength: 100, description: 'Path on the site.' }),
    condition: Type.Optional(
      Type.String({ maxLength: 1024, description: 'Shown only to visitors it holds for.' }),
    ),
    sectionGroup: Type.Optional(Type.String({ description: 'Id of the containing group.' })),
    icon: Type.Optional(Type.String({ maxLength: 50, description: 'Icon name.' })),
    siteSpaces: Type.Array(SiteSpace),
    urls: Urls([], ['published']),
  },
  { title: 'SiteSection' },
);
/** A section of a site. */
export type SiteSection = Static<typeof SiteSection>;

/** List the sections of a site. */
export const ListSiteSectionsQuery = ListQuery({ shareKey: shareKeyProperty });

/** Add a section to a site, made of a space (added as the section's first site space). */
export const AddSiteSectionBody = Type.Object(
  {
    spaceId: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.Union([Type.String(titleLimits), Type.Null()])),
    icon: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  },
  { title: 'AddSiteSectionBody' },
);
/** Add a section to a site. */
export type AddSiteSectionBody = Static<typeof AddSiteSectionBody>;

/** PATCH a site section: omitted fields are kept, `null` removes condition, icon, description. */
export const UpdateSiteSectionBody = Type.Object(
  {
    title: Type.Optional(Type.String(titleLimits)),
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    defaultSiteSpace: Type.Optional(Type.String({ description: 'Site space id.' })),
    condition: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
    icon: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
  },
  { title: 'UpdateSiteSectionBody' },
);
/** PATCH a site section. */
export type UpdateSiteSectionBody = Static<typeof UpdateSiteSectionBody>;
