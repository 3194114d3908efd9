import { Type, type Static } from 'typebox';
import { StringEnum } from './common.js';
import { Site } from './site.js';
import { PublishedSiteCustomizations, SiteIntegrationScript } from './site-customizations.js';
import { SiteSection } from './site-section.js';
import { SiteSectionGroup } from './site-section-group.js';
import { SiteSpace } from './site-space.js';

/**
 * What a site shows, in order: its sections (and section groups) when it has sections, otherwise
 * its site spaces. The description shows the `sections` variant; `siteSpaces` is the public API's
 * variant for sites without sections.
 */
export const SiteStructure = Type.Union(
  [
    Type.Object({
      type: Type.Literal('sections'),
      structure: Type.Array(Type.Union([SiteSection, SiteSectionGroup])),
    }),
    Type.Object({ type: Type.Literal('siteSpaces'), structure: Type.Array(SiteSpace) }),
  ],
  { title: 'SiteStructure' },
);
/** What a site shows, in order. */
export type SiteStructure = Static<typeof SiteStructure>;

/** One item of a site's structure: a site space, a section or a section group. */
export const SiteStructureItem = Type.Union([SiteSpace, SiteSection, SiteSectionGroup], {
  title: 'SiteStructureItem',
});
/** One item of a site's structure. */
export type SiteStructureItem = Static<typeof SiteStructureItem>;

/** Everything the published experience of a site needs. */
export const PublishedContentSite = Type.Object(
  {
    object: Type.Literal('published-content-site'),
    site: Site,
    structure: SiteStructure,
    customizations: PublishedSiteCustomizations,
    scripts: Type.Array(SiteIntegrationScript),
  },
  { title: 'PublishedContentSite' },
);
/** Everything the published experience of a site needs. */
export type PublishedContentSite = Static<typeof PublishedContentSite>;

/** Extension: move one item of a site's structure to a position among its siblings. */
export const SortSiteStructureBody = Type.Object(
  {
    item: Type.Object({
      type: StringEnum(['site-section', 'site-section-group', 'site-space']),
      id: Type.String({ minLength: 1 }),
    }),
    position: Type.Integer({ minimum: 0, description: '0-based index among its siblings.' }),
  },
  { title: 'SortSiteStructureBody' },
);
/** Extension: move one item of a site's structure. */
export type SortSiteStructureBody = Static<typeof SortSiteStructureBody>;

/**
 * Extension: the secret a visitor-auth site's own login service signs visitor tokens with
 * (HS256 JSON Web Tokens; the public API's shape of the same setting).
 */
export const SitePublishingAuth = Type.Object(
  {
    object: Type.Literal('publishing-auth'),
    // The site's own login service signs the tokens: a custom backend (docsync has no
    // integrations that could be one).
    backend: Type.Literal('custom'),
    privateKey: Type.String({ description: 'HS256 signing key of visitor tokens (base64url).' }),
  },
  { title: 'SitePublishingAuth' },
);
/** Extension: the visitor-token signing key of a site. */
export type SitePublishingAuth = Static<typeof SitePublishingAuth>;
