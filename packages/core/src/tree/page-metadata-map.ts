import type { PageMetadata } from '../model/page-metadata.js';
import type { RevisionPageDocument } from '../model/revision.js';

/** The page fields that come from a page file's front matter and title. */
export type PageFileFields = Pick<
  RevisionPageDocument,
  | 'title'
  | 'description'
  | 'emoji'
  | 'icon'
  | 'layout'
  | 'cover'
  | 'hidden'
  | 'noIndex'
  | 'noRobotsIndex'
  | 'tags'
  | 'metaLinks'
  | 'condition'
  | 'variables'
  | 'extraFrontMatter'
  | 'rawFrontMatter'
  | 'frontMatterSource'
  | 'titleInFile'
  | 'titleSource'
>;

/** The object without its `undefined` properties (what `exactOptionalPropertyTypes` wants). */
function defined<R>(value: { [K in keyof R]: R[K] | undefined }): R {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as R;
}

/** Page fields from parsed metadata; `fallbackTitle` (the SUMMARY text) when the file has no H1. */
export function pageFieldsFromMetadata(
  metadata: PageMetadata,
  fallbackTitle: string,
): PageFileFields {
  const extra = { ...metadata.extraFrontMatter };
  if (metadata.frontMatterTitle !== undefined) extra.title = metadata.frontMatterTitle;
  if (metadata.cover === undefined) {
    // `coverY: 0` beside a `cover:` that is not a URL (`light:`/`dark:`, kept as extra front
    // matter), or none: no page cover to hold them, so they stay extra front matter too.
    if (metadata.coverY !== undefined) extra.coverY = metadata.coverY;
    if (metadata.coverHeight !== undefined) extra.coverHeight = metadata.coverHeight;
  }
  return defined<PageFileFields>({
    title: metadata.title ?? fallbackTitle,
    titleInFile: metadata.title === undefined ? false : undefined,
    titleSource: metadata.titleSource,
    description: metadata.description,
    emoji: metadata.emoji,
    icon: metadata.icon,
    layout: metadata.layout,
    cover:
      metadata.cover === undefined
        ? undefined
        : defined<NonNullable<PageFileFields['cover']>>({
            ref: { kind: 'url' as const, url: metadata.cover },
            yPos: metadata.coverY,
            height: metadata.coverHeight,
          }),
    hidden: metadata.hidden,
    noIndex: metadata.noIndex,
    noRobotsIndex: metadata.noRobotsIndex,
    tags: metadata.tags,
    metaLinks: metadata.metaLinks,
    condition: metadata.if,
    variables: metadata.vars,
    extraFrontMatter: Object.keys(extra).length > 0 ? extra : undefined,
    rawFrontMatter: metadata.rawFrontMatter,
    frontMatterSource: metadata.frontMatterSource,
  });
}

/** Metadata to write for a page; `coverUrl` is its cover as a path relative to the page file. */
export function metadataFromPage(
  page: RevisionPageDocument,
  coverUrl: string | undefined,
): PageMetadata {
  const extra = { ...page.extraFrontMatter };
  const frontMatterTitle = typeof extra.title === 'string' ? extra.title : undefined;
  delete extra.title;
  const coverY = page.cover?.yPos ?? (typeof extra.coverY === 'number' ? extra.coverY : undefined);
  const coverHeight =
    page.cover?.height ?? (typeof extra.coverHeight === 'number' ? extra.coverHeight : undefined);
  if (page.cover === undefined) {
    delete extra.coverY;
    delete extra.coverHeight;
  }
  return defined<PageMetadata>({
    title: page.titleInFile === false ? undefined : page.title,
    titleSource: page.titleInFile === false ? undefined : page.titleSource,
    description: page.description,
    icon: page.icon,
    emoji: page.emoji,
    cover: coverUrl,
    coverY,
    coverHeight,
    layout: page.layout,
    hidden: page.hidden,
    noIndex: page.noIndex,
    noRobotsIndex: page.noRobotsIndex,
    metaLinks: page.metaLinks,
    tags: page.tags,
    if: page.condition,
    vars: page.variables,
    frontMatterTitle,
    extraFrontMatter: Object.keys(extra).length > 0 ? extra : undefined,
    rawFrontMatter: page.rawFrontMatter,
    frontMatterSource: page.frontMatterSource,
  });
}
