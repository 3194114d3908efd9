import type { PhrasingContent, Text as MdastText } from 'mdast';
import type { InlineContent, InlineImage, LinkInline, MentionInline } from '../model/inlines.js';
import type { Leaf, Mark } from '../model/text.js';
import { annotationToPhrasing } from './handlers/annotation.js';
import { encodeHtml, startTag } from './html-tag.js';
import { markOrder } from './inline-builder.js';
import type { RenderContext } from './render-context.js';
import { textCarriageReturn } from './text-carriage-return.js';

const markElement: Partial<Record<Mark['type'], string>> = {
  keyboard: 'kbd',
  superscript: 'sup',
  subscript: 'sub',
};

function colorStyle(mark: Extract<Mark, { type: 'color' }>): string {
  return `${mark.data.text ? `color:${mark.data.text};` : ''}${mark.data.background ? `background-color:${mark.data.background};` : ''}`;
}

/**
 * How the hard break after a text was written, when that ends the text's written form: two or
 * more spaces, or the lone `\` of a break at the end of a paragraph (an odd backslash more than
 * the text has).
 */
function breakWritten(text: string, source: string): string | undefined {
  const backslashes = /\\+$/.exec(source)?.[0].length ?? 0;
  if (backslashes % 2 === 1) return '\\';
  if (/\s$/.test(text)) return undefined;
  return / {2,}$/.exec(source)?.[0];
}

/**
 * A leaf's text with `\n` (hard breaks) as mdast text and break nodes; each text carries the
 * leaf's written form of it (`Leaf.source`), for the `text` handler to prefer.
 */
function textNodes(leaf: Leaf, context: RenderContext): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const text = leaf.text.includes('\r')
    ? leaf.text.replaceAll('\r', textCarriageReturn)
    : leaf.text;
  const parts = text.split('\n');
  const written = context.plain
    ? undefined
    : leaf.source?.replaceAll('\r', textCarriageReturn).split('\n');
  const sources = written?.length === parts.length ? written : undefined;
  let spaces: string | undefined;
  parts.forEach((part, index) => {
    if (index > 0) {
      // A break written as spaces or a lone `\\`: they end the written form of the text before it.
      out.push(
        spaces === undefined
          ? { type: 'break' }
          : {
              type: 'break',
              data: { source: spaces, leaf, sourcesUsed: context.sourcesUsed },
            },
      );
    }
    let source = sources?.[index];
    spaces = index < parts.length - 1 ? breakWritten(part, source ?? '') : undefined;
    if (spaces !== undefined) source = source?.slice(0, -spaces.length);
    if (part === '') return;
    out.push(
      source === undefined
        ? { type: 'text', value: part }
        : {
            type: 'text',
            value: part,
            data: { source, leaf, sourcesUsed: context.sourcesUsed, bare: context.bare },
          },
    );
  });
  return out;
}

function wrap(mark: Mark, children: PhrasingContent[]): PhrasingContent[] {
  switch (mark.type) {
    case 'bold':
      return [{ type: 'strong', children }];
    case 'italic':
      return [{ type: 'emphasis', children }];
    case 'strikethrough':
      return [{ type: 'delete', children }];
    case 'code':
      return [
        {
          type: 'inlineCode',
          value: children.map((child) => (child.type === 'text' ? child.value : '\n')).join(''),
        },
      ];
    case 'color':
      return [
        { type: 'html', value: `<mark style="${colorStyle(mark)}">` },
        ...children,
        { type: 'html', value: '</mark>' },
      ];
    default: {
      const element = markElement[mark.type] ?? 'span';
      return [
        { type: 'html', value: `<${element}>` },
        ...children,
        { type: 'html', value: `</${element}>` },
      ];
    }
  }
}

/** A leaf and the marks still to write around it (outer ones are written by then). */
interface Run {
  leaf: Leaf;
  marks: readonly Mark[];
}

/**
 * Leaves → nested mark nodes. Consecutive leaves sharing the outermost mark (in
 * {@link markOrder}) share one wrapper, so `**a _b_**` survives a round trip.
 */
function leavesToPhrasing(runs: readonly Run[], context: RenderContext): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let index = 0;
  while (index < runs.length) {
    const run = runs[index] as Run;
    const outer = markOrder
      .map((type) => run.marks.find((mark) => mark.type === type))
      .find((mark) => mark !== undefined);
    if (!outer) {
      out.push(...textNodes(run.leaf, context));
      index++;
      continue;
    }
    const group: Run[] = [];
    while (index < runs.length) {
      const next = runs[index] as Run;
      const same = next.marks.find((mark) => mark.type === outer.type);
      if (
        !same ||
        (outer.type === 'color' && colorStyle(outer) !== colorStyle(same as typeof outer))
      )
        break;
      // Inline code holds text only, so it groups only leaves marked with nothing else.
      if (outer.type === 'code' && next.marks.length > 1) break;
      group.push({ leaf: next.leaf, marks: next.marks.filter((mark) => mark !== same) });
      index++;
    }
    // A hard break at either end of a marked run is written outside it: inside, the serializer
    // would have to encode the line ending (`&#xA;`), which reads back as text.
    const inner = leavesToPhrasing(group, context);
    const before: PhrasingContent[] = [];
    const after: PhrasingContent[] = [];
    while (inner[0]?.type === 'break') before.push(inner.shift() as PhrasingContent);
    while (inner[inner.length - 1]?.type === 'break') after.unshift(inner.pop() as PhrasingContent);
    out.push(...before, ...(inner.length > 0 ? wrap(outer, inner) : []), ...after);
  }
  return out;
}

