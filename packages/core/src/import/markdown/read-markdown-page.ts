import type { Diagnostic } from '../../diagnostic.js';
import { convertBody } from '../shared/convert-body.js';
import type { ImportedPage } from '../shared/imported-page.js';
import { positionOf } from '../shared/order.js';
import { pageFields } from '../shared/page-fields.js';
import { RawStash } from '../shared/raw-stash.js';
import { readPageSource } from '../shared/read-page-source.js';
import { titledPage } from '../shared/title-heading.js';

/** The front matter keys that order pages, in the order they are looked at. */
const orderKeys = ['order', 'position', 'nav_order', 'weight'];
const consumed = new Set(['title', ...orderKeys]);

/**
 * Reads a page of a plain markdown folder: title from front matter `title`, else the first H1,
 * else the file (or, for an index, folder) name; position from `order`, `position`, `nav_order`
 * or `weight`. The body is CommonMark/GFM and converted as is.
 */
export function readMarkdownPage(source: string, relativePath: string, text: string): ImportedPage {
  const read = readPageSource(text);
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const converted = convertBody(read.body, new RawStash(source), {
    source: read.body,
    bodyLineOffset: read.bodyLineOffset,
  });
  diagnostics.push(...converted.diagnostics);
  const { title, slug, document } = titledPage(
    relativePath,
    read.frontMatter,
    converted,
    /\.(md|markdown)$/i,
  );
  const position = orderKeys
    .map((key) => positionOf(read.frontMatter[key]))
    .find((value) => value !== undefined);
  return {
    source,
    title,
    slug,
    ...(position === undefined ? {} : { position }),
    fields: pageFields(read, consumed, diagnostics),
    document,
    diagnostics,
  };
}
