import type { Diagnostic } from '../../diagnostic.js';
import { basename, dirname } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { convertBody } from '../shared/convert-body.js';
import { isIndexName } from '../shared/folder-nav.js';
import { titleFromName, type ImportedPage } from '../shared/imported-page.js';
import { positionOf } from '../shared/order.js';
import { pageFields } from '../shared/page-fields.js';
import { RawStash } from '../shared/raw-stash.js';
import { readPageSource, stringField } from '../shared/read-page-source.js';
import { withTitleHeading } from '../shared/title-heading.js';

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
    rewritten: false,
    bodyLineOffset: read.bodyLineOffset,
  });
  diagnostics.push(...converted.diagnostics);
  const name = basename(relativePath);
  const folder = basename(dirname(relativePath));
  const nameForTitle = isIndexName(name) ? folder || 'Home' : name;
  const frontMatterTitle = stringField(read.frontMatter, 'title');
  const title = frontMatterTitle ?? converted.h1 ?? titleFromName(nameForTitle);
  const document =
    frontMatterTitle !== undefined &&
    converted.h1 !== undefined &&
    converted.h1 !== frontMatterTitle
      ? withTitleHeading(converted.document, converted.h1)
      : converted.document;
  const position = orderKeys
    .map((key) => positionOf(read.frontMatter[key]))
    .find((value) => value !== undefined);
  return {
    source,
    title,
    slug:
      slugify(isIndexName(name) ? folder || 'home' : name.replace(/\.(md|markdown)$/i, '')) ||
      'page',
    ...(position === undefined ? {} : { position }),
    fields: pageFields(read, consumed, diagnostics),
    document,
    diagnostics,
  };
}
