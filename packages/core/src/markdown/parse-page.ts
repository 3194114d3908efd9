import type { ParseOptions } from './mdast-io.js';
import { readPageWith, type ParsedPage } from './read-page.js';
import { settleLeafSources } from './render-page.js';

export { normalizeInput, type ParsedPage } from './read-page.js';

/**
 * Reads a page's markdown (front matter + body) into page metadata and a JSON document. Never
 * throws: what cannot be modelled is kept verbatim and reported in `diagnostics`. The written
 * forms it keeps are only those the page needs to come back as it was written
 * (`settleLeafSources`).
 */
export function parsePage(markdown: string, options: ParseOptions = {}): ParsedPage {
  return readPageWith(markdown, options, settleLeafSources);
}
