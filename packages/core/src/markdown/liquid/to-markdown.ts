import type { Options } from 'mdast-util-to-markdown';
import type { LiquidBlock, LiquidTag } from './mdast.js';

/**
 * Writes tag nodes back: a single tag as its line, a block as its opening line, its children as
 * ordinary flow (blank-line separated), and its end line. Text that would read as a tag is
 * escaped as GitBook does (`\{% … %\}`).
 */
export function liquidToMarkdown(): Options {
  return {
    handlers: {
      liquidTag: (node: LiquidTag) => node.raw,
      liquidBlock(node: LiquidBlock, _parent, state, info) {
        const inner = state.containerFlow(node, info);
        return inner === ''
          ? `${node.rawOpen}\n${node.rawClose}`
          : `${node.rawOpen}\n${inner}\n${node.rawClose}`;
      },
    },
    unsafe: [
      { character: '{', after: '%' },
      { character: '}', before: '%' },
    ],
  };
}
