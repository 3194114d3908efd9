import type { Blockquote as MdastBlockquote } from 'mdast';
import type { Math as MdastMath } from 'mdast-util-math';
import type { Blockquote, Divider, MathBlock, RawMarkdown } from '../../model/blocks.js';
import { verbatim } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

/** Quotes (`> …`), dividers (`***`), math blocks (`$$` fences) and verbatim markdown. */
export const simpleBlocks: ConstructHandlers = {
  mdast: {
    blockquote: (node: MdastBlockquote, context) => [
      {
        object: 'block',
        type: 'blockquote',
        data: {},
        nodes: context.quoteBlocks(node),
      } satisfies Blockquote,
    ],
    thematicBreak: () => [
      { object: 'block', type: 'divider', isVoid: true, data: {} } satisfies Divider,
    ],
    math: (node: MdastMath, context) =>
      node.meta
        ? [
            context.raw(
              node,
              'math-meta',
              'text after the opening `$$` has no place in a math block; kept verbatim',
            ),
          ]
        : [
            {
              object: 'block',
              type: 'math',
              isVoid: true,
              data: { formula: node.value },
            } satisfies MathBlock,
          ],
  },
  blocks: {
    blockquote: (block, context) => [
      { type: 'blockquote', children: context.blocks(block.nodes) as MdastBlockquote['children'] },
    ],
    divider: () => [{ type: 'thematicBreak' }],
    math: (block) => [{ type: 'math', value: block.data.formula }],
    markdown: (block: RawMarkdown) => [verbatim(block.data.markdown)],
  },
};
