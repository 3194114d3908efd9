import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import type { Block } from '../model/blocks.js';
import type { InlineContent } from '../model/inlines.js';

/** What block renderers call back into: children blocks and inline content to mdast. */
export interface RenderContext {
  blocks(blocks: readonly Block[]): RootContent[];
  phrasing(nodes: readonly InlineContent[]): PhrasingContent[];
}

/** Writes one block as mdast flow nodes. */
export type BlockRenderer = (block: never, context: RenderContext) => RootContent[];

/** An mdast node that writes `value` verbatim (mdast `html` is written as is). */
export function verbatim(value: string): BlockContent {
  return { type: 'html', value };
}
