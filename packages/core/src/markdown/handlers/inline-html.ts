import type { Html, PhrasingContent } from 'mdast';
import type { Color, Mark } from '../../model/text.js';
import type { InlineContent } from '../../model/inlines.js';
import { withMark, type InlineBuilder } from '../inline-builder.js';
import { parseHtmlTag, type HtmlTag } from '../html-tag.js';
import { holdsUnmarkable } from '../holds-unmarkable.js';
import type { ParseContext } from '../parse-context.js';

/** HTML elements that are text marks. */
const markElements: Record<string, Mark['type']> = {
  kbd: 'keyboard',
  sup: 'superscript',
  sub: 'subscript',
};

/** Reads `color:red;background-color:$info;` into a color mark. */
export function colorMarkFromStyle(style: string): Mark | undefined {
  const data: { text?: Color; background?: Color } = {};
  for (const declaration of style.split(';')) {
    const [property, value] = declaration.split(':').map((part) => part.trim());
    if (!value) continue;
    if (property === 'color') data.text = value as Color;
    else if (property === 'background-color') data.background = value as Color;
    else return undefined;
  }
  return data.text || data.background ? { object: 'mark', type: 'color', data } : undefined;
}

/**
 * For each list of sibling nodes, the end tag closing each start tag (index → index): start and
 * end tags of one name pair as brackets do, found in one pass over the siblings, so a page of
 * unclosed tags is read in linear time (looking for each one's end tag was quadratic).
 */
const closingTags = new WeakMap<readonly PhrasingContent[], Map<number, number>>();

/** Index of the `</name>` that closes the tag at `open`, or -1. */
function findClose(nodes: readonly PhrasingContent[], open: number): number {
  let pairs = closingTags.get(nodes);
  if (pairs === undefined) {
    pairs = new Map();
    const openTags = new Map<string, number[]>();
    nodes.forEach((node, index) => {
      const tag = node.type === 'html' ? parseHtmlTag(node.value) : undefined;
      if (tag === undefined) return;
      const stack = openTags.get(tag.name) ?? [];
      openTags.set(tag.name, stack);
      if (!tag.closing) stack.push(index);
      else {
        const start = stack.pop();
        if (start !== undefined) pairs?.set(start, index);
      }
    });
    closingTags.set(nodes, pairs);
  }
  return pairs.get(open) ?? -1;
}

/**
 * Styling elements (`<sup>`, `<mark style>`…) found to hold what a mark cannot sit on, by start
 * tag, with the end tag they were paired with. Whether content can be styled does not depend on
 * the marks around it, so each is tried once: trying again at every level of nested elements
 * around it took time exponential in their depth.
 */
const unstylable = new WeakMap<PhrasingContent, PhrasingContent>();

/**
 * Styling elements nested deeper than this are kept as raw HTML, the outermost with all it holds
 * (the reader recurses once per level).
 */
export const MAX_STYLING_DEPTH = 32;
let stylingDepth = 0;
/** Thrown from past {@link MAX_STYLING_DEPTH} to the outermost styling element being read. */
const nestedTooDeep = new Error('styling elements nest too deep');

/**
 * Adds the content of a styling element (`<mark>`, `<kbd>`, `<sup>`, `<sub>`) under its mark;
 * false, adding nothing, when the content holds what a mark cannot sit on (an icon, raw HTML…):
 * the element is then kept as the raw HTML it is, around its content, so the style is not lost.
 */
function styled(
  nodes: readonly PhrasingContent[],
  [open, close]: readonly [number, number],
  marks: readonly Mark[],
  context: ParseContext,
  builder: InlineBuilder,
): boolean {
  const start = nodes[open] as PhrasingContent;
  const end = nodes[close] as PhrasingContent;
  if (unstylable.get(start) === end) return false;
  if (stylingDepth >= MAX_STYLING_DEPTH) throw nestedTooDeep;
  const before = context.diagnostics.length;
  let inlines: InlineContent[];
  stylingDepth++;
  try {
    inlines = context.inlines(nodes.slice(open + 1, close), marks);
  } catch (error) {
    if (error !== nestedTooDeep || stylingDepth > 1) throw error;
    // The outermost: it and every element in it stay HTML, each read once from here on.
    context.diagnostics.length = before;
    for (let index = open; index < close; index++) {
      const closing = findClose(nodes, index);
      if (closing >= 0) unstylable.set(nodes[index] as PhrasingContent, nodes[closing] as never);
    }
    context.report(
      start,
      'too-deep',
      `styling elements nest more than ${String(MAX_STYLING_DEPTH)} deep here; kept as HTML`,
    );
    return false;
  } finally {
    stylingDepth--;
  }
  if (holdsUnmarkable(inlines)) {
    context.diagnostics.length = before;
    unstylable.set(start, end);
    return false;
  }
  builder.push(...inlines);
  return true;
}

/** The text of `nodes[start…end)`, or `undefined` when it holds anything but text. */
function plainText(
  nodes: readonly PhrasingContent[],
  start: number,
  end: number,
): string | undefined {
  let text = '';
  for (let index = start; index < end; index++) {
    const node = nodes[index];
    if (node?.type !== 'text') return undefined;
    text += node.value;
  }
  return text;
}

/**
 * Reads the inline HTML GitBook writes (colour, keyboard, sup/sub, inline images, icons,
 * expressions, buttons, mentions, emoji) starting at `nodes[index]`. Returns how many sibling
 * nodes it consumed, or 0 when the HTML is not one of those forms.
 */
