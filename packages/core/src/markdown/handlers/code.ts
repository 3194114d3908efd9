import type { Code as MdastCode, RootContent } from 'mdast';
import type { Code, CodeLine } from '../../model/blocks.js';
import type { LiquidBlock } from '../liquid/mdast.js';
import { renderTag, type ParsedTag } from '../liquid/tag.js';
import type { ConstructHandlers } from './types.js';

/** Code block options in the order GitBook writes them in `{% code … %}`. */
const optionOrder = ['title', 'overflow', 'lineNumbers', 'expandable', 'fullWidth'] as const;

function codeLines(value: string): CodeLine[] {
  return value.split('\n').map((line) => ({
    object: 'block',
    type: 'code-line',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
  }));
}

/** The code text of a block: its lines joined. */
export function codeText(block: Code): string {
  return block.nodes
    .map((line) =>
      line.nodes
        .map((node) =>
          node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : '',
        )
        .join(''),
    )
    .join('\n');
}

function codeBlock(node: MdastCode, data: Code['data'] = {}): Code {
  return {
    object: 'block',
    type: 'code',
    data: { ...(node.lang ? { syntax: node.lang } : {}), ...data },
    nodes: codeLines(node.value),
  };
}

/** Reads the options of a `{% code … %}` wrapper; `undefined` if one is not understood. */
function codeOptions(tag: ParsedTag): Code['data'] | undefined {
  const data: Code['data'] = {};
  for (const { key, value } of tag.args) {
    if (key === 'title') data.title = value;
    else if (key === 'overflow' && (value === 'wrap' || value === 'scroll')) data.overflow = value;
    else if (key === 'lineNumbers' && (value === 'true' || value === 'false'))
      data.lineNumbers = value === 'true';
    else if (key === 'expandable' && (value === 'true' || value === 'false'))
      data.expandable = value === 'true';
    else if (key === 'fullWidth' && (value === 'true' || value === 'false'))
      data.fullWidth = value === 'true';
    else return undefined;
  }
  return data;
}

/** Fenced code, and the `{% code title="…" overflow="wrap" lineNumbers="true" %}` wrapper. */
export const code: ConstructHandlers = {
  mdast: {
    code: (node: MdastCode, context) =>
      node.meta
        ? [
            context.raw(
              node,
              'code-meta',
              `text after the fence language (\`${node.meta}\`) is not kept by the editor; kept verbatim`,
            ),
          ]
        : [codeBlock(node)],
  },
  tags: {
    code: (node) => {
      if (node.type !== 'liquidBlock') return undefined;
      const [only, ...rest] = node.children;
      if (only?.type !== 'code' || rest.length > 0 || only.meta) return undefined;
      const data = codeOptions(node.tag);
      return data ? [codeBlock(only, data)] : undefined;
    },
  },
  blocks: {
    code: (block) => {
      const fence: RootContent = {
        type: 'code',
        lang: block.data.syntax ?? null,
        value: codeText(block),
      };
      const options = optionOrder.flatMap((key) => {
        const value = block.data[key];
        return value === undefined ? [] : [[key, String(value)] as const];
      });
      if (options.length === 0) return [fence];
      const wrapper: LiquidBlock = {
        type: 'liquidBlock',
        tag: { name: 'code', args: [] },
        rawOpen: renderTag('code', options),
        rawClose: '{% endcode %}',
        children: [fence],
      };
      return [wrapper];
    },
  },
};
