import type { RootContent } from 'mdast';
import type { LiquidBlock, LiquidTag } from '../liquid/mdast.js';
import { renderTag, tagAttribute } from '../liquid/tag.js';

/** Attributes of a tag to write, in order; `undefined` values are left out. */
export type TagAttributes = ReadonlyArray<readonly [string | undefined, string | undefined]>;

/** `{% name … %}` children `{% endname %}` as an mdast node. */
export function tagBlock(
  name: string,
  attributes: TagAttributes,
  children: RootContent[],
): LiquidBlock {
  return {
    type: 'liquidBlock',
    tag: { name, args: [] },
    rawOpen: renderTag(name, attributes),
    rawClose: `{% end${name} %}`,
    children,
  };
}

/** A single `{% name … %}` line as an mdast node. */
export function tagLine(name: string, attributes: TagAttributes): LiquidTag {
  return { type: 'liquidTag', raw: renderTag(name, attributes), tag: undefined };
}

/** Whether a tag has only the given attribute names (so nothing would be lost reading it). */
export function onlyAttributes(node: LiquidBlock | LiquidTag, allowed: readonly string[]): boolean {
  return (node.tag?.args ?? []).every((arg) => arg.key !== undefined && allowed.includes(arg.key));
}

/** A boolean attribute (`"true"`/`"false"`); `undefined` when absent or not a boolean. */
export function booleanAttribute(node: LiquidBlock | LiquidTag, key: string): boolean | undefined {
  const value = node.tag ? tagAttribute(node.tag, key) : undefined;
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** A string attribute. */
export function attribute(node: LiquidBlock | LiquidTag, key: string): string | undefined {
  return node.tag ? tagAttribute(node.tag, key) : undefined;
}

/** `"true"`/`"false"` for a boolean, `undefined` when unset. */
export function booleanString(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
