import type { RootContent } from 'mdast';
import type { If } from '../../model/blocks.js';
import type { LiquidBlock } from '../liquid/mdast.js';
import type { ConstructHandlers } from './types.js';

/**
 * The expression of `{% if … %}` as written: the raw text after `if`, which is JavaScript-like
 * (`!visitor.claims.unsigned.x`, `… === true`), not `key="value"` attributes. `undefined` for
 * Liquid's whitespace-control form (`{%- if -%}`), which the model cannot hold.
 */
function expressionOf(rawOpen: string): string | undefined {
  const expression = /^\{%\s*if\s+([\s\S]*?)\s*%\}$/.exec(rawOpen)?.[1];
  return expression === undefined || expression === '' || expression.endsWith('-')
    ? undefined
    : expression;
}

/** Branch tags an `if` block may hold in Liquid, which an `if` block cannot. */
const branchTags = new Set(['else', 'elsif', 'elseif']);

function hasBranch(children: readonly RootContent[]): boolean {
  return children.some(
    (child) =>
      (child.type === 'liquidTag' || child.type === 'liquidBlock') &&
      branchTags.has(child.tag?.name ?? ''),
  );
}

/** Adaptive content (B14): `{% if visitor.claims.unsigned.x %}` … `{% endif %}`. */
export const conditional: ConstructHandlers = {
  tags: {
    if: (node, context) => {
      if (node.type !== 'liquidBlock' || !/^\{%\s*endif\s*%\}$/.test(node.rawClose)) {
        return undefined;
      }
      const expression = expressionOf(node.rawOpen);
      if (expression === undefined || hasBranch(node.children)) return undefined;
      const block: If = {
        object: 'block',
        type: 'if',
        data: { expression },
        nodes: context.blocks(node.children),
      };
      return [block];
    },
  },
  blocks: {
    if: (block, context) => {
      const node: LiquidBlock = {
        type: 'liquidBlock',
        tag: { name: 'if', args: [] },
        // A tag ends on its line: an expression written over several lines is joined into one.
        rawOpen: `{% if ${block.data.expression.replace(/\s*\n\s*/g, ' ')} %}`,
        rawClose: '{% endif %}',
        children: context.blocks(block.nodes),
      };
      return [node];
    },
  },
};