export function parseInlineHtml(
  nodes: readonly PhrasingContent[],
  index: number,
  marks: readonly Mark[],
  context: ParseContext,
  builder: InlineBuilder,
): number {
  const node = nodes[index] as Html;
  const tag = parseHtmlTag(node.value);
  if (!tag || tag.closing) return 0;
  if (tag.name === 'img') return inlineImage(tag, builder) ? 1 : 0;

  const close = findClose(nodes, index);
  if (close < 0) return 0;
  const consumed = close - index + 1;
  if (tag.name === 'picture') {
    // A picture holds two elements; three are enough to see that it holds more.
    const inner = nodes.slice(index + 1, Math.min(close, index + 4));
    return inlinePicture(tag, inner, builder) ? consumed : 0;
  }

  const markType = markElements[tag.name];
  if (markType && tag.attributes.size === 0) {
    const mark = { object: 'mark', type: markType } as Mark;
    return styled(nodes, [index, close], withMark(marks, mark), context, builder) ? consumed : 0;
  }
  if (tag.name === 'mark') {
    const mark = colorMarkFromStyle(tag.attributes.get('style') ?? '');
    if (!mark || tag.attributes.size !== 1) return 0;
    return styled(nodes, [index, close], withMark(marks, mark), context, builder) ? consumed : 0;
  }
  const label = plainText(nodes, index + 1, close);
  if (label === undefined) return 0;
  const className = tag.attributes.get('class') ?? '';

  if (tag.name === 'i' && /^fa-[\w-]+$/.test(className) && tag.attributes.size === 1) {
    const icon = className.slice(3);
    if (label !== '' && label !== `:${icon}:`) return 0;
    builder.push({ object: 'inline', type: 'icon', isVoid: true, data: { icon } });
    return consumed;
  }
  if (tag.name === 'code' && className === 'expression' && tag.attributes.size === 1) {
    builder.push({
      object: 'inline',
      type: 'expression',
      isVoid: true,
      data: { expression: label },
    });
    return consumed;
  }
  if (tag.name === 'span' && tag.attributes.get('data-tag') === 'emoji') {
    const code = tag.attributes.get('data-code');
    if (!code) return 0;
    builder.push({ object: 'inline', type: 'emoji', isVoid: true, data: { code } });
    return consumed;
  }
  if (tag.name === 'a' && tag.attributes.has('data-mention')) {
    const href = tag.attributes.get('href') ?? '';
    builder.push({
      object: 'inline',
      type: 'mention',
      isVoid: true,
      data: { ref: { kind: 'url', url: href }, text: label, html: true },
    });
    return consumed;
  }
  const button = /^button (primary|secondary)$/.exec(className);
  if (button && (tag.name === 'a' || tag.name === 'button')) {
    const kind = button[1] as 'primary' | 'secondary';
    const href = tag.attributes.get('href');
    const icon = tag.attributes.get('data-icon');
    const action = tag.attributes.get('data-action');
    const query = tag.attributes.get('data-query');
    builder.push({
      object: 'inline',
      type: 'button',
      isVoid: true,
      data: {
        label,
        kind,
        ...(icon === undefined ? {} : { icon }),
        ...(href === undefined ? {} : { ref: { kind: 'url' as const, url: href } }),
        ...(tag.name === 'button' && action !== undefined
          ? {
              action: {
                action: action as 'search' | 'ask',
                ...(query === undefined ? {} : { query }),
              },
            }
          : {}),
      },
    });
    return consumed;
  }
  return 0;
}

/** `<picture><source srcset="dark.svg" media="(prefers-color-scheme: dark)"><img …></picture>`. */
function inlinePicture(
  tag: HtmlTag,
  inner: readonly PhrasingContent[],
  builder: InlineBuilder,
): boolean {
  const [source, img, ...rest] = inner;
  if (tag.attributes.size !== 0 || rest.length > 0) return false;
  const sourceTag = source?.type === 'html' ? parseHtmlTag(source.value) : undefined;
  const imgTag = img?.type === 'html' ? parseHtmlTag(img.value) : undefined;
  const srcset = sourceTag?.attributes.get('srcset');
  if (
    sourceTag?.name !== 'source' ||
    sourceTag.closing ||
    sourceTag.attributes.size !== 2 ||
    sourceTag.attributes.get('media') !== '(prefers-color-scheme: dark)' ||
    srcset === undefined ||
    imgTag?.name !== 'img' ||
    imgTag.closing
  )
    return false;
  return inlineImage(imgTag, builder, srcset);
}

function inlineImage(tag: HtmlTag, builder: InlineBuilder, darkSrc?: string): boolean {
  const src = tag.attributes.get('src');
  if (src === undefined) return false;
  const known = new Set(['src', 'alt', 'data-size']);
  if ([...tag.attributes.keys()].some((key) => !known.has(key))) return false;
  const size = tag.attributes.get('data-size');
  const alt = tag.attributes.get('alt');
  builder.push({
    object: 'inline',
    type: 'inline-image',
    isVoid: true,
    data: {
      ref: { kind: 'url', url: src },
      ...(darkSrc === undefined ? {} : { refDark: { kind: 'url' as const, url: darkSrc } }),
      ...(alt === undefined ? {} : { alt }),
      ...(size === 'line' || size === 'original' ? { size } : {}),
    },
  });
  return true;
}
