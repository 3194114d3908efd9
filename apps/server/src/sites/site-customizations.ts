import type { PublishedSiteCustomizations, SiteCustomizationSettings } from '@docsync/api';
import type { SiteTree } from './site-tree.js';

type Locale = SiteCustomizationSettings['internationalization']['locale'];

/** The interface languages of the public API's list, which a published site's interface speaks. */
const locales: ReadonlySet<string> = new Set<Locale>([
  'en',
  'fr',
  'es',
  'zh',
  'ja',
  'de',
  'nl',
  'no',
  'pt-br',
  'ru',
]);

/** Both themes the same: docsync keeps no colors of a site. */
const both = (value: string) => ({ light: value, dark: value });

/**
 * The customization a published site answers. docsync keeps no customization settings, so only
 * what the site has comes from it: its title, its organization's logo, and the language of its
 * default site space (when the interface speaks it; English otherwise). Everything else is the
 * same for every site, and what docsync does not offer (AI search, feedback, PDF export, edit
 * links, tracking cookies, a trademark, integrations' scripts) is off.
 */
export function siteCustomizations(
  tree: SiteTree,
  organization: { logo: string | null },
): PublishedSiteCustomizations {
  const section = tree.defaultSection();
  const language = tree.defaultSiteSpaceIn(section?.id ?? null)?.space.language ?? 'en';
  const site: SiteCustomizationSettings = {
    title: tree.site.title,
    styling: {
      theme: 'clean',
      primaryColor: both('#346ddb'),
      infoColor: both('#787878'),
      successColor: both('#00c950'),
      warningColor: both('#fe9a00'),
      dangerColor: both('#fb2c36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'subtle',
    },
    internationalization: { locale: locales.has(language) ? (language as Locale) : 'en' },
    favicon: {},
    header: {
      preset: 'default',
      ...(organization.logo === null ? {} : { logo: both(organization.logo) }),
      links: [],
    },
    footer: { groups: [] },
    themes: { default: 'light', toggeable: true },
    pdf: { enabled: false },
    feedback: { enabled: false },
    ai: { mode: 'none' },
    advancedCustomization: { enabled: false },
    trademark: { enabled: false },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    pageActions: { externalAI: false, markdown: false, mcp: false },
    git: { showEditLink: false },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: false },
  };
  // No site space is customized apart from its site.
  return { site, siteSpaces: {} };
}
