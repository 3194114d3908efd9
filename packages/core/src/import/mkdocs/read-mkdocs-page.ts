import type { Diagnostic } from '../../diagnostic.js';
import { convertBody } from '../shared/convert-body.js';
import { stripAttributes } from '../shared/attribute-lists.js';
import { rewriteHtmlImages } from '../shared/html-images.js';
import type { ImportedPage } from '../shared/imported-page.js';
import { pageFields } from '../shared/page-fields.js';
import { RawStash } from '../shared/raw-stash.js';
import { readPageSource } from '../shared/read-page-source.js';
import { titledPage } from '../shared/title-heading.js';
import { rewriteMkdocsBody } from './rewrite-body.js';
import { includeSnippets } from './snippets.js';

const consumed = new Set(['title']);

/**
 * Reads an MkDocs page: its body rewritten (admonitions, content tabs) and converted; its title
 * from front matter `title`, else the first H1, else the file (or, for an index, folder) name.
 */
export function readMkdocsPage(
  source: string,
  relativePath: string,
  text: string,
  context: { docsDir: string; readText: (path: string) => string | undefined },
): ImportedPage {
  const read = readPageSource(text);
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const included = includeSnippets(
    read.body,
    { page: source, ...context },
    diagnostics,
    read.bodyLineOffset,
  );
  const body = rewriteMkdocsBody(
    rewriteHtmlImages(
      stripAttributes(included, diagnostics, read.bodyLineOffset, { attributeLists: true }),
      diagnostics,
      read.bodyLineOffset,
    ),
    diagnostics,
    read.bodyLineOffset,
  );
  const converted = convertBody(body, new RawStash(source), {
    source: read.body,
    bodyLineOffset: read.bodyLineOffset,
  });
  diagnostics.push(...converted.diagnostics);
  const { title, slug, document } = titledPage(relativePath, read.frontMatter, converted, /\.md$/i);
  return {
    source,
    title,
    slug,
    fields: pageFields(read, consumed, diagnostics),
    document,
    diagnostics,
  };
}
