import type { Break } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';

/**
 * Hard breaks as the exporter writes them: `\` and a line ending, and a lone `\` at the end of
 * a paragraph (a line ending there would end the paragraph and read as a blank line). One
 * written as spaces (`Leaf.source`, the 2018–21 exporter's form) is written as spaces again
 * where the exporter would write `\` and a line ending.
 */
export const hardBreak: Handle = (node: Break, parent, state, info) => {
  const written = defaultHandlers.break(node, parent, state, info);
  if (written !== '\\\n') return written;
  if (parent?.type === 'paragraph' && parent.children[parent.children.length - 1] === node)
    return '\\';
  const source = node.data?.source;
  if (source === undefined) return written;
  if (node.data?.leaf !== undefined) node.data.sourcesUsed?.add(node.data.leaf);
  return source;
};
