import type { Delete, Emphasis, Html, PhrasingContent, Strong } from 'mdast';
import type { InlineContent } from '../model/inlines.js';
import type { Mark } from '../model/text.js';
import { annotationFromFootnote } from './handlers/annotation.js';
import { parseInlineHtml } from './handlers/inline-html.js';
import { InlineBuilder, withMark } from './inline-builder.js';
import { holdsUnmarkable } from './holds-unmarkable.js';
import type { ParseContext } from './parse-context.js';

const italic: Mark = { object: 'mark', type: 'italic' };
const bold: Mark = { object: 'mark', type: 'bold' };
const strikethrough: Mark = { object: 'mark', type: 'strikethrough' };
const code: Mark = { object: 'mark', type: 'code' };

/**
 * mdast phrasing → document inlines. Soft line breaks become spaces (the editor has none); hard
 * breaks become `\n` in the text, as the editor stores them.
 */
export function phrasingToInlines(
  nodes: readonly PhrasingContent[],
  marks: readonly Mark[],
  context: ParseContext,
): InlineContent[] {
  const builder = new InlineBuilder();
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index] as PhrasingContent;
    switch (node.type) {
      case 'text':
        builder.text(node.value.replace(/[ \t]*\n[ \t]*/g, ' '), marks, context.writtenText(node));
        break;
      case 'emphasis':
        builder.push(...markedInlines(node, withMark(marks, italic), context));
        break;
      case 'strong':
        builder.push(...markedInlines(node, withMark(marks, bold), context));
        break;
      case 'delete':
        builder.push(...markedInlines(node, withMark(marks, strikethrough), context));
        break;
      case 'inlineCode':
        // A line ending inside a code span is a space (CommonMark), not a hard break.
        builder.text(node.value.replace(/\r?\n/g, ' '), withMark(marks, code));
        break;
      case 'break': {
        // Written spaces end the text before them: none when there is no text, or when it ends
        // with white space (a task marker's, a `&#x20;`), which would take them in.
        const before = nodes[index - 1];
        const ends =
          node.data?.source !== undefined ||
          (before !== undefined && !(before.type === 'text' && /\s$/.test(before.value)));
        builder.text('\n', marks, ends ? context.writtenBreak(node) : undefined);
        break;
      }
      case 'inlineMath':
        builder.push({
          object: 'inline',
          type: 'inline-math',
          isVoid: true,
          data: { formula: node.value },
        });
        break;
      case 'link': {
        const ref = { kind: 'url' as const, url: node.url };
        if (node.title === 'mention') {
          const text = node.children.map((child) => ('value' in child ? child.value : '')).join('');
          const [only] = node.children;
          const textSource =
            node.children.length === 1 && only?.type === 'text'
              ? context.writtenText(only)
              : undefined;
          builder.push({
            object: 'inline',
            type: 'mention',
            isVoid: true,
            data: { ref, text, ...(textSource === undefined ? {} : { textSource }) },
          });
          break;
        }
        const before = context.diagnostics.length;
        const inlines = context.inlines(node.children, marks);
        if (inlines.some((child) => child.object !== 'text' && child.type !== 'inline-image')) {
          // A link holds text and images only: one around other content (`[<code>id</code>](#id)`,
          // `[<img src="…" />](url)`) is kept verbatim as a whole, so that none of it is lost.
          context.diagnostics.length = before;
          const source = context.sourceOf(node);
          context.report(
            node,
            'raw-html',
            `a link around HTML \`${source}\` is kept verbatim`,
            'info',
          );
          builder.push({ object: 'inline', type: 'html', isVoid: true, data: { html: source } });
          break;
        }
        const children = inlines;
        const urlSource = context.writtenDestination(node);
        builder.push({
          object: 'inline',
          type: 'link',
          data: {
            ref,
            ...(node.title ? { title: node.title } : {}),
            ...(urlSource === undefined ? {} : { urlSource }),
          },
          nodes: children as never,
        });
        break;
      }
      case 'image': {
        const urlSource = context.writtenDestination(node);
        builder.push({
          object: 'inline',
          type: 'inline-image',
          isVoid: true,
          data: {
            ref: { kind: 'url', url: node.url },
            alt: node.alt ?? '',
            ...(node.title ? { caption: node.title } : {}),
            markdown: true,
            ...(urlSource === undefined ? {} : { urlSource }),
          },
        });
        break;
      }
      case 'html': {
        const consumed = parseInlineHtml(nodes, index, marks, context, builder);
        if (consumed > 0) {
          index += consumed - 1;
          break;
        }
        keepRawHtml(node, context, builder);
        break;
      }
      case 'linkReference':
      case 'imageReference': {
        // `[text][id]` and `![alt][id]` are the link and image their definition gives.
        const definition = context.linkDefinitions.get(node.identifier);
        if (definition === undefined) {
          keepRawInline(node, context, builder);
          break;
        }
        const resolved: PhrasingContent =
          node.type === 'linkReference'
            ? {
                type: 'link',
                url: definition.url,
                title: definition.title ?? null,
                children: node.children,
              }
            : {
                type: 'image',
                url: definition.url,
                title: definition.title ?? null,
                alt: node.alt ?? null,
              };
        builder.push(...phrasingToInlines([resolved], marks, context));
        break;
      }
      case 'footnoteReference':
        builder.push(annotationFromFootnote(node, marks, context));
        break;
      default:
        // Phrasing that syntax extensions may add later.
        keepRawInline(node, context, builder);
    }
  }
  return builder.nodes;
}

/**
 * The content of a bold, italic or strikethrough span. Raw HTML and void inlines cannot carry a
 * mark, so a span holding one is kept verbatim as a whole (`_<kbd>_`, `**$$x$$**`): its mark is
 * not lost, and the HTML is not re-paired differently on the next read.
 */
function markedInlines(
  node: Emphasis | Strong | Delete,
  marks: readonly Mark[],
  context: ParseContext,
): InlineContent[] {
  const before = context.diagnostics.length;
  const inlines = context.inlines(node.children, marks);
  if (!holdsUnmarkable(inlines)) return inlines;
  context.diagnostics.length = before;
  const source = context.sourceOf(node);
  context.report(
    node,
    'raw-html',
    `a styled span around content that cannot be styled \`${source}\` is kept verbatim`,
    'info',
  );
  return [{ object: 'inline', type: 'html', isVoid: true, data: { html: source } }];
}

function keepRawInline(node: PhrasingContent, context: ParseContext, builder: InlineBuilder): void {
  context.report(node, 'raw-inline', `\`${node.type}\` is kept verbatim`, 'warning');
  builder.push({
    object: 'inline',
    type: 'html',
    isVoid: true,
    data: { html: context.sourceOf(node) },
  });
}

function keepRawHtml(node: Html, context: ParseContext, builder: InlineBuilder): void {
  context.report(node, 'raw-html', `inline HTML \`${node.value}\` is kept verbatim`, 'info');
  builder.push({ object: 'inline', type: 'html', isVoid: true, data: { html: node.value } });
}
