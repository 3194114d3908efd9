import type { Diagnostic } from '../../diagnostic.js';
import { basename, dirname, joinPath } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { convertBody } from '../shared/convert-body.js';
import { stripAttributes } from '../shared/attribute-lists.js';
import { rewriteHtmlImages } from '../shared/html-images.js';
import { titleFromName, type ImportedPage } from '../shared/imported-page.js';
import { positionOf } from '../shared/order.js';
import { pageFields } from '../shared/page-fields.js';
import { RawStash } from '../shared/raw-stash.js';
import { readPageSource, stringField } from '../shared/read-page-source.js';
import { docIdOf, stripNumberPrefix } from './doc-id.js';
import { rewriteDocusaurusBody } from './rewrite-body.js';

/** A Docusaurus doc, converted, with what sidebars and links find it by. */
export interface DocusaurusDoc {
  source: string;
  /** Its path under the docs directory. */
  relativePath: string;
  id: string;
  /** Its URL path under the docs route (`guides/install`), without slashes at the ends. */
  route: string;
  /** Whether it is its folder's index (`index`, `README` or the folder's own name). */
  isFolderIndex: boolean;
  page: ImportedPage;
}

/** Front matter keys this importer reads; the rest are kept as extra front matter. */
const consumed = new Set([
  'id',
  'title',
  'sidebar_label',
  'sidebar_position',
  'slug',
  'draft',
  'unlisted',
]);
const consumedButTitle = new Set([...consumed].filter((key) => key !== 'title'));

/**
 * Reads one doc: front matter (`id`, `title`, `sidebar_label`, `sidebar_position`, `slug`,
 * `draft`/`unlisted` → hidden), the body rewritten from MDX and converted. Its title is the
 * body's H1, else the front matter title, else its file name; position comes from
 * `sidebar_position`, else the file's number prefix.
 */
export function readDoc(source: string, relativePath: string, text: string): DocusaurusDoc {
  const read = readPageSource(text);
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const stash = new RawStash(source);
  const body = rewriteDocusaurusBody(
    rewriteHtmlImages(
      stripAttributes(read.body, diagnostics, read.bodyLineOffset, { attributeLists: false }),
      diagnostics,
      read.bodyLineOffset,
    ),
    stash,
    diagnostics,
    read.bodyLineOffset,
  );
  const converted = convertBody(body, stash, {
    source: read.body,
    bodyLineOffset: read.bodyLineOffset,
  });
  diagnostics.push(...converted.diagnostics);
  const fm = read.frontMatter;
  const fileName = basename(relativePath).replace(/\.mdx?$/, '');
  const folder = dirname(relativePath);
  const folderName = stripNumberPrefix(basename(folder)).name;
  const bareName = stripNumberPrefix(fileName).name;
  const isFolderIndex =
    folder !== '' && ['index', 'readme', folderName.toLowerCase()].includes(bareName.toLowerCase());
  const id = docIdOf(relativePath, stringField(fm, 'id'));
  const slugField = stringField(fm, 'slug');
  const idName = id.slice(id.lastIndexOf('/') + 1);
  const folderRoute = docIdOf(folder, undefined);
  // Docusaurus serves an index doc at its folder's URL, the docs root's own included.
  const servedAtFolder =
    isFolderIndex || (folder === '' && ['index', 'readme'].includes(bareName.toLowerCase()));
  const route = (
    slugField === undefined
      ? servedAtFolder
        ? folderRoute
        : id
      : slugField.startsWith('/')
        ? slugField
        : (joinPath(folderRoute, slugField) ?? slugField)
  ).replace(/^\/+|\/+$/g, '');
  const slugName = slugField?.replace(/\/+$/, '').split('/').pop();
  const slugSource =
    slugName === undefined || slugName === '' ? (isFolderIndex ? folderName : idName) : slugName;
  const title = converted.h1 ?? stringField(fm, 'title') ?? titleFromName(idName);
  // A front matter title the H1 overrides is the page's metadata title: kept, not consumed.
  const frontMatterTitle = stringField(fm, 'title');
  const keepTitle =
    frontMatterTitle !== undefined &&
    converted.h1 !== undefined &&
    converted.h1 !== frontMatterTitle;
  const fields = pageFields(read, keepTitle ? consumedButTitle : consumed, diagnostics);
  if (fm.draft === true || fm.unlisted === true) fields.hidden = true;
  const linkTitle = stringField(fm, 'sidebar_label');
  const position = positionOf(fm.sidebar_position) ?? stripNumberPrefix(fileName).position;
  return {
    source,
    relativePath,
    id,
    route,
    isFolderIndex,
    page: {
      source,
      title,
      ...(linkTitle === undefined ? {} : { linkTitle }),
      slug: slugify(slugSource) || 'page',
      ...(position === undefined ? {} : { position }),
      fields,
      document: converted.document,
      diagnostics,
    },
  };
}
