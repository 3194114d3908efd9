import type { Comment } from '@docsync/api';
import { parsePage } from '@docsync/core';
import { requireMarkdownNesting } from '../content/nesting-limits.js';
import { BadRequestError } from '../errors.js';

/** The longest comment or reply body accepted, in characters (UTF-16 code units). */
export const MAX_COMMENT_LENGTH = 20_000;

/** How a comment body is read: as written, or as a JSON document. */
export type CommentFormat = 'markdown' | 'document';

/**
 * 400 unless `markdown` can be a comment or reply body: not blank, at most
 * {@link MAX_COMMENT_LENGTH} characters, within the markdown nesting limits. `field` names it in the message (`body/body/markdown`).
 */
export function requireCommentMarkdown(markdown: string, field: string): string {
  if (markdown.trim() === '') throw new BadRequestError(`${field} must not be blank`);
  if (markdown.length > MAX_COMMENT_LENGTH)
    throw new BadRequestError(
      `${field} is ${markdown.length} characters long; a comment holds at most ${MAX_COMMENT_LENGTH}`,
    );
  requireMarkdownNesting(markdown, field);
  return markdown;
}

/**
 * A body as the API shows it. Markdown is stored as written; `document` reads it with core's
 * `parsePage`, behind a throwaway title line so that the comment's own first `# heading` and
 * a leading `---` stay content instead of becoming a page title and front matter.
 */
export function commentBody(markdown: string, format: CommentFormat): Comment['body'] {
  if (format === 'markdown') return { markdown };
  const { document } = parsePage(`# Comment\n\n${markdown}`);
  return { document };
}
