import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { ContentRef } from '../model/content-ref.js';
import type { Inline, InlineContent } from '../model/inlines.js';
import type { Leaf, Mark, Text } from '../model/text.js';
import type { HtmlContext } from './html-options.js';
import { inlineHtmlToHast, type InlinePiece } from './inline-html.js';
import { safeUrl } from './safe-url.js';

const MARK_TAGS: Record<Exclude<Mark['type'], 'color'>, string> = {
  bold: 'strong',
  italic: 'em',
  code: 'code',
  keyboard: 'kbd',
  strikethrough: 's',
  superscript: 'sup',
  subscript: 'sub',
};

/** A theme token or colour name as a class name part (`$primary` → `primary`). */
export function colorClass(color: string): string {
  return color.replace(/[^a-z]/gi, '').toLowerCase();
}

function leafToHast(leaf: Leaf): ElementContent {
  let node: ElementContent = { type: 'text', value: leaf.text };
  // Marks apply innermost first in the order they are listed.
  for (const mark of [...leaf.marks].reverse()) {
    if (mark.type === 'color') {
      const classes = [
        ...(mark.data.text === undefined ? [] : [`ds-color-${colorClass(mark.data.text)}`]),
        ...(mark.data.background === undefined
          ? []
          : [`ds-bg-${colorClass(mark.data.background)}`]),
      ];
      node = h('span', { className: classes }, [node]);
    } else node = h(MARK_TAGS[mark.type], [node]);
  }
  return node;
}

function textToHast(text: Text): ElementContent[] {
  return text.leaves.map(leafToHast);
}

/** A link to `ref`, or its content unlinked (marked) when it leads nowhere the reader can go. */
export function linkTo(
  ctx: HtmlContext,
  ref: ContentRef,
  children: ElementContent[],
  properties: Record<string, string | string[]> = {},
): Element {
  const resolved = ctx.options.links.href(ref);
  const href = resolved === undefined ? undefined : safeUrl(resolved);
  if (href === undefined) {
    const className = [...[properties['className'] ?? []].flat(), 'ds-unresolved'];
    return h('span', { ...properties, className }, children);
  }
  const external = /^[a-z][a-z0-9+.-]*:/i.test(href);
  return h('a', { ...properties, href, ...(external ? { rel: 'noopener' } : {}) }, children);
}

/** What an expression shows: a variable's value, else the expression as code. */
export function expressionValue(ctx: HtmlContext, expression: string): ElementContent {
  const match = /^\s*(space|page)\.vars\.([A-Za-z_$][\w$]*)\s*$/.exec(expression);
  const scope = match?.[1] === 'page' ? ctx.options.variables?.page : ctx.options.variables?.space;
  const value = match === null ? undefined : scope?.[match[2] ?? ''];
  if (value !== undefined) return { type: 'text', value: String(value) };
  return h('code', { className: ['ds-expression'] }, expression);
}

/** The characters of an emoji by its code points in hex (`1f44d`, `1f1eb-1f1f7`). */
function emojiText(code: string): string {
  const points = code.split(/[-_ ]/).map((part) => Number.parseInt(part, 16));
  return points.every((point) => Number.isInteger(point) && point > 0 && point <= 0x10ffff)
    ? String.fromCodePoint(...points)
    : `:${code}:`;
}

type InlineHandler<T extends Inline> = (node: T, ctx: HtmlContext) => ElementContent[];
type InlineHandlers = { [K in Inline['type']]: InlineHandler<Extract<Inline, { type: K }>> };

