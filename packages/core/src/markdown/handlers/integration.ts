import type { IntegrationBlock } from '../../model/blocks.js';
import { renderTag } from '../liquid/tag.js';
import { tagLine } from './tag-nodes.js';
import type { ConstructHandlers } from './types.js';

/**
 * The key under which this construct is registered: every tag whose name starts with `@` is an
 * integration block (`{% @github-files/github-code-block url="…" %}`), whatever the integration.
 */
export const integrationTagKey = '@';

/**
 * Keys `props` cannot hold as written: an object puts array-index-like names (`1`) first, and
 * `__proto__` is not an own property.
 */
const unsafeKey = /^(?:0|[1-9]\d*|__proto__)$/;

/**
 * Integration blocks (B19): single-line `{% @org/block key="value" … %}` tags, read as
 * `integration` = org, `block` = the block name and `props` = the attributes in order, and
 * written back identically.
 */
export const integration: ConstructHandlers = {
  tags: {
    [integrationTagKey]: (node) => {
      if (node.type !== 'liquidTag' || !node.tag) return undefined;
      const name = /^@([^/\s]+)\/(\S+)$/.exec(node.tag.name);
      if (!name) return undefined;
      const props: Record<string, string> = {};
      for (const { key, value, quoted } of node.tag.args) {
        if (key === undefined || !quoted || Object.hasOwn(props, key) || unsafeKey.test(key)) {
          return undefined;
        }
        props[key] = value;
      }
      // A value whose backslashes are not escapes this reader undoes (`content="a\nb"`) would be
      // written with them doubled: such a tag is kept verbatim rather than changed.
      const written = renderTag(node.tag.name, Object.entries(props));
      if (node.raw.includes('\\') && written !== node.raw) return undefined;
      const block: IntegrationBlock = {
        object: 'block',
        type: 'integration',
        isVoid: true,
        data: { integration: name[1] as string, block: name[2] as string, props },
      };
      return [block];
    },
  },
  blocks: {
    integration: (block) => [
      tagLine(`@${block.data.integration}/${block.data.block}`, Object.entries(block.data.props)),
    ],
  },
};
