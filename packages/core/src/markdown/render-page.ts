import type { Root, RootContent } from 'mdast';
import type { Block, Table } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { InlineImage, LinkInline, MentionInline } from '../model/inlines.js';
import type { PageMetadata } from '../model/page-metadata.js';
import type { Leaf, Text } from '../model/text.js';
import { renderFrontMatter } from './front-matter.js';
import { appendFootnoteDefinitions } from './handlers/annotation.js';
import { blockRenderers } from './handlers/index.js';
import { stringifyMdast, type StringifyOptions } from './mdast-io.js';
import { verbatim, type RenderContext } from './render-context.js';
import { readPage } from './read-page.js';
import { protectCarriageReturns, restoreCarriageReturns } from './text-carriage-return.js';
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
function blocksToMdast(blocks: readonly Block[], context: RenderContext): RootContent[] {
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
    const nodes = blockToMdast(block, context);
    const [first] = nodes;
    if (pending > 0 && first) first.data = { ...first.data, emptyParagraphsBefore: pending };
    pending = 0;
    out.push(...nodes);
  });
  return out;
}

/** What block renderers call back into (see `RenderContext` for the options). */
function renderContext(
  options: Pick<RenderContext, 'sourcesUsed' | 'plain' | 'bare'> = {},
): RenderContext {
  const context: RenderContext = {
    blocks: (blocks) => blocksToMdast(blocks, context),
    phrasing: (nodes) => inlinesToPhrasing(nodes, context),
    ...options,
  };
  return context;
}

function blockToMdast(block: Block, context: RenderContext): RootContent[] {
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

/** How to write a page. */
export type RenderOptions = StringifyOptions;

/** Writes a page as GitBook's exporter does: front matter, `# title`, then the blocks. */
export function renderPage(page: PageToRender, options: RenderOptions = {}): string {
  return renderChecked(page, undefined, options);
}

/**
 * Renders a page, with the written forms that escape less than the exporter's (see
 * `RenderContext.bare`) when the page then reads back as it does without them; otherwise (one of
 * them now makes emphasis with a neighbour, say) without any of them.
 */
function renderChecked(
  page: PageToRender,
  sourcesUsed?: Set<object>,
  options: RenderOptions = {},
): string {
  const bare = { used: false };
  const markdown = renderWith(
    page,
    renderContext({ bare, ...(sourcesUsed && { sourcesUsed }) }),
    options,
  );
  if (!bare.used) return markdown;
  const strictUsed = sourcesUsed && new Set<object>();
  const strict = renderWith(
    page,
    renderContext(strictUsed && { sourcesUsed: strictUsed }),
    options,
  );
  if (sameReading(readPage(markdown), readPage(strict))) return markdown;
  if (sourcesUsed !== undefined && strictUsed !== undefined) {
    sourcesUsed.clear();
    for (const used of strictUsed) sourcesUsed.add(used);
  }
  return strict;
}

/** Keys that say how a page was written, not what it says. */
const writtenForms = new Set(['source', 'urlSource', 'titleSource', 'textSource']);

function sameReading(a: PageToRender, b: PageToRender): boolean {
  const said = (page: PageToRender) =>
    JSON.stringify([page.metadata, page.document], (key, value: unknown) =>
      writtenForms.has(key) ? undefined : value,
    );
  return said(a) === said(b);
}

/**
 * Drops the written forms (`Leaf.source`, a column's `titleSource`) a page read from `markdown`
 * does not need: all of them when the exporter's form of the page is `markdown` already (its
 * escapes were the serializer's own, such as a character reference next to `~~`), else those
 * that escape no more than the exporter does where they stand. So a page in the exporter's form
 * reads as the document it was written from, and any other page keeps what makes it come back as
 * it was written.
 */
export function settleLeafSources(page: PageToRender, markdown: string): void {
  const used = new Set<object>();
  if (renderWith(page, renderContext({ plain: true })) !== markdown) renderChecked(page, used);
  forEachNode(page.document.nodes, (node) => {
    if (node.type === 'table') {
      const columns = Object.values((node.data as Table['data']).definition);
      for (const column of columns) if (!used.has(column)) delete column.titleSource;
    }
    if (used.has(node)) return;
    if (node.object === 'leaf') delete node.source;
    else if (node.type === 'link' || node.type === 'inline-image')
      delete (node.data as LinkInline['data'] | InlineImage['data']).urlSource;
    else if (node.type === 'mention') delete (node.data as MentionInline['data']).textSource;
  });
  const title = titleLeaves.get(page.metadata);
  if (title === undefined || !used.has(title)) delete page.metadata.titleSource;
}

/** The `# title` line's text, one leaf per metadata object (so that its use can be noted). */
const titleLeaves = new WeakMap<PageMetadata, Leaf>();

function titleText(metadata: PageMetadata): Text {
  const text = metadata.title ?? '';
  let leaf = titleLeaves.get(metadata);
  if (leaf?.text !== text || leaf.source !== metadata.titleSource) {
    leaf = { object: 'leaf', text, marks: [] };
    if (metadata.titleSource !== undefined) leaf.source = metadata.titleSource;
    titleLeaves.set(metadata, leaf);
  }
  return { object: 'text', leaves: [leaf] };
}

/** Visits every node of a document's blocks, leaves included: inside inlines and fragments too. */
function forEachNode(
  nodes: readonly object[],
  visit: (node: Record<string, unknown>) => void,
): void {
  for (const node of nodes as Record<string, unknown>[]) {
    visit(node);
    for (const key of ['leaves', 'nodes', 'fragments']) {
      const children = node[key];
      if (Array.isArray(children)) forEachNode(children as object[], visit);
    }
  }
}

function renderWith(
  { metadata, document }: PageToRender,
  context: RenderContext,
  options: RenderOptions = {},
): string {
  const children: RootContent[] = [];
  if (metadata.title !== undefined) {
    children.push({ type: 'heading', depth: 1, children: context.phrasing([titleText(metadata)]) });
  }
  children.push(...context.blocks(document.nodes));
  const tree: Root = { type: 'root', children };
  appendFootnoteDefinitions(tree);
  protectCarriageReturns(tree);
  // Empty paragraphs with nothing before them (no title, no other block) have no written form:
  // blank lines at the start of a file read as nothing.
  const nothing =
    metadata.title === undefined && document.nodes.every((block) => isEmptyParagraph(block));
  const body =
    children.length === 0 || nothing ? '' : restoreCarriageReturns(stringifyMdast(tree, options));
  const frontMatter = renderFrontMatter(metadata);
  // Empty paragraphs before the first block, when front matter (not a title) comes before it.
  const empty = metadata.title === undefined ? (children[0]?.data?.emptyParagraphsBefore ?? 0) : 0;
  return frontMatter + (frontMatter === '' ? '' : '\n\n'.repeat(empty)) + body;
}

/** Writes a document's blocks alone (no front matter, no title). */
export function renderDocument(document: JSONDocument): string {
  return renderPage({ metadata: {}, document });
}
