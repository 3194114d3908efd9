import type { Heading, RootContent } from 'mdast';
import type { Diagnostic } from '../diagnostic.js';
import type { JSONDocument } from '../model/document.js';
import type { PageMetadata } from '../model/page-metadata.js';
import { flowToBlocks } from './flow.js';
import { parseFrontMatter, splitFrontMatter } from './front-matter.js';
import { phrasingToInlines } from './from-phrasing.js';
import { parseMdast } from './mdast-io.js';
import { emptyParagraphs, ParseContext } from './parse-context.js';

/** What a page file holds: its metadata, its content, and what could not be read as written. */
export interface ParsedPage {
  metadata: PageMetadata;
  document: JSONDocument;
  diagnostics: Diagnostic[];
}

/** Makes any input the parser's input: no BOM, LF line endings. */
export function normalizeInput(markdown: string): string {
  return markdown.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
}

function plainTitle(heading: Heading): string | undefined {
  let text = '';
  for (const child of heading.children) {
    if (child.type !== 'text') return undefined;
    text += child.value;
  }
  return text;
}

/**
 * Reads a page's markdown (front matter + body) into page metadata and a JSON document. Never
 * throws: what cannot be modelled is kept verbatim and reported in `diagnostics`.
 */
export function parsePage(markdown: string): ParsedPage {
  const input = normalizeInput(markdown);
  const { yaml, body, bodyLineOffset } = splitFrontMatter(input);
  const context = new ParseContext(body, bodyLineOffset, {
    flow: flowToBlocks,
    phrasing: phrasingToInlines,
  });
  const metadata = yaml === undefined ? {} : parseFrontMatter(yaml, context.diagnostics);

  const tree = parseMdast(body);
  let children: RootContent[] = tree.children;
  const first = children[0];
  if (first?.type === 'heading' && first.depth === 1) {
    const title = plainTitle(first);
    if (title !== undefined) {
      metadata.title = title;
      children = children.slice(1);
    }
  }
  const nodes = context.blocks(children);
  const last = tree.children[tree.children.length - 1];
  const endOffset = last?.position?.end.offset;
  if (endOffset !== undefined) {
    const trailing = body.slice(endOffset).split('\n').length - 1;
    nodes.push(...emptyParagraphs(Math.floor(trailing / 2)));
  }
  return {
    metadata,
    document: { object: 'document', data: {}, nodes },
    diagnostics: context.diagnostics,
  };
}
