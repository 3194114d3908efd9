import type { Diagnostic } from '../../diagnostic.js';
import { basename, dirname } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { convertBody } from '../shared/convert-body.js';
import { isIndexName } from '../shared/folder-nav.js';
import { titleFromName, type ImportedPage } from '../shared/imported-page.js';
import { pageFields } from '../shared/page-fields.js';
import { RawStash } from '../shared/raw-stash.js';
import { readPageSource, stringField } from '../shared/read-page-source.js';
import { withTitleHeading } from '../shared/title-heading.js';
import { rewriteMkdocsBody } from './rewrite-body.js';

const consumed = new Set(['title']);

/**
 * Reads an MkDocs page: its body rewritten (admonitions, content tabs) and converted; its title
 * from front matter `title`, else the first H1, else the file (or, for an index, folder) name.
 */
export function readMkdocsPage(source: string, relativePath: string, text: string): ImportedPage {
  const read = readPageSource(text);
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const body = rewriteMkdocsBody(read.body, diagnostics, read.bodyLineOffset);
  const converted = convertBody(body, new RawStash(source), {
    rewritten: body !== read.body,
    bodyLineOffset: read.bodyLineOffset,
  });
  diagnostics.push(...converted.diagnostics);
  const name = basename(relativePath);
  const folder = basename(dirname(relativePath));
  const index = isIndexName(name);
  const frontMatterTitle = stringField(read.frontMatter, 'title');
  const title = frontMatterTitle ?? converted.h1 ?? titleFromName(index ? folder || 'Home' : name);
  const document =
    frontMatterTitle !== undefined &&
    converted.h1 !== undefined &&
    converted.h1 !== frontMatterTitle
      ? withTitleHeading(converted.document, converted.h1)
      : converted.document;
  return {
    source,
    title,
    slug: slugify(index ? folder || 'home' : name.replace(/\.md$/i, '')) || 'page',
    fields: pageFields(read, consumed, diagnostics),
    document,
    diagnostics,
  };
}
