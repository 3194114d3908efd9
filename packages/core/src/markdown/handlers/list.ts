import type { List as MdastList, ListItem as MdastListItem, RootContent } from 'mdast';
import type { Block, ListItem, ListOrdered, ListTasks, ListUnordered } from '../../model/blocks.js';
import type { ParseContext } from '../parse-context.js';
import type { RenderContext } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

type List = ListOrdered | ListUnordered | ListTasks;

function item(node: MdastListItem, tasks: boolean, context: ParseContext): ListItem {
  return {
    object: 'block',
    type: 'list-item',
    data: tasks ? { checked: node.checked === true } : {},
    nodes: context.blocks(node.children),
  };
}

/**
 * An item is written spread (blank lines between its blocks, continuation indented to the tab
 * stop: `3.  text`) when it holds more than its first paragraph and nested lists.
 */
function isSpread(listItem: ListItem): boolean {
  return listItem.nodes.slice(1).some((child: Block) => !child.type.startsWith('list-'));
}

function renderList(block: List, context: RenderContext): RootContent[] {
  const list: MdastList = {
    type: 'list',
    ordered: block.type === 'list-ordered',
    spread: false,
    children: block.nodes.map((listItem) => ({
      type: 'listItem',
      spread: isSpread(listItem),
      checked: block.type === 'list-tasks' ? listItem.data.checked === true : null,
      children: context.blocks(listItem.nodes) as MdastListItem['children'],
    })),
  };
  if (block.type === 'list-ordered') list.start = block.data.start ?? 1;
  return [list];
}

/** Ordered, unordered and task lists. */
export const list: ConstructHandlers = {
  mdast: {
    list: (node: MdastList, context) => {
      const tasks = node.children.some((child) => typeof child.checked === 'boolean');
      const nodes = node.children.map((child) => item(child, tasks, context));
      if (tasks)
        return [{ object: 'block', type: 'list-tasks', data: {}, nodes } satisfies ListTasks];
      if (node.ordered) {
        const start = node.start ?? 1;
        return [
          {
            object: 'block',
            type: 'list-ordered',
            data: start === 1 ? {} : { start },
            nodes,
          } satisfies ListOrdered,
        ];
      }
      return [{ object: 'block', type: 'list-unordered', data: {}, nodes } satisfies ListUnordered];
    },
  },
  blocks: {
    'list-ordered': renderList,
    'list-unordered': renderList,
    'list-tasks': renderList,
  },
};
