import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { liquidFromMarkdown } from './liquid/from-markdown.js';
import { pairLiquidTags } from './liquid/pair-tags.js';
import { liquidSyntax } from './liquid/syntax.js';
import { liquidToMarkdown } from './liquid/to-markdown.js';

const syntaxExtensions = [gfm(), math({ singleDollarTextMath: false }), liquidSyntax()];
const fromMarkdownExtensions = [gfmFromMarkdown(), mathFromMarkdown(), liquidFromMarkdown()];

/**
 * Markdown → mdast with GitBook's syntax: GFM (tables, task lists, strikethrough, footnotes,
 * autolinks), `$$` math only (a single `$` is text), and `{% tag %}` lines nested into blocks.
 */
export function parseMdast(markdown: string): Root {
  const tree = fromMarkdown(markdown, {
    extensions: syntaxExtensions,
    mdastExtensions: fromMarkdownExtensions,
  });
  pairLiquidTags(tree);
  return tree;
}

/**
 * The serializer settings of GitBook's exporter: `*` bullets, `_italic_`, `***` rules, one space
 * after a list marker except in spread items (tab stop), backslash hard breaks, and character
 * references (`&#x20;`) where text would otherwise change meaning.
 */
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
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidToMarkdown(),
  ],
};

/** mdast → markdown exactly as GitBook's exporter writes it. */
export function stringifyMdast(tree: Root): string {
  return toMarkdown(tree, exporterOptions);
}
