import { Type, type Static } from 'typebox';
import { StringEnum, Uri } from './common.js';

const color = Type.String({ pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' });
const themedColor = Type.Object({ light: color, dark: color });
const themedUrl = Type.Object({ light: Uri({ maxLength: 2048 }), dark: Uri({ maxLength: 2048 }) });
const enabled = Type.Object({ enabled: Type.Boolean() });

/**
 * How a published site looks and behaves, in the public API's shape. docsync keeps no
 * customization of its own: the title, the header logo (the organization's) and the interface
 * language (the default site space's) come from the site's settings; the rest is the same for
 * every site, and says `false` / `none` for what docsync does not offer (AI, feedback, PDF export,
 * edit links, tracking cookies, a trademark).
 */
export const SiteCustomizationSettings = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 2, maxLength: 128 })),
    styling: Type.Object({
      theme: StringEnum(['clean', 'muted', 'bold', 'gradient']),
      primaryColor: themedColor,
      infoColor: themedColor,
      successColor: themedColor,
      warningColor: themedColor,
      dangerColor: themedColor,
      corners: StringEnum(['straight', 'rounded', 'circular']),
      depth: StringEnum(['subtle', 'flat']),
      links: StringEnum(['default', 'accent']),
      font: Type.String({ description: 'A font name of the public API’s list.' }),
      monospaceFont: Type.String({ description: 'A font name of the public API’s list.' }),
      background: StringEnum(['plain', 'match']),
      icons: StringEnum(['regular', 'solid', 'duotone', 'light', 'thin']),
      sidebar: Type.Object({
        background: StringEnum(['default', 'filled']),
        list: StringEnum(['default', 'pill', 'line']),
      }),
      search: StringEnum(['prominent', 'subtle']),
    }),
    internationalization: Type.Object({
      locale: StringEnum(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru']),
    }),
    favicon: Type.Union([Type.Object({ icon: themedUrl }), Type.Object({})]),
    header: Type.Object({
      preset: StringEnum(['default', 'bold', 'contrast', 'custom', 'none']),
      logo: Type.Optional(themedUrl),
      links: Type.Array(Type.Object({}, { additionalProperties: true })),
    }),
    footer: Type.Object({ groups: Type.Array(Type.Object({}, { additionalProperties: true })) }),
    themes: Type.Object({ default: StringEnum(['light', 'dark']), toggeable: Type.Boolean() }),
    pdf: enabled,
    feedback: enabled,
    ai: Type.Object({ mode: StringEnum(['none', 'search', 'assistant']) }),
    advancedCustomization: enabled,
    trademark: enabled,
    externalLinks: Type.Object({ target: StringEnum(['self', 'blank']) }),
    pagination: enabled,
    pageActions: Type.Object({
      externalAI: Type.Boolean(),
      markdown: Type.Boolean(),
      mcp: Type.Boolean(),
    }),
    git: Type.Object({ showEditLink: Type.Boolean() }),
    privacyPolicy: Type.Object({ url: Type.Optional(Uri()) }),
    socialPreview: Type.Object({ url: Type.Optional(Uri()) }),
    insights: Type.Object({ trackingCookie: Type.Boolean() }),
  },
  { title: 'SiteCustomizationSettings' },
);
/** How a published site looks and behaves. */
export type SiteCustomizationSettings = Static<typeof SiteCustomizationSettings>;

/** A site's customization, and that of site spaces customized apart (none in docsync). */
export const PublishedSiteCustomizations = Type.Object({
  site: SiteCustomizationSettings,
  siteSpaces: Type.Record(Type.String(), SiteCustomizationSettings),
});
/** A site's customization. */
export type PublishedSiteCustomizations = Static<typeof PublishedSiteCustomizations>;

/** A script an integration installed on the site loads (docsync installs none on sites). */
export const SiteIntegrationScript = Type.Object(
  {
    script: Uri({ maxLength: 2048 }),
    contentSecurityPolicy: Type.Optional(Type.String()),
    cookies: Type.Boolean(),
  },
  { title: 'SiteIntegrationScript' },
);
/** A script an integration installed on the site loads. */
export type SiteIntegrationScript = Static<typeof SiteIntegrationScript>;
