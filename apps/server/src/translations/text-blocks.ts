import { createHash } from 'node:crypto';

/** A node of a document as JSON: blocks, inlines, texts, fragments. */
export type DocumentNode = Record<string, unknown> & {
  object?: string;
  type?: string;
  nodes?: DocumentNode[];
  fragments?: DocumentNode[];
};

/** Blocks whose text is never translated, nor anything inside them. */
const KEPT_BLOCKS = new Set(['code', 'code-line', 'math', 'openapi-operation', 'swagger']);

/**
 * Whether a block holds text directly (a paragraph, a heading, a caption's paragraph): the unit
 * a translation translates, hashes and remembers. Blocks around them (lists, hints, tables,
 * tabs) are structure and are copied.
 */
export function isTextBlock(node: DocumentNode): boolean {
  if (node.object !== 'block' || KEPT_BLOCKS.has(node.type ?? '')) return false;
  const children = node.nodes;
  return (
    Array.isArray(children) &&
    children.length > 0 &&
    children.every((child) => child.object === 'text' || child.object === 'inline')
  );
}

/** The text blocks of a document, outside code, depth first (fragments included). */
export function textBlocks(nodes: readonly DocumentNode[]): DocumentNode[] {
  const found: DocumentNode[] = [];
  const walk = (list: readonly DocumentNode[]) => {
    for (const node of list) {
      if (node.object !== 'block' && node.object !== 'fragment') continue;
      if (KEPT_BLOCKS.has(node.type ?? '')) continue;
      if (isTextBlock(node)) found.push(node);
      else {
        if (Array.isArray(node.nodes)) walk(node.nodes);
        if (Array.isArray(node.fragments)) walk(node.fragments);
      }
    }
  };
  walk(nodes);
  return found;
}

/** The same nodes with every text block replaced by `replace(block)` (structure copied). */
export function mapTextBlocks(
  nodes: readonly DocumentNode[],
  replace: (block: DocumentNode) => DocumentNode,
): DocumentNode[] {
  return nodes.map((node) => {
    if (node.object !== 'block' && node.object !== 'fragment') return node;
    if (KEPT_BLOCKS.has(node.type ?? '')) return node;
    if (isTextBlock(node)) return replace(node);
    const copy: DocumentNode = { ...node };
    if (Array.isArray(node.nodes)) copy.nodes = mapTextBlocks(node.nodes, replace);
    if (Array.isArray(node.fragments)) copy.fragments = mapTextBlocks(node.fragments, replace);
    return copy;
  });
}

/** Hashes of blocks hashed before: loaded documents are shared, so a run hashes each once. */
const hashes = new WeakMap<DocumentNode, string>();

/** The hash a translation remembers a text block's translation by: SHA-256 of its JSON. */
export function blockHash(block: DocumentNode): string {
  let hash = hashes.get(block);
  if (hash === undefined) {
    hash = createHash('sha256').update(JSON.stringify(block)).digest('base64url');
    hashes.set(block, hash);
  }
  return hash;
}

/** The plain text of a node's leaves, as a reader sees it (for word counts). */
export function plainText(node: DocumentNode): string {
  if (node.object === 'text')
    return ((node['leaves'] as { text: string }[] | undefined) ?? []).map((l) => l.text).join('');
  return (node.nodes ?? []).map(plainText).join('');
}

/** Words in a text: runs of letters or digits. */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
