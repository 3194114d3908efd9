import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options as ToMarkdownOptions, type Unsafe } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { maskDeepContainers, pruneDeepBlocks } from './depth-limit.js';
import { fastFromMarkdown } from './fast/fast-from-markdown.js';
import { fastToMarkdown, type FastPathCount } from './fast/fast-to-markdown.js';
import { liquidFromMarkdown } from './liquid/from-markdown.js';
import { pairLiquidTags } from './liquid/pair-tags.js';
import { splitTagLinesOutOfHtml } from './liquid/split-html.js';
import { liquidSyntax } from './liquid/syntax.js';
import { liquidToMarkdown } from './liquid/to-markdown.js';
import { emptyParagraphJoin } from './empty-paragraph-join.js';
import { pairDetails } from './pair-details.js';
import { hardBreak } from './hard-break.js';
import { listHandler, listItem, spreadItemApart } from './handlers/list.js';
import { pipeTable } from './pipe-table.js';
import { text } from './safe-text.js';
import { image, link } from './written-link.js';

/**
 * GFM without its literal autolinks: a bare URL or e-mail address is text, as in the editor
 * (whose links GitBook's exporter writes `[text](url)`); it is written back as it is. Both the
 * syntax and mdast-util-gfm's transform that finds them in text are left out.
 */
const bareUrlsAreText = { disable: { null: ['wwwAutolink', 'protocolAutolink', 'emailAutolink'] } };
const gfmWithoutLiteralAutolinks = gfmFromMarkdown().filter(
  (extension) => !(extension.transforms?.length ?? 0),
);

const syntaxExtensions = [
  gfm(),
  bareUrlsAreText,
  math({ singleDollarTextMath: false }),
  liquidSyntax(),
];

/**
 * The syntax of a page without `[^`: no footnote call or definition can start there, so GFM's
 * footnote constructs are left out. Not only faster: the footnote extension looks back over
 * every enclosing label at each `]`, which is quadratic in nested brackets (5,000 nested links
 * took 5 to 14 s, nearly all of it there).
 */
const syntaxWithoutFootnotes = [
  ...syntaxExtensions,
  {
    disable: {
      null: ['gfmFootnoteDefinition', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall'],
    },
  },
];
const fromMarkdownExtensions = [
  gfmWithoutLiteralAutolinks,
  mathFromMarkdown(),
  liquidFromMarkdown(),
];

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
  // Pairing nests tags and `<details>` into blocks: what it nests too deep is cut again.
  pairLiquidTags(tree);
  pruneDeepBlocks(tree);
  pairDetails(tree);
  pruneDeepBlocks(tree);
  return tree;
}

/** Markdown → mdast with GitBook's syntax, as mdast-util-from-markdown reads it. */
export function fullFromMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: markdown.includes('[^') ? syntaxExtensions : syntaxWithoutFootnotes,
    mdastExtensions: fromMarkdownExtensions,
  });
}

/** Markdown → mdast with tag lines still flat (split out of HTML blocks), before pairing. */
function parseFlat(markdown: string, fastPath: boolean): Root {
  const tree =
    (fastPath ? fastFromMarkdown(markdown) : undefined) ??
    fullFromMarkdown(maskDeepContainers(markdown));
  pruneDeepBlocks(tree);
  splitTagLinesOutOfHtml(tree, (fragment) => parseFlat(fragment, fastPath));
  return tree;
}

/**
 * GFM's serializer settings without its escapes for bare URLs and e-mail addresses
 * (`support\@example.com`, `https\://`): GitBook's exporter writes them as they are, and they
 * read back as text (see `bareUrlsAreText`), not as links.
 */
function gfmAsExporter(): ToMarkdownOptions {
  const gfm = gfmToMarkdown();
  const autolinkLiteral = (unsafe: Unsafe) =>
    (unsafe.character === '@' || unsafe.character === '.' || unsafe.character === ':') &&
    unsafe.notInConstruct !== undefined &&
    unsafe.after !== undefined;
  return {
    ...gfm,
    extensions: (gfm.extensions ?? []).map((extension) =>
      extension.unsafe?.some(autolinkLiteral)
        ? { ...extension, unsafe: extension.unsafe.filter((unsafe) => !autolinkLiteral(unsafe)) }
        : extension,
    ),
  };
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
    gfmAsExporter(),
    // After GFM's, so that its `table` handler is this one (which calls GFM's).
    {
      handlers: {
        text,
        link,
        image,
        break: hardBreak,
        table: pipeTable,
        list: listHandler,
        listItem,
      },
    },
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidToMarkdown(),
    // Last, so it is asked first: other extensions' join rules could settle a pair before it.
    {
      join: [spreadItemApart, emptyParagraphJoin],
    },
  ],
};

/** How to write markdown. */
export interface StringifyOptions {
  /**
   * Whether the fast writer (`fast/fast-to-markdown.ts`) may write the blocks it knows; it gives
   * the same markdown as `toMarkdown` and hands any other block to it. `false` runs `toMarkdown`
   * only, for tests and measurements. Default `true`.
   */
  fastPath?: boolean;
  /** Counts to add what the fast writer wrote to, for measurements. */
  fastPathCount?: FastPathCount;
}

/** mdast → markdown exactly as GitBook's exporter writes it. */
export function stringifyMdast(tree: Root, options: StringifyOptions = {}): string {
  if (options.fastPath === false) return fullToMarkdown(tree);
  const written = fastToMarkdown(tree, fullToMarkdown);
  const count = options.fastPathCount;
  if (count !== undefined) {
    count.trees++;
    count.blocks += tree.children.length;
    count.fastBlocks += written?.fast ?? 0;
    if (written !== undefined && written.fast === written.blocks) count.fastTrees++;
  }
  return written?.markdown ?? fullToMarkdown(tree);
}

/** mdast → markdown with mdast-util-to-markdown alone. */
export function fullToMarkdown(tree: Root): string {
  return toMarkdown(tree, exporterOptions);
}
