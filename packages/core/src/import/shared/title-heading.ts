import type { Heading } from '../../model/blocks.js';
import type { JSONDocument } from '../../model/document.js';
import { basename, dirname } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { isIndexName } from './folder-nav.js';
import { titleFromName } from './imported-page.js';
import { stringField } from './read-page-source.js';

/**
 * The document with `title` as its first block (a heading 1): when front matter names the page,
 * a different `# H1` in the body is content, and `parsePage` has taken it out as the title.
 */
export function withTitleHeading(document: JSONDocument, title: string): JSONDocument {
  const heading: Heading = {
    object: 'block',
    type: 'heading-1',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: title, marks: [] }] }],
  };
  return { ...document, nodes: [heading, ...document.nodes] };
}

/**
 * A page's title, slug and document as folder-based importers give them: the title from front
 * matter `title`, else the body's first H1, else the file (for an index page, the folder) name;
 * the slug from the file or folder name; an H1 other than the front matter title kept as content.
 */
export function titledPage(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  converted: { document: JSONDocument; h1?: string | undefined },
  extension: RegExp,
): { title: string; slug: string; document: JSONDocument } {
  const name = basename(relativePath);
  const folder = basename(dirname(relativePath));
  const index = isIndexName(name);
  const frontMatterTitle = stringField(frontMatter, 'title');
  const { h1 } = converted;
  return {
    title: frontMatterTitle ?? h1 ?? titleFromName(index ? folder || 'Home' : name),
    slug: slugify(index ? folder || 'home' : name.replace(extension, '')) || 'page',
    document:
      frontMatterTitle !== undefined && h1 !== undefined && h1 !== frontMatterTitle
        ? withTitleHeading(converted.document, h1)
        : converted.document,
  };
}
