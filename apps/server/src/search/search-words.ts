/**
 * Text as the full-text index and the queries see it: lower case, accents dropped (`Café` →
 * `cafe`), split into words of letters and digits. Both dialects index and query these words
 * (SQLite's tokenizer and PostgreSQL's `simple` configuration then agree on every word), so a
 * search finds the same pages on either database.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The most text of one section the index takes: PostgreSQL refuses a tsvector over 1 MB, and
 * a match that far into one section adds little. Results still show the whole section's text.
 */
const INDEXED_CHARACTERS = 200_000;

/** The words of `text` joined by spaces, as written to the index. */
export function indexedText(text: string): string {
  return searchWords(text.slice(0, INDEXED_CHARACTERS)).join(' ');
}