const INLINE_HANDLERS: InlineHandlers = {
  link: (node, ctx) => [
    linkTo(
      ctx,
      node.data.ref,
      ctx.inlines(node.nodes),
      node.data.title === undefined ? {} : { title: node.data.title },
    ),
  ],
  'inline-image': (node, ctx) => {
    const file = ctx.options.links.file(node.data.ref);
    const src = file === undefined ? undefined : safeUrl(file.url);
    if (src === undefined)
      return [h('span', { className: ['ds-unresolved'] }, node.data.alt ?? '')];
    return [
      h('img', {
        src,
        alt: node.data.alt ?? node.data.caption ?? '',
        className: node.data.size === 'line' ? ['ds-inline-image', 'ds-line'] : ['ds-inline-image'],
        loading: 'lazy',
      }),
    ];
  },
  emoji: (node) => [h('span', { className: ['ds-emoji'] }, emojiText(node.data.code))],
  icon: (node) => [
    h('span', {
      className: ['ds-icon'],
      dataIcon: node.data.icon,
      ariaHidden: 'true',
    }),
  ],
  expression: (node, ctx) => [expressionValue(ctx, node.data.expression)],
  'inline-math': (node) => [h('code', { className: ['ds-math'] }, node.data.formula)],
  annotation: (node, ctx) => {
    const id = ctx.nextId('fn');
    const body = node.fragments[0].nodes;
    ctx.footnotes.push({ id, body: ctx.blocks(body) });
    const number = String(ctx.footnotes.length);
    const annotated = node.nodes.flatMap(textToHast);
    return [
      ...(annotated.length === 0 ? [] : [h('span', { className: ['ds-annotated'] }, annotated)]),
      h('sup', { className: ['ds-footnote-ref'] }, [
        h('a', { href: `#${id}`, id: `${id}-ref`, ariaLabel: `Note ${number}` }, number),
      ]),
    ];
  },
  mention: (node, ctx) => {
    const title = ctx.options.links.title?.(node.data.ref) ?? node.data.text ?? '';
    return [
      linkTo(ctx, node.data.ref, [{ type: 'text', value: title }], { className: ['ds-mention'] }),
    ];
  },
  button: (node, ctx) => {
    const label: ElementContent[] = [{ type: 'text', value: node.data.label }];
    const className = [
      'ds-button',
      `ds-button-${node.data.kind === 'primary' ? 'primary' : 'secondary'}`,
    ];
    if (node.data.ref !== undefined) return [linkTo(ctx, node.data.ref, label, { className })];
    const search = ctx.options.searchHref;
    if (node.data.action?.action === 'search' && search !== undefined) {
      const query = node.data.action.query ?? '';
      return [h('a', { href: `${search}?q=${encodeURIComponent(query)}`, className }, label)];
    }
    return [h('span', { className }, label)];
  },
  // Inline HTML docsync does not model is shown as written, never run.
  html: (node) => [h('code', { className: ['ds-raw-html'] }, node.data.html)],
};

/** One text run or inline node as hast. */
function inlineToHast(node: InlineContent, ctx: HtmlContext): ElementContent[] {
  if (node.object === 'text') return textToHast(node);
  const handler = INLINE_HANDLERS[node.type] as InlineHandler<Inline> | undefined;
  if (handler === undefined) {
    ctx.diagnostics.push({
      message: `unknown inline \`${(node as { type: string }).type}\``,
      ruleId: 'html-unknown-inline',
    });
    return [];
  }
  return handler(node, ctx);
}

/**
 * Inline content (text runs and inline nodes) as hast. A run holding inline HTML is parsed and
 * sanitized as a whole, so tags around text (`<b>it</b>`) format it (see `inline-html.ts`).
 */
export function inlinesToHast(nodes: readonly InlineContent[], ctx: HtmlContext): ElementContent[] {
  const isHtml = (node: InlineContent) => node.object !== 'text' && node.type === 'html';
  if (!nodes.some(isHtml)) return nodes.flatMap((node) => inlineToHast(node, ctx));
  const pieces = nodes.map((node): InlinePiece =>
    node.object !== 'text' && node.type === 'html'
      ? { html: node.data.html }
      : { nodes: inlineToHast(node, ctx) },
  );
  return (
    inlineHtmlToHast(pieces) ??
    pieces.flatMap((piece, index) =>
      'nodes' in piece ? piece.nodes : inlineToHast(nodes[index] as InlineContent, ctx),
    )
  );
}
