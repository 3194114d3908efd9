import type { Element, ElementContent } from 'hast';
import type { Html, PhrasingContent } from 'mdast';
import { encodeHtml, parseHtmlTag, startTag, type HtmlTag } from './html-tag.js';

/** A start tag exactly as written, and what it says. */
export interface WrittenTag {
  /** The start tag's source (`<img src="a.png" alt="">`). */
  raw: string;
  tag: HtmlTag;
}

const startTagPattern = /^<[a-zA-Z][\w-]*(?:[^>"']|"[^"]*"|'[^']*')*>/;

/**
 * The start tag of a hast element as written in `source` (the HTML hast parsed, positions point
 * into it), with its attributes in order and decoded; `undefined` for an element the parser
 * implied (no start tag in the source).
 */
export function writtenTag(element: Element, source: string): WrittenTag | undefined {
  const offset = element.position?.start.offset;
  if (offset === undefined) return undefined;
  const raw = startTagPattern.exec(source.slice(offset))?.[0];
  const tag = raw === undefined ? undefined : parseHtmlTag(raw);
  return raw !== undefined && tag?.name === element.tagName && !tag.closing
    ? { raw, tag }
    : undefined;
}

/** Elements without content or end tag. */
const voidElements = new Set(['br', 'img', 'source', 'wbr', 'hr', 'input']);

/** Plain HTML elements that are mdast phrasing nodes. */
const markNodes: Record<string, 'strong' | 'emphasis' | 'delete'> = {
  strong: 'strong',
  b: 'strong',
  em: 'emphasis',
  i: 'emphasis',
  s: 'delete',
  del: 'delete',
};

/**
 * HTML phrasing content (a `<figcaption>` paragraph, a `<summary>`) as the mdast phrasing that
 * markdown would give for the same text: `<strong>`, `<em>`, `<s>`, `<code>`, `<a href>` and
 * `<br>` become their mdast nodes; other elements become `html` nodes for their start and end
 * tags around their content, as in a markdown paragraph, so that the inline HTML reader handles
 * them (`<mark>`, `<kbd>`, icons, images…). `undefined` when the HTML holds a comment or an
 * element the parser implied, which the caller cannot keep as written. `at`, the position of the
 * HTML in the markdown, is given to the `html` nodes so that diagnostics about them point there.
 */
export function htmlToPhrasing(
  nodes: readonly ElementContent[],
  source: string,
  at?: Html['position'],
): PhrasingContent[] | undefined {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      out.push({ type: 'text', value: node.value });
      continue;
    }
    if (node.type !== 'element') return undefined;
    const written = writtenTag(node, source);
    const children = htmlToPhrasing(node.children, source, at);
    if (!written || !children) return undefined;
    const { attributes } = written.tag;
    const mark = markNodes[node.tagName];
    if (mark && attributes.size === 0) {
      out.push({ type: mark, children });
    } else if (node.tagName === 'br' && attributes.size === 0) {
      out.push({ type: 'break' });
    } else if (
      node.tagName === 'code' &&
      attributes.size === 0 &&
      children.every((child) => child.type === 'text')
    ) {
      out.push({ type: 'inlineCode', value: children.map((child) => child.value).join('') });
    } else if (node.tagName === 'a' && attributes.size === 1 && attributes.has('href')) {
      out.push({ type: 'link', url: attributes.get('href') ?? '', children });
    } else {
      const position = at ? { position: at } : {};
      out.push({ type: 'html', value: written.raw, ...position }, ...children);
      if (!voidElements.has(node.tagName))
        out.push({ type: 'html', value: `</${node.tagName}>`, ...position });
    }
  }
  return out;
}

/**
 * mdast phrasing as HTML, the way GitBook writes text inside HTML blocks: text escaped with
 * {@link encodeHtml}, marks as `<strong>`, `<em>`, `<s>`, `<code>`, links as `<a href>`, hard
 * breaks as `<br>`, and `html` nodes as they are.
 */
export function phrasingToHtml(nodes: readonly PhrasingContent[]): string {
  return nodes.map(nodeToHtml).join('');
}

function nodeToHtml(node: PhrasingContent): string {
  switch (node.type) {
    case 'text':
      return encodeHtml(node.value);
    case 'strong':
      return `<strong>${phrasingToHtml(node.children)}</strong>`;
    case 'emphasis':
      return `<em>${phrasingToHtml(node.children)}</em>`;
    case 'delete':
      return `<s>${phrasingToHtml(node.children)}</s>`;
    case 'inlineCode':
      return `<code>${encodeHtml(node.value)}</code>`;
    case 'break':
      return '<br>';
    case 'link':
      return `${startTag('a', [
        ['href', node.url],
        ['title', node.title ?? undefined],
      ])}${phrasingToHtml(node.children)}</a>`;
    case 'image':
      return startTag('img', [
        ['src', node.url],
        ['alt', node.alt ?? ''],
      ]);
    case 'html':
      return node.value;
    case 'inlineMath':
      return `$$${encodeHtml(node.value)}$$`;
    default:
      // Footnote references and reference-style links have no HTML form here.
      return 'value' in node && typeof node.value === 'string' ? encodeHtml(node.value) : '';
  }
}
