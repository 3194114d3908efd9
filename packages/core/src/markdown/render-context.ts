import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import type { Block, TableColumn } from '../model/blocks.js';
import type { InlineContent, MentionInline } from '../model/inlines.js';
import type { Leaf } from '../model/text.js';

/** What block renderers call back into: children blocks and inline content to mdast. */
export interface RenderContext {
  blocks(blocks: readonly Block[]): RootContent[];
  phrasing(nodes: readonly InlineContent[]): PhrasingContent[];
  /**
   * Collects, when set, the leaves, links and images written as they were written
   * (`Leaf.source`, `urlSource`).
   */
  sourcesUsed?: Set<object>;
  /** Writes every text in the exporter's form, as if no leaf had a `source`. */
  plain?: boolean;
  /**
   * When set, a text written with fewer escapes than the exporter's form (`Leaf.source` leaving
   * bare a `*` that makes no emphasis there) is written so, and `used` notes it: the page is
   * then read back to check that it says the same (see `renderPage`).
   */
  bare?: { used: boolean };
}

declare module 'mdast' {
  interface TextData {
    /** How the text was written (`Leaf.source`), preferred by the `text` handler when safe. */
    source?: string;
    /**
     * The leaf the text is (part of), the table column whose title it is, or the mention whose
     * text it is, and where to note that its source was written.
     */
    leaf?: Leaf | TableColumn | MentionInline;
    sourcesUsed?: Set<object> | undefined;
    /** Whether the written form may escape less than the exporter's (`RenderContext.bare`). */
    bare?: { used: boolean } | undefined;
  }
  interface BreakData {
    /** A break written as spaces (`Leaf.source`), preferred by the `break` handler. */
    source?: string;
    leaf?: Leaf;
    sourcesUsed?: Set<object> | undefined;
  }
  interface LinkData {
    /** The destination as written (`urlSource`), preferred by the `link` handler when safe. */
    urlSource?: string;
    /** The inline it was rendered from, and where to note that its source was written. */
    owner?: object;
    sourcesUsed?: Set<object> | undefined;
    /** Whether the written destination may escape less (`RenderContext.bare`). */
    bare?: { used: boolean } | undefined;
  }
  interface ImageData {
    urlSource?: string;
    owner?: object;
    sourcesUsed?: Set<object> | undefined;
    bare?: { used: boolean } | undefined;
  }
}

/** Writes one block as mdast flow nodes. */
export type BlockRenderer = (block: never, context: RenderContext) => RootContent[];

/** An mdast node that writes `value` verbatim (mdast `html` is written as is). */
export function verbatim(value: string): BlockContent {
  return { type: 'html', value };
}
