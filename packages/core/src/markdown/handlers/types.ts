import type { Element } from 'hast';
import type { Html, RootContent } from 'mdast';
import type { Block, BlockType } from '../../model/blocks.js';
import type { LiquidBlock, LiquidTag } from '../liquid/mdast.js';
import type { ParseContext } from '../parse-context.js';
import type { RenderContext } from '../render-context.js';

/** Reads an mdast flow node into blocks. */
export type FromMdast<N extends RootContent = RootContent> = (
  node: N,
  context: ParseContext,
) => Block[];

/**
 * Reads a tag (paired with its end tag, or single) into blocks; `undefined` when the tag's form
 * is not one this handler understands (the caller keeps it verbatim).
 */
export type FromTag = (node: LiquidBlock | LiquidTag, context: ParseContext) => Block[] | undefined;

/**
 * Reads a flow HTML block whose single root element is handled by this reader (`figure`,
 * `table`…); `undefined` when the HTML is not a form this reader understands (kept verbatim).
 */
export type FromHtml = (element: Element, node: Html, context: ParseContext) => Block[] | undefined;

/** Writes a block as mdast flow nodes. */
export type ToMdast<B extends Block = Block> = (block: B, context: RenderContext) => RootContent[];

/** What one construct file contributes to the converter, in both directions. */
export interface ConstructHandlers {
  /** mdast node types this construct reads. */
  mdast?: Partial<Record<RootContent['type'], FromMdast<never>>>;
  /** Tag names this construct reads (`hint`, `embed`, `code-tabs`…). */
  tags?: Record<string, FromTag>;
  /** Root element names of flow HTML this construct reads (`figure`, `div`, `table`…). */
  html?: Record<string, FromHtml>;
  /** Block types this construct writes. */
  blocks?: Partial<{ [T in BlockType]: ToMdast<Extract<Block, { type: T }>> }>;
}
