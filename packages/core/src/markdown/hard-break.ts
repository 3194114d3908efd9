import type { Break } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';

/**
 * Hard breaks as the exporter writes them: `\` and a line ending, and a lone `\` at the end of
 * a paragraph (a line ending there would end the paragraph, and in a tight list make it loose).
 * Or as they were written (`Leaf.source`): two or more spaces before the line ending (the
 * 2018–21 exporter), or, at the end of a paragraph, `\` with its line ending (a blank line more
 * before the next block).
 */
export const hardBreak: Handle = (node: Break, parent, state, info) => {
  const written = defaultHandlers.break(node, parent, state, info);
  if (written !== '\\\n') return written;
  const last = parent?.type === 'paragraph' && parent.children.at(-1) === node;
  const source = node.data?.source;
  if (source === undefined || (source === '\\') !== last) return last ? '\\' : written;
  if (node.data?.leaf !== undefined) node.data.sourcesUsed?.add(node.data.leaf);
  return `${source}\n`;
};
