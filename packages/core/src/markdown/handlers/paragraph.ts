import type { Paragraph as MdastParagraph } from 'mdast';
import type { Paragraph } from '../../model/blocks.js';
import { emptyText } from '../inline-builder.js';
import type { ConstructHandlers } from './types.js';

/** Paragraphs; an empty paragraph is written as an empty line. */
export const paragraph: ConstructHandlers = {
  mdast: {
    paragraph: (node: MdastParagraph, context) => {
      const nodes = context.inlines(node.children);
      const block: Paragraph = {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: nodes.length > 0 ? nodes : [emptyText()],
      };
      return [block];
    },
  },
  blocks: {
    paragraph: (block, context) => [{ type: 'paragraph', children: context.phrasing(block.nodes) }],
  },
};
