import type { Break, Paragraph as MdastParagraph, PhrasingContent, Text } from 'mdast';
import type { ParseContext } from '../parse-context.js';
import type { Paragraph } from '../../model/blocks.js';
import { emptyText } from '../inline-builder.js';
import type { ConstructHandlers } from './types.js';

/**
 * A paragraph's content with a backslash at its very end read as the hard break the exporter
 * wrote there (`text.\`: the editor's line break at the end of a paragraph), which is written
 * back the same way.
 */
function withTrailingBreak(
  children: readonly PhrasingContent[],
  context: ParseContext,
): readonly PhrasingContent[] {
  const last = children[children.length - 1];
  if (last?.type !== 'text' || !context.endsWithBareBackslash(last)) return children;
  const end = last.position?.end;
  const text: Text = {
    type: 'text',
    value: last.value.slice(0, -1),
    ...(last.position && end
      ? {
          position: {
            start: last.position.start,
            end: { ...end, column: end.column - 1, offset: (end.offset ?? 1) - 1 },
          },
        }
      : {}),
  };
  // A lone `\` is written back as it is; `\` with its line ending is kept as written: before the
  // blank line (an odd number of line endings after it, three or more), or last in a block quote
  // with a line of the quote after it. (Before the next list item, see `breakWithLineEnding`.)
  const endings = context.lineEndingsAfter(last);
  const hardBreak: Break = (
    endings.quoteEnds ? endings.count >= 1 : endings.count >= 3 && endings.count % 2 === 1
  )
    ? { type: 'break', data: { source: '\\' } }
    : { type: 'break' };
  return [...children.slice(0, -1), ...(text.value === '' ? [] : [text]), hardBreak];
}

/**
 * Has the hard break ending a paragraph (a lone `\`) written with its line ending (`\` and a
 * line ending: a blank line more before what follows, see `hardBreak`); false when the paragraph
 * ends with none.
 */
export function breakWithLineEnding(paragraph: Paragraph): boolean {
  const text = paragraph.nodes[paragraph.nodes.length - 1];
  const leaf = text?.object === 'text' ? text.leaves[text.leaves.length - 1] : undefined;
  if (leaf?.text.endsWith('\n') !== true) return false;
  const source = leaf.source ?? leaf.text;
  if (/(?<!\\)(?:\\\\)*\\\n$/.test(source)) return true;
  leaf.source = `${source.slice(0, -1)}\\\n`;
  return true;
}

declare module 'mdast' {
  interface TextData {
    /**
     * Spaces at an edge of this text were read from around it, where CommonMark trims them (a
     * paragraph's end, a pipe cell's start: see `withTrailingSpaces`, `withLeadingSpaces`).
     */
    edgeSpaces?: boolean;
  }
}

/**
 * A paragraph's content with the spaces after its last text (before the blank line or the end of
 * its container) read as part of that text: the 2018–21 exporter wrote a text's trailing space
 * bare there (`Default passwords: `), where today's writes `&#x20;`; written back as written.
 */
function withTrailingSpaces(
  children: readonly PhrasingContent[],
  context: ParseContext,
): readonly PhrasingContent[] {
  const last = children[children.length - 1];
  if (last?.type !== 'text' || context.endsWithBareBackslash(last)) return children;
  const spaces = context.spacesAfter(last);
  const end = last.position?.end;
  if (spaces === '' || end?.offset === undefined || last.position === undefined) return children;
  const text: Text = {
    type: 'text',
    value: last.value + spaces,
    position: {
      start: last.position.start,
      end: { ...end, column: end.column + spaces.length, offset: end.offset + spaces.length },
    },
    data: { edgeSpaces: true },
  };
  return [...children.slice(0, -1), text];
}

/** Paragraphs; an empty paragraph is written as an empty line. */
export const paragraph: ConstructHandlers = {
  mdast: {
    paragraph: (node: MdastParagraph, context) => {
      const nodes = context.inlines(
        withTrailingBreak(withTrailingSpaces(node.children, context), context),
      );
      const block: Paragraph = {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: nodes.length > 0 ? nodes : [emptyText()],
      };
      return [block];
    },
  },
  blocks: {
    paragraph: (block, context) => [{ type: 'paragraph', children: context.phrasing(block.nodes) }],
  },
};
