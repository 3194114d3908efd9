import type { Data, Parent } from 'mdast';
import type { ParsedTag } from './tag.js';

/** A tag line's single tag as parsed, before pairing (`{% embed url="…" %}`, `{% endhint %}`). */
export interface LiquidTag {
  type: 'liquidTag';
  /** The tag exactly as written. */
  raw: string;
  /** The parsed tag; `undefined` when the text between `{%` and `%}` is not a valid tag. */
  tag: ParsedTag | undefined;
  position?: Parent['position'];
  data?: Data;
}

/** An opening tag paired with its end tag, holding the blocks between them. */
export interface LiquidBlock extends Parent {
  type: 'liquidBlock';
  rawOpen: string;
  rawClose: string;
  tag: ParsedTag;
}

declare module 'mdast' {
  interface RootContentMap {
    liquidTag: LiquidTag;
    liquidBlock: LiquidBlock;
  }
  interface BlockContentMap {
    liquidTag: LiquidTag;
    liquidBlock: LiquidBlock;
  }
}
