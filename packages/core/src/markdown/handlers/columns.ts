import type { Column, Columns, Length } from '../../model/blocks.js';
import type { LiquidBlock } from '../liquid/mdast.js';
import { booleanString, tagBlock } from './tag-nodes.js';
import { itemBlocks, strictAttributes, strictBoolean } from './strict-tag.js';
import type { ConstructHandlers } from './types.js';

const verticalAlignments = new Set(['top', 'middle', 'bottom']);

/** `50%` → `{unit: '%', value: 50}`, `240px` → `{unit: 'px', value: 240}`; else `undefined`. */
function parseWidth(value: string): Length | undefined {
  const match = /^(\d+(?:\.\d+)?)(%|px)$/.exec(value);
  if (!match) return undefined;
  return { unit: match[2] as '%' | 'px', value: Number(match[1]) };
}

/**
 * A width as GitBook writes it: the number at full precision (`66.66666666666666%`), as
 * JavaScript prints it. A bare number is a pixel width.
 */
function widthString(width: Length | undefined): string | undefined {
  if (width === undefined) return undefined;
  return typeof width === 'number' ? `${width}px` : `${width.value}${width.unit}`;
}

/** A column's data from its tag, holding `blocks`; `undefined` if an attribute is not understood. */
function readColumn(item: LiquidBlock, blocks: Column['nodes']): Column | undefined {
  const attributes = strictAttributes(item, ['width', 'valign']);
  if (!attributes) return undefined;
  const widthValue = attributes.get('width');
  const width = widthValue === undefined ? undefined : parseWidth(widthValue);
  const valign = attributes.get('valign');
  if (
    (widthValue !== undefined && !width) ||
    (valign !== undefined && !verticalAlignments.has(valign))
  )
    return undefined;
  return {
    object: 'block',
    type: 'column',
    data: {
      ...(width === undefined ? {} : { width }),
      ...(valign === undefined
        ? {}
        : { verticalAlignment: valign as NonNullable<Column['data']['verticalAlignment']> }),
    },
    nodes: blocks,
  };
}

/**
 * Columns: `{% columns fullWidth="true" %}` holding `{% column width="50%" valign="middle" %}`
 * blocks (B10). Widths are percentages at full precision.
 */
export const columns: ConstructHandlers = {
  tags: {
    columns: (node, context) => {
      if (node.type !== 'liquidBlock') return undefined;
      const attributes = strictAttributes(node, ['fullWidth']);
      const items = itemBlocks(node, 'column');
      const fullWidth = strictBoolean(attributes?.get('fullWidth'));
      if (!attributes || !items || fullWidth === null) return undefined;
      // Check every column's attributes before reading any content, so that a form left verbatim
      // reports no diagnostics from inside it.
      if (!items.every((item) => readColumn(item, []))) return undefined;
      const block: Columns = {
        object: 'block',
        type: 'columns',
        data: fullWidth === undefined ? {} : { fullWidth },
        nodes: items.map((item) => readColumn(item, context.blocks(item.children)) as Column),
      };
      return [block];
    },
  },
  blocks: {
    columns: (block, context) => [
      tagBlock(
        'columns',
        [['fullWidth', booleanString(block.data.fullWidth)]],
        block.nodes.map((column) =>
          tagBlock(
            'column',
            [
              ['width', widthString(column.data.width)],
              ['valign', column.data.verticalAlignment],
            ],
            context.blocks(column.nodes),
          ),
        ),
      ),
    ],
  },
};
