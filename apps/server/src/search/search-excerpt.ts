import { searchWords } from './search-words.js';

/** How much of a section a result shows. */
const EXCERPT_LENGTH = 300;
/** How much text before the first match the excerpt keeps. */
const LEAD = 60;

/**
 * The part of a section's text a result shows: the whole text when short, else about 300
 * characters from a little before the first word that matches the query (or from the start
 * when only the heading matched), cut at spaces, with `…` where text was left out.
 */
export function searchExcerpt(body: string, words: readonly string[]): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  let first = 0;
  for (const token of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const [normalized] = searchWords(token[0]);
    if (normalized !== undefined && words.some((word) => normalized.startsWith(word))) {
      first = token.index;
      break;
    }
  }
  let start = Math.max(0, first - LEAD);
  if (start > 0) start = Math.min(first, text.indexOf(' ', start) + 1 || start);
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length)
    end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
