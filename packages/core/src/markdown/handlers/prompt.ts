import type { Prompt } from '../../model/blocks.js';
import { booleanString, tagBlock } from './tag-nodes.js';
import { strictAttributes, strictBoolean } from './strict-tag.js';
import type { ConstructHandlers } from './types.js';

const expansions = new Set(['hidden', 'partial', 'full']);

/**
 * A prompt (B15): `{% prompt description="…" icon="…" openInAIProviders="true"
 * defaultExpanded="full" %}` holding exactly one fenced code block.
 */
export const prompt: ConstructHandlers = {
  tags: {
    prompt: (node, context) => {
      if (node.type !== 'liquidBlock') return undefined;
      const attributes = strictAttributes(node, [
        'description',
        'icon',
        'openInAIProviders',
        'defaultExpanded',
      ]);
      const description = attributes?.get('description');
      const icon = attributes?.get('icon');
      const openInAIProviders = strictBoolean(attributes?.get('openInAIProviders'));
      const defaultExpanded = attributes?.get('defaultExpanded');
      const [only, ...rest] = node.children;
      if (
        description === undefined ||
        openInAIProviders === null ||
        (defaultExpanded !== undefined && !expansions.has(defaultExpanded)) ||
        rest.length > 0 ||
        !(only?.type === 'code' || (only?.type === 'liquidBlock' && only.tag.name === 'code'))
      ) {
        return undefined;
      }
      const [code, ...others] = context.blocks([only]);
      if (code?.type !== 'code' || others.length > 0) return undefined;
      const block: Prompt = {
        object: 'block',
        type: 'prompt',
        data: {
          description,
          ...(icon === undefined ? {} : { icon }),
          ...(openInAIProviders === undefined ? {} : { openInAIProviders }),
          ...(defaultExpanded === undefined
            ? {}
            : {
                defaultExpanded: defaultExpanded as NonNullable<Prompt['data']['defaultExpanded']>,
              }),
        },
        nodes: [code],
      };
      return [block];
    },
  },
  blocks: {
    prompt: (block, context) => [
      tagBlock(
        'prompt',
        [
          ['description', block.data.description],
          ['icon', block.data.icon],
          ['openInAIProviders', booleanString(block.data.openInAIProviders)],
          ['defaultExpanded', block.data.defaultExpanded],
        ],
        context.blocks(block.nodes),
      ),
    ],
  },
};
