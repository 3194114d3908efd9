import type { Heading } from '../../model/blocks.js';
import type { JSONDocument } from '../../model/document.js';

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
