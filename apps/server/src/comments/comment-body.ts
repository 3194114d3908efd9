import type { JSONDocument } from '@docsync/core';
import { BadRequestError } from '../errors.js';
import type { MarkdownPool } from '../parsing/markdown-pool.js';

/** The longest comment or reply body accepted, in characters (UTF-16 code units). */
export const MAX_COMMENT_LENGTH = 20_000;

/** How a comment body is read: as written, or as a JSON document. */
export type CommentFormat = 'markdown' | 'document';

/**
 * 400 unless `markdown` can be a comment or reply body: not blank, at most
 * {@link MAX_COMMENT_LENGTH} characters, and converted within the parse budgets (off the event
 * loop, so reads of it can be). `field` names it in the message (`body/body/markdown`).
 */
export async function requireCommentMarkdown(
  markdown: MarkdownPool,
  text: string,
  field: string,
): Promise<string> {
  if (text.trim() === '') throw new BadRequestError(`${field} must not be blank`);
  if (text.length > MAX_COMMENT_LENGTH)
    throw new BadRequestError(
      `${field} is ${text.length} characters long; a comment holds at most ${MAX_COMMENT_LENGTH}`,
    );
  await commentDocument(markdown, text, field);
  return text;
}

/**
 * A body as a JSON document: read with core's `parsePage` (in the markdown pool), behind a
 * throwaway title line so that the comment's own first `# heading` and a leading `---` stay
 * content instead of becoming a page title and front matter.
 */
export async function commentDocument(
  markdown: MarkdownPool,
  text: string,
  field = 'body/markdown',
): Promise<JSONDocument> {
  return (await markdown.parse(`# Comment\n\n${text}`, field)).document;
}
