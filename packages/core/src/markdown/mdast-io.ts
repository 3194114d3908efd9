import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { fastFromMarkdown } from './fast/fast-from-markdown.js';
import { liquidFromMarkdown } from './liquid/from-markdown.js';
import { pairLiquidTags } from './liquid/pair-tags.js';
import { splitTagLinesOutOfHtml } from './liquid/split-html.js';
import { liquidSyntax } from './liquid/syntax.js';
import { liquidToMarkdown } from './liquid/to-markdown.js';
import { pairDetails } from './pair-details.js';
import { hardBreak } from './hard-break.js';
import { pipeTable } from './pipe-table.js';
import { text } from './safe-text.js';
import { image, link } from './written-link.js';

const syntaxExtensions = [gfm(), math({ singleDollarTextMath: false }), liquidSyntax()];
const fromMarkdownExtensions = [gfmFromMarkdown(), mathFromMarkdown(), liquidFromMarkdown()];

/** How to read markdown. */
export interface ParseOptions {
  /**
   * Whether the fast path (`fast/`) may read what it knows; it gives the same mdast as the full
   * parser, positions included, and hands anything else to it. `false` runs the full parser
   * only, for tests and measurements. Default `true`.
   */
  fastPath?: boolean;
}

/**
 * Markdown → mdast with GitBook's syntax: GFM (tables, task lists, strikethrough, footnotes,
 * autolinks), `$$` math only (a single `$` is text), and `{% tag %}` lines nested into blocks.
 */
export function parseMdast(markdown: string, options: ParseOptions = {}): Root {
  const tree = parseFlat(markdown, options.fastPath ?? true);
  pairLiquidTags(tree);
  pairDetails(tree);
  return tree;
}

/** Markdown → mdast with GitBook's syntax, as mdast-util-from-markdown reads it. */
export function fullFromMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: syntaxExtensions,
    mdastExtensions: fromMarkdownExtensions,
  });
}

/** Markdown → mdast with tag lines still flat (split out of HTML blocks), before pairing. */
function parseFlat(markdown: string, fastPath: boolean): Root {
  const tree = (fastPath ? fastFromMarkdown(markdown) : undefined) ?? fullFromMarkdown(markdown);
  splitTagLinesOutOfHtml(tree, (fragment) => parseFlat(fragment, fastPath));
  return tree;
}

/**
 * The serializer settings of GitBook's exporter: `*` bullets, `_italic_`, `***` rules, one space
 * after a list marker except in spread items (tab stop), backslash hard breaks, and character
 * references (`&#x20;`) where text would otherwise change meaning.
 */
declare module 'mdast' {
  interface Data {
    /**
     * Empty paragraphs before this node. They are written as extra blank lines (two per empty
     * paragraph) by a join rule, rather than as nodes, so that the nodes around them stay
     * adjacent (two lists separated by an empty paragraph still get different bullets).
     */
    emptyParagraphsBefore?: number;
  }
}

/**
 * Whether a list's first line holds nothing but markers (`1. *`, `* -`): its first item is
 * empty, or starts with such a list. A line like that cannot interrupt a paragraph, so it
 * must follow a blank line to read back as a list.
 */
function startsWithBareMarkers(node: Nodes): boolean {
  if (node.type !== 'list') return false;
  const first = node.children[0]?.children[0];
  return first === undefined || startsWithBareMarkers(first);
}

const exporterOptions: ToMarkdownOptions = {
  bullet: '*',
  bulletOrdered: '.',
  emphasis: '_',
  strong: '*',
  rule: '*',
  ruleRepetition: 3,
  ruleSpaces: false,
  listItemIndent: 'mixed',
  fence: '`',
  fences: true,
  incrementListMarker: true,
  resourceLink: true,
  extensions: [
    gfmToMarkdown(),
    // After GFM's, so that its `table` handler is this one (which calls GFM's).
    { handlers: { text, link, image, break: hardBreak, table: pipeTable } },
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidToMarkdown(),
    // Last, so it is asked first: other extensions' join rules could settle a pair before it.
    {
      join: [
        (left, right) => {
          const count = right.data?.emptyParagraphsBefore ?? 0;
          if (count > 0) return 1 + 2 * count;
          return left.type === 'paragraph' && startsWithBareMarkers(right) ? 1 : undefined;
        },
      ],
    },
  ],
};

/** mdast → markdown exactly as GitBook's exporter writes it. */
export function stringifyMdast(tree: Root): string {
  return toMarkdown(tree, exporterOptions);
}
