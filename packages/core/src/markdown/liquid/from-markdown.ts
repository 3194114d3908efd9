import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import type { LiquidTag } from './mdast.js';
import { parseTag } from './tag.js';

/** Turns `liquidTag` tokens into flat `liquidTag` nodes; `pairLiquidTags` nests them later. */
export function liquidFromMarkdown(): Extension {
  return {
    enter: {
      liquidTag(this: CompileContext, token: Token) {
        const node: LiquidTag = { type: 'liquidTag', raw: '', tag: undefined };
        this.enter(node, token);
      },
    },
    exit: {
      liquidTag(this: CompileContext, token: Token) {
        const node = this.stack[this.stack.length - 1] as unknown as LiquidTag;
        node.raw = this.sliceSerialize(token);
        node.tag = parseTag(node.raw);
        this.exit(token);
      },
    },
  };
}
