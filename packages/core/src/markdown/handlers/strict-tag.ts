import type { LiquidBlock, LiquidTag } from '../liquid/mdast.js';

/**
 * A tag's attributes by name, when every one is a quoted `key="value"` written once and named in
 * `allowed`; `undefined` otherwise. Reading a tag through this keeps nothing back: an unknown,
 * repeated, positional or unquoted (`required=false`) attribute would be lost or rewritten when
 * the block is written again, so such a tag is left to be kept verbatim.
 */
export function strictAttributes(
  node: LiquidBlock | LiquidTag,
  allowed: readonly string[],
): ReadonlyMap<string, string> | undefined {
  const attributes = new Map<string, string>();
  for (const { key, value, quoted } of node.tag?.args ?? []) {
    if (key === undefined || !quoted || !allowed.includes(key) || attributes.has(key)) {
      return undefined;
    }
    attributes.set(key, value);
  }
  return attributes;
}

/** `true`/`false` for `"true"`/`"false"`, `undefined` when absent; `null` for any other value. */
export function strictBoolean(value: string | undefined): boolean | undefined | null {
  if (value === undefined) return undefined;
  return value === 'true' ? true : value === 'false' ? false : null;
}

/**
 * The children of a container tag (`{% columns %}`, `{% updates %}`) when every one is a paired
 * `{% itemName %}` block; `undefined` when anything else sits between the items.
 */
export function itemBlocks(node: LiquidBlock, itemName: string): LiquidBlock[] | undefined {
  const items: LiquidBlock[] = [];
  for (const child of node.children) {
    if (child.type !== 'liquidBlock' || child.tag.name !== itemName) return undefined;
    items.push(child);
  }
  return items;
}