/** Document inlines → mdast phrasing, with GitBook's HTML forms for what markdown lacks. */
export function inlinesToPhrasing(
  nodes: readonly InlineContent[],
  context: RenderContext,
): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let runs: Run[] = [];
  const flush = () => {
    out.push(...leavesToPhrasing(runs, context));
    runs = [];
  };
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) runs.push({ leaf, marks: leaf.marks });
      continue;
    }
    flush();
    switch (node.type) {
      case 'link':
        out.push({
          type: 'link',
          url: node.data.ref.kind === 'url' ? node.data.ref.url : '',
          title: node.data.title ?? null,
          children: context.phrasing(node.nodes),
          ...writtenDestination(node, context),
        });
        break;
      case 'mention': {
        const url = node.data.ref.kind === 'url' ? node.data.ref.url : '';
        const text = node.data.text ?? '';
        if (node.data.html) {
          out.push({
            type: 'html',
            value: `${startTag('a', [
              ['data-mention', true],
              ['href', url],
            ])}${encodeHtml(text)}</a>`,
          });
        } else {
          out.push({
            type: 'link',
            url,
            title: 'mention',
            children: text === '' ? [] : [mentionText(node, text, context)],
          });
        }
        break;
      }
      case 'inline-image': {
        const url = node.data.ref.kind === 'url' ? node.data.ref.url : '';
        if (node.data.markdown && !node.data.refDark) {
          out.push({
            type: 'image',
            url,
            alt: node.data.alt ?? '',
            title: node.data.caption ?? null,
            ...writtenDestination(node, context),
          });
        } else {
          const img = startTag('img', [
            ['src', url],
            ['alt', node.data.alt ?? ''],
            ['data-size', node.data.size],
          ]);
          const dark = node.data.refDark;
          // A light/dark pair is a `<picture>` with the dark variant as its `<source>`.
          const value = dark
            ? `<picture>${startTag('source', [
                ['srcset', dark.kind === 'url' ? dark.url : dark.file],
                ['media', '(prefers-color-scheme: dark)'],
              ])}${img}</picture>`
            : img;
          out.push({ type: 'html', value });
        }
        break;
      }
      case 'inline-math':
        out.push({ type: 'inlineMath', value: node.data.formula });
        break;
      case 'icon':
        out.push({
          type: 'html',
          value: `<i class="fa-${node.data.icon}">:${node.data.icon}:</i>`,
        });
        break;
      case 'emoji':
        out.push({
          type: 'text',
          value: String.fromCodePoint(
            ...node.data.code.split('-').map((part) => parseInt(part, 16)),
          ),
        });
        break;
      case 'expression':
        out.push({
          type: 'html',
          value: `<code class="expression">${encodeHtml(node.data.expression)}</code>`,
        });
        break;
      case 'button': {
        const { label, kind, icon, ref, action } = node.data;
        const element = action ? 'button' : 'a';
        const attributes: [string, string | true | undefined][] = action
          ? [
              ['type', 'button'],
              ['class', `button ${kind}`],
              ['data-action', action.action],
              ['data-query', action.query],
              ['data-icon', icon],
            ]
          : [
              ['href', ref?.kind === 'url' ? ref.url : undefined],
              ['class', `button ${kind}`],
              ['data-icon', icon],
            ];
        out.push({
          type: 'html',
          value: `${startTag(element, attributes)}${encodeHtml(label)}</${element}>`,
        });
        break;
      }
      case 'html':
        out.push({ type: 'html', value: node.data.html });
        break;
      case 'annotation':
        out.push(...annotationToPhrasing(node, context));
        break;
    }
  }
  flush();
  return escapeDollarAfterMath(out);
}

/** The destination as written, for the `link` and `image` handlers (see `urlSource`). */
function writtenDestination(
  node: LinkInline | InlineImage,
  context: RenderContext,
): {
  data?: {
    urlSource: string;
    owner: object;
    sourcesUsed: Set<object> | undefined;
    bare: { used: boolean } | undefined;
  };
} {
  const urlSource = node.data.urlSource;
  if (urlSource === undefined || context.plain) return {};
  return {
    data: { urlSource, owner: node, sourcesUsed: context.sourcesUsed, bare: context.bare },
  };
}

/** A mention's link text, with the form it was written in (`textSource`) to prefer. */
function mentionText(node: MentionInline, text: string, context: RenderContext): MdastText {
  const source = node.data.textSource;
  if (source === undefined || context.plain) return { type: 'text', value: text };
  return {
    type: 'text',
    value: text,
    data: { source, leaf: node, sourcesUsed: context.sourcesUsed, bare: context.bare },
  };
}

/**
 * Text starting with `$` right after inline math would extend its closing `$$` (`$$x$$$$`);
 * mdast-util-math's escape pattern misses that case, so the first `$` is escaped here.
 */
function escapeDollarAfterMath(nodes: PhrasingContent[]): PhrasingContent[] {
  if (!nodes.some((node) => node.type === 'inlineMath')) return nodes;
  return nodes.flatMap((node, index) =>
    node.type === 'text' && node.value.startsWith('$') && nodes[index - 1]?.type === 'inlineMath'
      ? [
          { type: 'html', value: '\\$' },
          ...(node.value.length > 1 ? [{ ...node, value: node.value.slice(1) }] : []),
        ]
      : [node],
  );
}
