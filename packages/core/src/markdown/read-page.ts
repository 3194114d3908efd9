import type { Heading, RootContent } from 'mdast';
import type { Diagnostic } from '../diagnostic.js';
import type { JSONDocument } from '../model/document.js';
import type { PageMetadata } from '../model/page-metadata.js';
import { flowToBlocks } from './flow.js';
import { parseFrontMatter, splitFrontMatter } from './front-matter.js';
import { collectFootnoteDefinitions, settleFootnoteDefinitions } from './handlers/annotation.js';
import { phrasingToInlines } from './from-phrasing.js';
import { collectLinkDefinitions } from './link-definitions.js';
import { parseMdast, type ParseOptions } from './mdast-io.js';
import { emptyParagraphs, ParseContext } from './parse-context.js';
import { textCarriageReturn } from './text-carriage-return.js';

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

/**
 * The parser's input: LF line endings, with each CR kept as {@link textCarriageReturn} when the
 * page has a CR inside a line (before text on the same line): then its CRs are text, as GitBook's
 * exporter ends lines with LF alone; `carriageReturns` says whether any was kept.
 */
function parserInput(markdown: string): { input: string; carriageReturns: boolean } {
  if (
    !markdown.includes('\r') ||
    markdown.includes(textCarriageReturn) ||
    !/\r(?![ \t]*(?:\n|$))/.test(markdown)
  )
    return { input: normalizeInput(markdown), carriageReturns: false };
  return {
    input: normalizeInput(markdown.replaceAll('\r', textCarriageReturn)),
    carriageReturns: true,
  };
}

/** The page read, with its text carriage returns as CRs again. */
function withCarriageReturns(page: ParsedPage): ParsedPage {
  return JSON.parse(JSON.stringify(page).replaceAll(textCarriageReturn, '\\r')) as ParsedPage;
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
 * Settles which written forms a page read from `input` keeps (`parsePage` passes
 * `settleLeafSources`); called only when the page kept any.
 */
export type SettleWrittenForms = (
  page: Pick<ParsedPage, 'metadata' | 'document'>,
  input: string,
) => void;

/** Reads a page without settling which written forms it keeps: what it says, for comparison. */
export function readPage(markdown: string): ParsedPage {
  return readPageWith(markdown, {});
}

/**
 * Reads a page's markdown (front matter + body) into page metadata and a JSON document, settling
 * its written forms with `settle` when given. This module renders nothing, so the renderer can
 * read back what it wrote (`renderPage`) without an import cycle.
 */
export function readPageWith(
  markdown: string,
  options: ParseOptions,
  settle?: SettleWrittenForms,
): ParsedPage {
  const { input, carriageReturns } = parserInput(markdown);
  if (carriageReturns) return withCarriageReturns(parseInput(input, options, settle));
  return parseInput(input, options, settle);
}

function parseInput(
  input: string,
  options: ParseOptions,
  settle: SettleWrittenForms | undefined,
): ParsedPage {
  const { yaml, body, bodyLineOffset } = splitFrontMatter(input);
  const context = new ParseContext(body, bodyLineOffset, {
    flow: flowToBlocks,
    phrasing: phrasingToInlines,
  });
  const metadata = yaml === undefined ? {} : parseFrontMatter(yaml, context.diagnostics);

  const tree = parseMdast(body, options);
  collectFootnoteDefinitions(tree, context.footnoteDefinitions);
  context.linkDefinitions = collectLinkDefinitions(tree);
  let children: RootContent[] = tree.children;
  // The title is the first H1 before any content (definitions are written at the end, so a
  // definition before the H1 does not make it content).
  const firstIndex = children.findIndex(
    (node) => node.type !== 'definition' && node.type !== 'footnoteDefinition',
  );
  const first = children[firstIndex];
  if (first?.type === 'heading' && first.depth === 1) {
    const title = plainTitle(first);
    if (title !== undefined) {
      metadata.title = title;
      const [only] = first.children;
      const source =
        first.children.length === 1 && only?.type === 'text'
          ? context.writtenText(only)
          : undefined;
      if (source !== undefined) metadata.titleSource = source;
      children = children.filter((_, index) => index !== firstIndex);
    }
  }
  // Blank lines between the `# title` and the first block count as between blocks.
  // So do those between front matter and the first block, past the one blank line after it
  // (the body starts after that line: the front matter's end is line -1).
  const titleEnd =
    metadata.title !== undefined ? first?.position?.end.line : yaml !== undefined ? -1 : undefined;
  const nodes = context.blocks(children, titleEnd);
  settleFootnoteDefinitions(nodes, context);
  const last = tree.children[tree.children.length - 1];
  const endOffset = last?.position?.end.offset;
  // Blank lines after the last block are empty paragraphs, unless that block was kept verbatim:
  // it may be an unclosed fence, which would take them in on the next read.
  if (endOffset !== undefined && nodes[nodes.length - 1]?.type !== 'markdown') {
    const trailing = body.slice(endOffset).split('\n').length - 1;
    nodes.push(...emptyParagraphs(Math.floor(trailing / 2)));
  }
  const document: JSONDocument = { object: 'document', data: {}, nodes };
  if (settle !== undefined && context.keptWrittenText) settle({ metadata, document }, input);
  return { metadata, document, diagnostics: context.diagnostics };
}
