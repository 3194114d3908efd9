import type { ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';

/**
 * What inline HTML of a page may keep: phrasing elements that format text, and a title on
 * abbreviations. No links, images or attributes that load or run anything; elements not listed
 * are replaced by their content, and the content of `script`, `style` and the like is dropped.
 */
const INLINE_HTML_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'kbd',
    'code',
    'samp',
    'var',
    'small',
    'abbr',
    'dfn',
    'cite',
    'q',
    'br',
    'span',
  ],
  attributes: { abbr: ['title'], dfn: ['title'] },
  protocols: {},
  required: {},
  ancestors: {},
  clobber: [],
  strip: ['script', 'style', 'template', 'textarea', 'title', 'noscript', 'iframe', 'object'],
};

/** A piece of a run of inline content: raw inline HTML, or content already rendered. */
export type InlinePiece = { html: string } | { nodes: ElementContent[] };

/** Marks where rendered content goes in the HTML text (private-use characters). */
const SLOT = /\uE000(\d+)\uE001/g;

/**
 * A run of inline content holding raw inline HTML (`Then restart <b>it</b>.`: the tags are
 * pieces of their own, the text between them rendered content), as hast: the HTML is parsed
 * with the rendered content in its place, then sanitized ({@link INLINE_HTML_SCHEMA}), so
 * `<b>it</b>` reads as bold and `<script>` as nothing. Undefined when the run cannot be put
 * back together that way (content landing inside a tag): the caller shows the HTML as written.
 */
export function inlineHtmlToHast(pieces: readonly InlinePiece[]): ElementContent[] | undefined {
  const slots: ElementContent[][] = [];
  let source = '';
  for (const piece of pieces) {
    if ('html' in piece) {
      if (/[\uE000\uE001]/.test(piece.html)) return undefined;
      source += piece.html;
    } else {
      source += `\uE000${String(slots.length)}\uE001`;
      slots.push(piece.nodes);
    }
  }
  const tree = sanitize(fromHtml(source, { fragment: true }), INLINE_HTML_SCHEMA) as Root;
  const used = new Set<number>();
  // Slots used twice, or rendered content that landed in an attribute: the run is not intact.
  const broken = { found: false };
  const fill = (nodes: readonly RootContent[]): ElementContent[] =>
    nodes.flatMap((node): ElementContent[] => {
      if (node.type === 'text') {
        const out: ElementContent[] = [];
        let last = 0;
        for (const match of node.value.matchAll(SLOT)) {
          const index = Number(match[1]);
          if (match.index > last)
            out.push({ type: 'text', value: node.value.slice(last, match.index) });
          if (used.has(index)) broken.found = true;
          used.add(index);
          out.push(...(slots[index] ?? []));
          last = match.index + match[0].length;
        }
        if (last < node.value.length) out.push({ type: 'text', value: node.value.slice(last) });
        return out;
      }
      if (node.type === 'element') {
        if (JSON.stringify(node.properties).includes('\uE000')) broken.found = true;
        return [{ ...node, children: fill(node.children) }];
      }
      return [];
    });
  const result = fill(tree.children);
  return !broken.found && used.size === slots.length ? result : undefined;
}
