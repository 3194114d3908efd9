import type { ContentChange } from '@docsync/api';
import {
  pageFieldsFromMetadata,
  type JSONDocument,
  type PageFileFields,
  type ParsedPage,
} from '@docsync/core';
import { requireDocumentDepth } from '../../content/nesting-limits.js';

/** The `document` of an insert or update operation: markdown or a JSON document. */
export type PageContent = Extract<ContentChange, { type: 'insert_page' }>['document'];

/** Parses markdown off the event loop, 400 past a budget (`MarkdownPool.parse`). */
export type ParseMarkdown = (markdown: string, field: string) => Promise<ParsedPage>;

/** Page fields that front matter (and an H1) may set in a batch: a tree's page file fields. */
export type FrontMatterFields = Partial<PageFileFields>;

/** A page's content as written: its document and what its front matter and H1 say. */
export interface ReadPageContent {
  document: JSONDocument;
  fields: FrontMatterFields;
}

/**
 * Reads page content. Markdown is parsed with core's `parsePage` (through `parse`, in a worker), as a page file of a tree
 * would be: the `# H1` gives the title and front matter the metadata (a cover stays the URL it
 * was written as). A JSON document is taken as it is and sets no metadata. Either is a 400 past
 * the nesting limits (`field` names it: `body/changes/0/document`).
 */
export async function readPageContent(
  content: PageContent,
  field: string,
  parse: ParseMarkdown,
): Promise<ReadPageContent> {
  if ('document' in content) {
    requireDocumentDepth(content.document, `${field}/document`);
    return { document: content.document as unknown as JSONDocument, fields: {} };
  }
  const { metadata, document } = await parse(content.markdown, `${field}/markdown`);
  requireDocumentDepth(document, `${field}/markdown`);
  // The same fields a page file of a tree gives; without an H1 the title is left to the batch.
  const { title, ...fields } = pageFieldsFromMetadata(metadata, '');
  return { document, fields: metadata.title === undefined ? fields : { title, ...fields } };
}
