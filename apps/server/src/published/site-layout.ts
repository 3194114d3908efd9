import type { OutlineEntry } from '@docsync/core';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { htmlDocument } from './html-document.js';
import { SITE_ASSETS } from './site-assets.js';

/** A link of the header or the sidebar. */
export interface LayoutLink {
  title: string;
  href: string;
  current?: boolean;
}

/** An entry of the page tree in the sidebar. */
export type LayoutNavEntry =
  | (LayoutLink & { kind: 'link'; children: LayoutNavEntry[] })
  | { kind: 'group'; title: string; children: LayoutNavEntry[] };

/** Everything a page of a published site shows around its content. */
export interface SiteLayout {
  siteTitle: string;
  /** The page's title (`<title>` and `<h1>`), and its description. */
  title: string;
  description?: string | undefined;
  /** Relative hrefs from the page: the site's home, the search page (none: no search box), the static assets. */
  homeHref: string;
  searchHref?: string;
  assetsHref: string;
  /** The search box's text (on the search page). */
  query?: string;
  /** Sections and section groups across the top (empty for a site without sections). */
  sections: (LayoutLink | { group: string; sections: LayoutLink[] })[];
  /** The site spaces of the current section, when there are several (variants). */
  variants: LayoutLink[];
  nav: LayoutNavEntry[];
  /** The rendered content: HTML made by `renderDocumentHtml` (escaped there). */
  contentHtml: string;
  outline: OutlineEntry[];
  previous?: LayoutLink | undefined;
  next?: LayoutLink | undefined;
  /** Ask search engines not to index the page (`noindex`). */
  noIndex: boolean;
  /** HTML shown above the title (a change request's subject and status), escaped by its maker. */
  bannerHtml?: string;
}

/** A link; the current one is `aria-current`: `page` for the page, `true` for its section or variant. */
function link(item: LayoutLink, current: 'page' | 'true' = 'page'): Element {
  return h(
    'a',
    { href: item.href, ...(item.current === true ? { ariaCurrent: current } : {}) },
    item.title,
  );
}

function navList(entries: readonly LayoutNavEntry[]): Element {
  return h(
    'ul',
    entries.map((entry) =>
      entry.kind === 'group'
        ? h('li', [h('p', { className: ['ds-nav-group'] }, entry.title), navList(entry.children)])
        : h('li', [link(entry), ...(entry.children.length === 0 ? [] : [navList(entry.children)])]),
    ),
  );
}

function sectionsNav(sections: SiteLayout['sections']): Element | null {
  if (sections.length === 0) return null;
  return h('nav', { className: ['ds-sections'], ariaLabel: 'Sections' }, [
    h(
      'ul',
      sections.map((item) =>
        'group' in item
          ? h('li', [
              h('span', { className: ['ds-group-title'] }, `${item.group}:`),
              ' ',
              ...item.sections.flatMap((section) => [link(section, 'true'), ' ']),
            ])
          : h('li', [link(item, 'true')]),
      ),
    ),
  ]);
}

function pager(layout: SiteLayout): Element | null {
  if (layout.previous === undefined && layout.next === undefined) return null;
  const side = (item: LayoutLink | undefined, rel: 'prev' | 'next', label: string) =>
    item === undefined
      ? null
      : h('a', { href: item.href, rel, className: [`ds-${rel}`] }, [h('small', label), item.title]);
  return h('nav', { className: ['ds-pager'], ariaLabel: 'Previous and next' }, [
    side(layout.previous, 'prev', 'Previous'),
    side(layout.next, 'next', 'Next'),
  ]);
}

function outline(entries: readonly OutlineEntry[]): Element | null {
  if (entries.length === 0) return null;
  return h('aside', { className: ['ds-outline'], ariaLabelledBy: 'ds-outline-title' }, [
    h('h2', { id: 'ds-outline-title' }, 'On this page'),
    h(
      'ul',
      entries.map((entry) =>
        h('li', { className: [`ds-level-${entry.level}`] }, [
          h('a', { href: `#${entry.anchor}` }, entry.title),
        ]),
      ),
    ),
  ]);
}

/**
 * A whole page of a published site: a header (site title, sections, search), the page tree,
 * the content with previous/next, and the page's outline. Semantic landmarks, a skip link, no
 * script needed (the one script adds a theme toggle).
 */
export function renderSiteLayout(layout: SiteLayout): string {
  const main: ElementContent[] = [
    ...(layout.bannerHtml === undefined
      ? []
      : [{ type: 'raw', value: layout.bannerHtml } as unknown as ElementContent]),
    h('h1', layout.title),
    ...(layout.description === undefined || layout.description === ''
      ? []
      : [h('p', { className: ['ds-lead'] }, layout.description)]),
    { type: 'raw', value: layout.contentHtml } as unknown as ElementContent,
  ];
  const pagerNav = pager(layout);
  if (pagerNav !== null) main.push(pagerNav);
  return htmlDocument({
    title:
      layout.title === layout.siteTitle ? layout.title : `${layout.title} | ${layout.siteTitle}`,
    noIndex: layout.noIndex,
    head: [
      ...(layout.description === undefined
        ? []
        : [h('meta', { name: 'description', content: layout.description })]),
      h('link', { rel: 'stylesheet', href: `${layout.assetsHref}${SITE_ASSETS.css.name}` }),
      h('script', { src: `${layout.assetsHref}${SITE_ASSETS.js.name}`, defer: true }),
    ],
    body: [
      h('a', { className: ['ds-skip'], href: '#ds-content' }, 'Skip to content'),
      h('header', { className: ['ds-header'] }, [
        h('a', { className: ['ds-site-title'], href: layout.homeHref }, layout.siteTitle),
        sectionsNav(layout.sections),
        layout.searchHref === undefined
          ? null
          : h(
              'form',
              {
                className: ['ds-search'],
                role: 'search',
                action: layout.searchHref,
                method: 'get',
              },
              [
                h('label', { htmlFor: 'ds-q', className: ['ds-skip'] }, 'Search'),
                h('input', {
                  type: 'search',
                  id: 'ds-q',
                  name: 'q',
                  placeholder: 'Search',
                  value: layout.query ?? '',
                }),
                h('button', { type: 'submit' }, 'Search'),
              ],
            ),
      ]),
      h('div', { className: ['ds-layout'] }, [
        h('nav', { className: ['ds-nav'], ariaLabel: 'Pages' }, [
          ...(layout.variants.length < 2
            ? []
            : [
                h('nav', { className: ['ds-variants'], ariaLabel: 'Variants' }, [
                  h(
                    'ul',
                    layout.variants.map((item) => h('li', [link(item, 'true')])),
                  ),
                ]),
              ]),
          navList(layout.nav),
        ]),
        h('main', { id: 'ds-content', tabIndex: -1 }, main),
        outline(layout.outline) ?? h('div'),
      ]),
    ],
  });
}
