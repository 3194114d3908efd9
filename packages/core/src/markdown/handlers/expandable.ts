import { fromHtml } from 'hast-util-from-html';
import type { Html, PhrasingContent } from 'mdast';
import type { Block, Expandable, Paragraph } from '../../model/blocks.js';
import type { InlineContent } from '../../model/inlines.js';
import { htmlToPhrasing, phrasingToHtml, writtenTag } from '../html-phrasing.js';
import { emptyText } from '../inline-builder.js';
import type { HtmlDetails } from '../pair-details.js';
import { emptyParagraphs, type ParseContext } from '../parse-context.js';
import { verbatim } from '../render-context.js';
import type { ConstructHandlers } from './types.js';

/** The content of `<summary>…</summary>` as mdast phrasing, if the summary is plain HTML. */
function summaryPhrasing(summary: string, at: Html['position']): PhrasingContent[] | undefined {
  const root = fromHtml(summary, { fragment: true });
  const [element, ...rest] = root.children;
  if (element?.type !== 'element' || element.tagName !== 'summary' || rest.length > 0)
    return undefined;
  if (writtenTag(element, summary)?.tag.attributes.size !== 0) return undefined;
  return htmlToPhrasing(element.children, summary, at);
}

/** Blank lines between two line numbers beyond the one separating blocks, as empty paragraphs. */
function gap(endLine: number | undefined, startLine: number | undefined): Block[] {
  if (endLine === undefined || startLine === undefined) return [];
  return emptyParagraphs(Math.floor((startLine - endLine - 2) / 2));
}

/** The body blocks, with extra blank lines after the summary and before `</details>` kept. */
function bodyBlocks(node: HtmlDetails, context: ParseContext): Block[] {
  const summaryEnd = node.head[node.head.length - 1]?.position?.end.line;
  const closeStart = node.tail.position?.start.line;
  const first = node.children[0];
  const last = node.children[node.children.length - 1];
  if (!first || !last) return gap(summaryEnd, closeStart);
  return [
    ...gap(summaryEnd, first.position?.start.line),
    ...context.blocks(node.children),
    ...gap(last.position?.end.line, closeStart),
  ];
}

function readExpandable(node: HtmlDetails, context: ParseContext): Block[] {
  const phrasing = summaryPhrasing(node.summary, node.head[node.head.length - 1]?.position);
  if (!phrasing) {
    context.report(
      node,
      'expandable-summary',
      'this `<summary>` holds HTML docsync cannot keep as a title; the expandable is kept as written',
    );
    return context.blocks([...node.head, ...node.children, node.tail]);
  }
  const inlines = context.inlines(phrasing);
  const title: Paragraph = {
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: inlines.length > 0 ? inlines : [emptyText()],
  };
  const block: Expandable = {
    object: 'block',
    type: 'expandable',
    isVoid: true,
    data: node.open ? { defaultExpanded: true } : {},
    fragments: [
      {
        object: 'fragment',
        type: 'expandable-title',
        fragment: 'expandable-title',
        nodes: [title],
      },
      {
        object: 'fragment',
        type: 'expandable-body',
        fragment: 'expandable-body',
        nodes: bodyBlocks(node, context),
      },
    ],
  };
  return [block];
}

function hardBreak(): InlineContent {
  return { object: 'text', leaves: [{ object: 'leaf', text: '\n', marks: [] }] };
}

/**
 * Expandables (B8): `<details open>`, `<summary>Title</summary>`, the body and `</details>`, each
 * separated by a blank line; paired into one `htmlDetails` node by `pairDetails`. The title is
 * one paragraph whose inline HTML (`<strong>`…) becomes marks.
 */
export const expandable: ConstructHandlers = {
  mdast: { htmlDetails: readExpandable },
  blocks: {
    expandable: (block, context) => {
      const [title, body] = block.fragments;
      // The title is one paragraph; should there be more, they are joined by hard breaks.
      const titleInlines = title.nodes.flatMap((paragraph, index) =>
        index === 0 ? paragraph.nodes : [hardBreak(), ...paragraph.nodes],
      );
      return [
        verbatim(block.data.defaultExpanded ? '<details open>' : '<details>'),
        verbatim(`<summary>${phrasingToHtml(context.phrasing(titleInlines))}</summary>`),
        ...context.blocks(body.nodes),
        verbatim('</details>'),
      ];
    },
  },
};
