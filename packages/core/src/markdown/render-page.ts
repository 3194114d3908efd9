import type { Root, RootContent } from 'mdast';
import type { Block } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { PageMetadata } from '../model/page-metadata.js';
import { renderFrontMatter } from './front-matter.js';
import { appendFootnoteDefinitions } from './handlers/annotation.js';
import { blockRenderers } from './handlers/index.js';
import { stringifyMdast } from './mdast-io.js';
import { verbatim, type RenderContext } from './render-context.js';
import { inlinesToPhrasing } from './to-phrasing.js';

/** Whether a block is an empty paragraph (an empty line in the editor). */
function isEmptyParagraph(block: Block): boolean {
  return (
    block.type === 'paragraph' &&
    block.nodes.every(
      (node) => node.object === 'text' && node.leaves.every((leaf) => leaf.text === ''),
    )
  );
}

/**
 * Blocks → mdast. Empty paragraphs followed by another block become a count on that block's
 * first node (see `emptyParagraphsBefore`); trailing ones stay empty paragraph nodes.
 */
function blocksToMdast(blocks: readonly Block[]): RootContent[] {
  const out: RootContent[] = [];
  let pending = 0;
  blocks.forEach((block, index) => {
    if (
      isEmptyParagraph(block) &&
      blocks.slice(index + 1).some((next) => !isEmptyParagraph(next))
    ) {
      pending++;
      return;
    }
    const nodes = blockToMdast(block);
    const [first] = nodes;
    if (pending > 0 && first) first.data = { ...first.data, emptyParagraphsBefore: pending };
    pending = 0;
    out.push(...nodes);
  });
  return out;
}

const context: RenderContext = {
  blocks: blocksToMdast,
  phrasing: (nodes) => inlinesToPhrasing(nodes, context),
};

function blockToMdast(block: Block): RootContent[] {
  const renderer = blockRenderers.get(block.type);
  if (renderer) return renderer(block as never, context);
  // A block without a markdown form (a child type such as `list-item` out of place) is written
  // as an HTML comment naming it, so that the output shows where content could not be placed.
  return [verbatim(`<!-- docsync: no markdown form for a \`${block.type}\` block here -->`)];
}

/** The page to write: metadata and document. */
export interface PageToRender {
  metadata: PageMetadata;
  document: JSONDocument;
}

/** Writes a page as GitBook's exporter does: front matter, `# title`, then the blocks. */
export function renderPage({ metadata, document }: PageToRender): string {
  const children: RootContent[] = [];
  if (metadata.title !== undefined) {
    children.push({
      type: 'heading',
      depth: 1,
      children: [{ type: 'text', value: metadata.title }],
    });
  }
  children.push(...context.blocks(document.nodes));
  const tree: Root = { type: 'root', children };
  appendFootnoteDefinitions(tree);
  const body = children.length === 0 ? '' : stringifyMdast(tree);
  return renderFrontMatter(metadata) + body;
}

/** Writes a document's blocks alone (no front matter, no title). */
export function renderDocument(document: JSONDocument): string {
  return renderPage({ metadata: {}, document });
}
