import type { Tabs, TabsItem } from '../../model/blocks.js';
import { itemBlocks, strictAttributes } from './strict-tag.js';
import type { ConstructHandlers } from './types.js';

/**
 * The legacy (2018–2019) code tabs (B3): `{% code-tabs %}` holding
 * `{% code-tabs-item title="Dockerfile" %}` items of one fenced code block each (the tags may
 * share a line). Read as `tabs` with one code block per tab, so they are written back once as
 * `{% tabs %}` / `{% tab title="…" %}`, which is how the current exporter writes them.
 */
export const codeTabs: ConstructHandlers = {
  tags: {
    'code-tabs': (node, context) => {
      if (node.type !== 'liquidBlock' || !strictAttributes(node, [])) return undefined;
      const items = itemBlocks(node, 'code-tabs-item');
      const understood = items?.every((item) => {
        const [only, ...rest] = item.children;
        return (
          strictAttributes(item, ['title']) &&
          rest.length === 0 &&
          only?.type === 'code' &&
          !only.meta
        );
      });
      if (!items || !understood) return undefined;
      context.report(
        node,
        'legacy-code-tabs',
        '`{% code-tabs %}` is written back as `{% tabs %}` with a code block in each tab',
        'info',
      );
      const block: Tabs = {
        object: 'block',
        type: 'tabs',
        data: {},
        nodes: items.map((item): TabsItem => {
          const title = strictAttributes(item, ['title'])?.get('title');
          return {
            object: 'block',
            type: 'tabs-item',
            data: title === undefined ? {} : { title },
            nodes: context.blocks(item.children),
          };
        }),
      };
      return [block];
    },
  },
};
