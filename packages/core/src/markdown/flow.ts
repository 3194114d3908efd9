import type { RootContent } from 'mdast';
import type { Block } from '../model/blocks.js';
import { mdastHandlers, tagHandlers } from './handlers/index.js';
import { integrationTagKey } from './handlers/integration.js';
import type { ParseContext } from './parse-context.js';

/** Converts one mdast flow node to blocks; what no handler understands is kept verbatim. */
export function flowToBlocks(node: RootContent, context: ParseContext): Block[] {
  if (node.type === 'tooDeep') {
    return [
      context.raw(
        node,
        'too-deep',
        `this block nests more than ${String(node.depth)} levels deep; kept verbatim`,
      ),
    ];
  }
  if (node.type === 'liquidBlock' || node.type === 'liquidTag') {
    const name = node.tag?.name;
    if (name === undefined) {
      return [
        context.raw(
          node,
          'invalid-tag',
          `\`${node.type === 'liquidTag' ? node.raw : node.rawOpen}\` is not a valid tag; kept verbatim`,
        ),
      ];
    }
    // Integration blocks are named after their integration (`@github-files/…`): one reader.
    const handler = tagHandlers.get(name.startsWith('@') ? integrationTagKey : name);
    const blocks = handler?.(node, context);
    if (blocks) return blocks;
    if (name.startsWith('end')) {
      return [
        context.raw(node, 'unpaired-tag', `\`{% ${name} %}\` closes no open tag; kept verbatim`),
      ];
    }
    return [
      context.raw(
        node,
        handler ? 'unsupported-tag-form' : 'unknown-tag',
        handler
          ? `this form of \`{% ${name} %}\` is not one docsync models; kept verbatim`
          : `\`{% ${name} %}\` is not a block docsync models; kept verbatim`,
      ),
    ];
  }
  const handler = mdastHandlers.get(node.type);
  if (handler) return handler(node as never, context);
  return [
    context.raw(
      node,
      'unknown-construct',
      `\`${node.type}\` is not a construct docsync models; kept verbatim`,
    ),
  ];
}
