import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, StringEnum, Uri, Urls } from './common.js';

const siteTypes = ['basic', 'premium', 'ultimate', 'sponsored'] as const;

/** Site plans. */
export const SiteType = StringEnum([...siteTypes], { title: 'SiteType' });
/** Who can read a site (the meanings are those of a space). */
export const SiteVisibility = StringEnum(['public', 'unlisted', 'share-link', 'visitor-auth'], {
  title: 'SiteVisibility',
});
/** Whether AI agents may read the site. */
export const AgentsContext = StringEnum(['excluded', 'included'], { title: 'AgentsContext' });

const titleLimits = { minLength: 2, maxLength: 128 };
const basenameLimits = { minLength: 1, maxLength: 100 };

/** A site's custom hostname (`docs.example.com`): at least three labels, lowercase. */
const SiteHostname = Type.String({
  maxLength: 512,
  pattern: '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$',
  description: 'Custom hostname.',
});

/** A published documentation site built from site spaces. */
export const Site = Type.Object(
  {
    object: Type.Literal('site'),
    id: Type.String(),
    type: SiteType,
    title: Type.String(titleLimits),
    icon: Type.Optional(
      Type.Union([
        Type.Object({ icon: Type.Object({ light: Uri(), dark: Uri() }) }),
        Type.String({ description: 'An icon name.' }),
        Type.Null(),
      ]),
    ),
    hostname: Type.Optional(SiteHostname),
    basename: Type.Optional(Type.String(basenameLimits)),
    proxy: Type.Optional(Type.Object({ origin: Type.String(), target: Type.String() })),
    visibility: SiteVisibility,
    published: Type.Boolean({ description: 'The audience set by visibility can reach the site.' }),
    siteSpaces: Type.Number({ description: 'Number of site spaces.' }),
    createdAt: DateTime(),
    adaptiveContent: Type.Optional(Type.Object({ enabled: Type.Boolean() })),
    ads: Type.Optional(
      Type.Object({
        status: StringEnum(['pending', 'in-review', 'live', 'rejected', 'disabled']),
        submittable: Type.Boolean(),
      }),
    ),
    agentsContext: AgentsContext,
    features: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String({ examples: ['sites-adaptive-content'] }),
          plan: Type.String({ examples: ['basic'] }),
          frozen: Type.Boolean(),
          customizations: Type.Array(Type.String({ examples: ['header-logo'] })),
        }),
      ),
    ),
    urls: Urls(['location', 'app'], ['published']),
  },
  { title: 'Site' },
);
/** A published documentation site. */
export type Site = Static<typeof Site>;

/** List the sites of an organization, optionally filtered. */
export const ListSitesQuery = ListQuery({
  space: Type.Optional(Type.String({ description: 'Only sites that publish this space.' })),
  title: Type.Optional(Type.String({ description: 'Only sites whose title contains this.' })),
  published: Type.Optional(Type.Boolean()),
});
/** List the sites of an organization. */
export type ListSitesQuery = Static<typeof ListSitesQuery>;

/** POST a new site: every field optional. */
export const CreateSiteBody = Type.Object(
  {
    type: Type.Optional(StringEnum([...siteTypes], { default: 'basic' })),
    title: Type.Optional(Type.String(titleLimits)),
    visibility: Type.Optional(SiteVisibility),
    spaces: Type.Optional(Type.Array(Type.String(), { description: 'Space ids to publish.' })),
  },
  { title: 'CreateSiteBody' },
);
/** POST a new site. */
export type CreateSiteBody = Static<typeof CreateSiteBody>;

/** PATCH a site: every field optional; `proxy: null` removes the proxy, `hostname: null` the hostname. */
export const UpdateSiteBody = Type.Object(
  {
    title: Type.Optional(Type.String(titleLimits)),
    visibility: Type.Optional(SiteVisibility),
    basename: Type.Optional(Type.String(basenameLimits)),
    hostname: Type.Optional(
      Type.Union([SiteHostname, Type.Null()], {
        description:
          'docsync extension: the hostname docsync serves the site on (requests whose `Host` names it), or null to remove it.',
      }),
    ),
    adaptiveContent: Type.Optional(Type.Object({ enabled: Type.Boolean() })),
    agentsContext: Type.Optional(AgentsContext),
    defaultSiteSpace: Type.Optional(
      Type.String({
        description: 'Site space id (of the default section when there are sections).',
      }),
    ),
    defaultSiteSection: Type.Optional(Type.String({ description: 'Site section id.' })),
    proxy: Type.Optional(
      Type.Union([
        Type.String({
          maxLength: 512,
          // A host followed by one or more path segments, such as `example.com/docs`.
          pattern: '^[A-Za-z0-9.-]+(:[0-9]+)?(/[^/\\s]+)+/?$',
        }),
        Type.Null(),
      ]),
    ),
  },
  { title: 'UpdateSiteBody' },
);
/** PATCH a site. */
export type UpdateSiteBody = Static<typeof UpdateSiteBody>;
