import type { ContentRef, Page } from '@docsync/api';
import type { PageLayout, RevisionPage } from '@docsync/core';
import type { GeneratedPage } from '../openapi-specs/computed-pages.js';

/** What a page resource carries besides the page's own fields. */
export interface PageResourceOptions {
  /** Include the page's children (`pages`). Default true. */
  children?: boolean;
  /** Include `git` (the API's `metadata=false` leaves the mutable git metadata out). */
  metadata: boolean;
  /** Where the page's revision opens in the app (`urls.app` of a page is its path under it). */
  revisionApp?: string;
}

/**
 * The layout a page shows when its front matter sets none (everything visible, default width,
 * hero cover): GitBook's client requires every field, so the unset ones are filled with these.
 */
const DEFAULT_LAYOUT: NonNullable<Page['layout']> = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
};

/** The object without its `undefined` members, as `T` (`exactOptionalPropertyTypes`). */
function defined<T>(value: { [K in keyof T]?: T[K] | undefined }): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== undefined),
  ) as T;
}

/** Front matter layout (`cover: {visible, size}`, `title: {visible}`) in the API's flat form. */
function layoutResource(layout: PageLayout | undefined): NonNullable<Page['layout']> {
  if (layout === undefined) return DEFAULT_LAYOUT;
  return defined<NonNullable<Page['layout']>>({
    ...DEFAULT_LAYOUT,
    width: layout.width ?? DEFAULT_LAYOUT.width,
    cover: layout.cover?.visible ?? DEFAULT_LAYOUT.cover,
    coverSize: layout.cover?.size ?? DEFAULT_LAYOUT.coverSize,
    title: layout.title?.visible ?? DEFAULT_LAYOUT.title,
    description: layout.description?.visible ?? DEFAULT_LAYOUT.description,
    tableOfContents: layout.tableOfContents?.visible ?? DEFAULT_LAYOUT.tableOfContents,
    outline: layout.outline?.visible ?? DEFAULT_LAYOUT.outline,
    pagination: layout.pagination?.visible ?? DEFAULT_LAYOUT.pagination,
    metadata: layout.metadata?.visible ?? DEFAULT_LAYOUT.metadata,
  });
}

/** Front matter meta links are URLs; the API carries them as refs. */
function urlRef(url: string): ContentRef {
  return { kind: 'url', url };
}

/**
 * A page of a revision as the API shows it, without its document (the single-page read adds
 * `document` or `markdown`). docsync's own fields (SUMMARY titles, tags, raw front matter) stay
 * internal: they exist to write the page back byte for byte.
 */
export function pageResource(page: RevisionPage, options: PageResourceOptions): Page {
  const children =
    options.children === false || !('pages' in page)
      ? undefined
      : page.pages.map((child) => pageResource(child, options));
  const common = { id: page.id, title: page.title, hidden: page.hidden };
  // `kind` is the client's deprecated twin of `type` (a document page is a `sheet` there).
  const urls = (path: string) =>
    options.revisionApp === undefined ? undefined : { app: `${options.revisionApp}/${path}` };
  switch (page.type) {
    case 'document':
      return defined<Page>({
        ...common,
        type: 'document' as const,
        kind: 'sheet' as const,
        urls: urls(page.path),
        slug: page.slug,
        path: page.path,
        description: page.description,
        emoji: page.emoji,
        icon: page.icon,
        layout: layoutResource(page.layout),
        cover:
          page.cover === undefined
            ? undefined
            : defined<NonNullable<Page['cover']>>({ ...page.cover }),
        noIndex: page.noIndex,
        noRobotsIndex: page.noRobotsIndex,
        metaLinks:
          page.metaLinks === undefined
            ? undefined
            : defined<NonNullable<Page['metaLinks']>>({
                canonical:
                  page.metaLinks.canonical === undefined
                    ? undefined
                    : urlRef(page.metaLinks.canonical),
                alternates: page.metaLinks.alternates?.map(urlRef),
              }),
        variables: page.variables,
        git: options.metadata ? page.git : undefined,
        // A page generated from a spec says what from, and the computed page it was made for.
        ...('computedSeed' in page
          ? {
              computed: (page as GeneratedPage).computed as NonNullable<Page['computed']>,
              computedSeed: (page as GeneratedPage).computedSeed,
            }
          : {}),
        pages: children,
      });
    case 'group':
      return defined<Page>({
        ...common,
        type: 'group' as const,
        kind: 'group' as const,
        slug: page.slug,
        path: page.path,
        pages: children,
      });
    case 'link':
      return defined<Page>({
        ...common,
        type: 'link' as const,
        kind: 'link' as const,
        target: page.target,
        href: page.href,
      });
    case 'computed':
      return defined<Page>({
        ...common,
        type: 'computed' as const,
        slug: page.slug,
        path: page.path,
        computed: page.computed as NonNullable<Page['computed']>,
        pages: children,
      });
  }
}
