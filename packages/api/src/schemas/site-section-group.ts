import { Type, type Static } from 'typebox';
import { SiteSection } from './site-section.js';

/** A named group of site sections, possibly inside another group. */
export const SiteSectionGroup = Type.Object(
  {
    object: Type.Literal('site-section-group'),
    id: Type.String(),
    title: Type.String(),
    sectionGroup: Type.Optional(Type.String({ description: 'Id of the parent group.' })),
    sections: Type.Array(SiteSection, {
      description:
        "Deprecated twin of `children` that GitBook's client requires: the same sections.",
    }),
    children: Type.Array(SiteSection),
    icon: Type.Optional(Type.String({ maxLength: 50, description: 'Icon name.' })),
  },
  { title: 'SiteSectionGroup' },
);
/** A named group of site sections. */
export type SiteSectionGroup = Static<typeof SiteSectionGroup>;

/** Create a section group, optionally moving sections into it. */
export const AddSiteSectionGroupBody = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    icon: Type.Optional(Type.String({ maxLength: 50 })),
    sections: Type.Optional(Type.Array(Type.String(), { description: 'Section ids to add.' })),
    parent: Type.Optional(Type.String({ description: 'Parent group id; default: the site root.' })),
  },
  { title: 'AddSiteSectionGroupBody' },
);
/** Create a section group. */
export type AddSiteSectionGroupBody = Static<typeof AddSiteSectionGroupBody>;

/** PATCH a section group; `icon: null` removes the icon. */
export const UpdateSiteSectionGroupBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1 })),
    icon: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  },
  { title: 'UpdateSiteSectionGroupBody' },
);
/** PATCH a section group. */
export type UpdateSiteSectionGroupBody = Static<typeof UpdateSiteSectionGroupBody>;

/** Put a section into a group. */
export const AddSectionToGroupBody = Type.Object(
  { sectionId: Type.String({ minLength: 1 }) },
  { title: 'AddSectionToGroupBody' },
);
/** Put a section into a group. */
export type AddSectionToGroupBody = Static<typeof AddSectionToGroupBody>;
