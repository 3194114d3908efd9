import type { Heading as MdastHeading, PhrasingContent } from 'mdast';
import type { Heading } from '../../model/blocks.js';
import { parseHtmlTag } from '../html-tag.js';
import { emptyText } from '../inline-builder.js';
import type { RenderContext } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

const levels = { 2: 'heading-1', 3: 'heading-2', 4: 'heading-3' } as const;
const depths = { 'heading-1': 2, 'heading-2': 3, 'heading-3': 4 } as const;

/**
 * A custom anchor is written after the text: `## Text <a href="#anchor" id="anchor"></a>`.
 * Returns the anchor and the children without it.
 */
function splitAnchor(children: PhrasingContent[]): { id?: string; children: PhrasingContent[] } {
  const open = children[children.length - 2];
  const close = children[children.length - 1];
  if (open?.type !== 'html' || close?.type !== 'html' || close.value !== '</a>')
    return { children };
  const tag = parseHtmlTag(open.value);
  const id = tag?.attributes.get('id');
  if (
    tag?.name !== 'a' ||
    id === undefined ||
    tag.attributes.get('href') !== `#${id}` ||
    tag.attributes.size !== 2
  ) {
    return { children };
  }
  const rest = children.slice(0, -2);
  const last = rest[rest.length - 1];
  if (last?.type === 'text') {
    const trimmed = last.value.replace(/ $/, '');
    if (trimmed === '') rest.pop();
    else rest[rest.length - 1] = { ...last, value: trimmed };
  }
  return { id, children: rest };
}

/**
 * Headings. The editor's three levels are written one level down (`##`, `###`, `####`) because
 * the page title is the `#`; other levels are kept verbatim.
 */
export const heading: ConstructHandlers = {
  mdast: {
    heading: (node: MdastHeading, context) => {
      const type = levels[node.depth as keyof typeof levels] as Heading['type'] | undefined;
      if (!type) {
        return [
          context.raw(
            node,
            'heading-level',
            `a level-${node.depth} heading has no editor level; kept verbatim`,
          ),
        ];
      }
      const { id, children } = splitAnchor(node.children);
      const nodes = context.inlines(children);
      const block: Heading = {
        object: 'block',
        type,
        data: id === undefined ? {} : { id },
        nodes: nodes.length > 0 ? nodes : [emptyText()],
      };
      return [block];
    },
  },
  blocks: Object.fromEntries(
    (['heading-1', 'heading-2', 'heading-3'] as const).map((type) => [
      type,
      (block: Heading, context: RenderContext) => {
        const children = context.phrasing(block.nodes);
        if (block.data.id !== undefined) {
          children.push(
            { type: 'text', value: ' ' },
            { type: 'html', value: `<a href="#${block.data.id}" id="${block.data.id}">` },
            { type: 'html', value: '</a>' },
          );
        }
        return [{ type: 'heading', depth: depths[type], children }];
      },
    ]),
  ),
};
