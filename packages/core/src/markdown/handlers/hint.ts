import type { Hint } from '../../model/blocks.js';
import { attribute, onlyAttributes, tagBlock } from './tag-nodes.js';
import type { ConstructHandlers } from './types.js';

const styles = new Set(['info', 'warning', 'danger', 'success']);

/** `{% hint style="info" icon="…" %}` … `{% endhint %}`. A bare `{% hint %}` reads as info. */
export const hint: ConstructHandlers = {
  tags: {
    hint: (node, context) => {
      if (node.type !== 'liquidBlock' || !onlyAttributes(node, ['style', 'icon'])) return undefined;
      const style = attribute(node, 'style') ?? 'info';
      if (!styles.has(style)) return undefined;
      const icon = attribute(node, 'icon');
      const block: Hint = {
        object: 'block',
        type: 'hint',
        data: { style: style as Hint['data']['style'], ...(icon === undefined ? {} : { icon }) },
        nodes: context.blocks(node.children),
      };
      return [block];
    },
  },
  blocks: {
    hint: (block, context) => [
      tagBlock(
        'hint',
        [
          ['style', block.data.style],
          ['icon', block.data.icon],
        ],
        context.blocks(block.nodes),
      ),
    ],
  },
};
