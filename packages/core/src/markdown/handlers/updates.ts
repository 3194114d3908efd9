import type { Update, Updates } from '../../model/blocks.js';
import type { LiquidBlock } from '../liquid/mdast.js';
import { tagBlock } from './tag-nodes.js';
import { itemBlocks, strictAttributes } from './strict-tag.js';
import type { ConstructHandlers } from './types.js';

const formats = new Set(['numeric', 'full', 'short']);

/** An update's data from its tag, holding `blocks`; `undefined` if its tag is not understood. */
function readUpdate(item: LiquidBlock, blocks: Update['nodes']): Update | undefined {
  const attributes = strictAttributes(item, ['date', 'tags']);
  const date = attributes?.get('date');
  if (date === undefined) return undefined;
  // `tags` is a comma list without spaces (`new-releases,fixes`); an empty value is no tags.
  const tags = attributes?.get('tags');
  return {
    object: 'block',
    type: 'update',
    data: { date, ...(tags === undefined ? {} : { tags: tags === '' ? [] : tags.split(',') }) },
    nodes: blocks,
  };
}

/**
 * A changelog (B11): `{% updates format="full" %}` holding
 * `{% update date="2025-12-25" tags="a,b" %}` entries.
 */
export const updates: ConstructHandlers = {
  tags: {
    updates: (node, context) => {
      if (node.type !== 'liquidBlock') return undefined;
      const attributes = strictAttributes(node, ['format']);
      const format = attributes?.get('format');
      const items = itemBlocks(node, 'update');
      if (
        !attributes ||
        (format !== undefined && !formats.has(format)) ||
        !items?.every((item) => readUpdate(item, []))
      ) {
        return undefined;
      }
      const block: Updates = {
        object: 'block',
        type: 'updates',
        data:
          format === undefined ? {} : { format: format as NonNullable<Updates['data']['format']> },
        nodes: items.map((item) => readUpdate(item, context.blocks(item.children)) as Update),
      };
      return [block];
    },
  },
  blocks: {
    updates: (block, context) => [
      tagBlock(
        'updates',
        [['format', block.data.format]],
        block.nodes.map((update) =>
          tagBlock(
            'update',
            [
              ['date', update.data.date],
              ['tags', update.data.tags?.join(',')],
            ],
            context.blocks(update.nodes),
          ),
        ),
      ),
    ],
  },
};
