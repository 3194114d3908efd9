import type { Block } from './blocks.js';

/** A page's rich content: a Slate-style tree of blocks, inlines and text. */
export interface JSONDocument {
  object: 'document';
  data: { schemaVersion?: number } & Record<string, unknown>;
  nodes: Block[];
}
