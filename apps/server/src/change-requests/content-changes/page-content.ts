import type { ContentChange } from '@docsync/api';
import { parsePage, type JSONDocument, type RevisionPageDocument } from '@docsync/core';

/** The `document` of an insert or update operation: markdown or a JSON document. */
export type PageContent = Extract<ContentChange, { type: 'insert_page' }>['document'];

/** Page fields that front matter may set in a batch. */
export type FrontMatterFields = Partial<
  Pick<
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
  >
>;

/** A page's content as written: its document and what its front matter and H1 say. */
export interface ReadPageContent {
  document: JSONDocument;
  fields: FrontMatterFields;
}

/** The entries of an object whose value is not undefined (for `exactOptionalPropertyTypes`). */
function defined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Reads page content. Markdown is parsed with core's `parsePage`, as a page file of a tree
 * would be: the `# H1` gives the title and front matter the metadata (a cover stays the URL it
 * was written as). A JSON document is taken as it is and sets no metadata.
 */
export function readPageContent(content: PageContent): ReadPageContent {
  if ('document' in content)
    return { document: content.document as unknown as JSONDocument, fields: {} };
  const { metadata, document } = parsePage(content.markdown);
  return {
    document,
    fields: defined<FrontMatterFields>({
      title: metadata.title,
      description: metadata.description,
      emoji: metadata.emoji,
      icon: metadata.icon,
      layout: metadata.layout,
      cover:
        metadata.cover === undefined
          ? undefined
          : defined<NonNullable<FrontMatterFields['cover']>>({
              ref: { kind: 'url', url: metadata.cover },
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
      extraFrontMatter: metadata.extraFrontMatter,
      rawFrontMatter: metadata.rawFrontMatter,
    }),
  };
}
