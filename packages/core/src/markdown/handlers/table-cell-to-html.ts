import type { Block, Heading, ListItem } from '../../model/blocks.js';
import type { InlineContent, LinkInline } from '../../model/inlines.js';
import { encodeHtml, startTag } from '../html-tag.js';
import { phrasingToHtml } from '../html-phrasing.js';
import type { RenderContext } from '../render-context.js';
import { richCodeHtml } from './code-html.js';

const headingElements: Record<Heading['type'], string> = {
  'heading-1': 'h2',
  'heading-2': 'h3',
  'heading-3': 'h4',
};

/**
 * Inlines in the forms GitBook writes inside HTML: mentions as `<a data-mention>`, images as
 * `<img>`, emoji as `<span data-gb-custom-inline data-tag="emoji">` (B20), icons with their
 * colour as `style`.
 */
function htmlForms(nodes: readonly InlineContent[]): InlineContent[] {
  return nodes.map((node): InlineContent => {
    if (node.object === 'text') return node;
    switch (node.type) {
      case 'mention':
        return { ...node, data: { ...node.data, html: true } };
      case 'inline-image': {
        const data = { ...node.data };
        delete data.markdown;
        return { ...node, data };
      }
      case 'link':
        return { ...node, nodes: htmlForms(node.nodes) as LinkInline['nodes'] };
      case 'emoji': {
        const text = String.fromCodePoint(
          ...node.data.code.split('-').map((part) => parseInt(part, 16)),
        );
        const html = `${startTag('span', [
          ['data-gb-custom-inline', true],
          ['data-tag', 'emoji'],
          ['data-code', node.data.code],
        ])}${text}</span>`;
        return { object: 'inline', type: 'html', isVoid: true, data: { html } };
      }
      case 'icon': {
        if (node.data.color === undefined) return node;
        const { icon, color } = node.data;
        const html = `${startTag('i', [
          ['class', `fa-${icon}`],
          ['style', `color:${color};`],
        ])}:${icon}:</i>`;
        return { object: 'inline', type: 'html', isVoid: true, data: { html } };
      }
      default:
        return node;
    }
  });
}

/** Inline content as HTML: `<strong>`, `<code>`, `<br>` for hard breaks, `&#x26;` for `&`. */
function inlinesToHtml(nodes: readonly InlineContent[], context: RenderContext): string {
  return phrasingToHtml(context.phrasing(htmlForms(nodes)));
}

/** A list item's content: a lone paragraph is written bare (`<li>text</li>`). */
function itemHtml(item: ListItem, context: RenderContext): string {
  return `<li>${cellHtml(item.nodes, context)}</li>`;
}

function blockHtml(block: Block, context: RenderContext): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${inlinesToHtml(block.nodes, context)}</p>`;
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const name = headingElements[block.type];
      return `${startTag(name, [['id', block.data.id]])}${inlinesToHtml(block.nodes, context)}</${name}>`;
    }
    case 'hint': {
      const { style } = block.data;
      const div = startTag('div', [
        ['data-gb-custom-block', true],
        ['data-tag', 'hint'],
        ['data-style', style],
        ['class', `hint hint-${style}`],
      ]);
      return `${div}${block.nodes.map((child) => blockHtml(child, context)).join('')}</div>`;
    }
    case 'list-unordered':
      return `<ul>${block.nodes.map((item) => itemHtml(item, context)).join('')}</ul>`;
    case 'list-ordered': {
      const start = block.data.start;
      const open = startTag('ol', [
        ['start', start === undefined || start === 1 ? undefined : String(start)],
      ]);
      return `${open}${block.nodes.map((item) => itemHtml(item, context)).join('')}</ol>`;
    }
    case 'blockquote':
      return `<blockquote>${block.nodes.map((child) => blockHtml(child, context)).join('')}</blockquote>`;
    case 'divider':
      return '<hr>';
    case 'code':
      return richCodeHtml(block);
    default: {
      // Images, drawings… are written as HTML outside tables too: reuse their writers. In a
      // cell GitBook wraps even a lone figure in a `<div>` (`<td><div><figure>…`).
      const [node, ...rest] = context.blocks([block]);
      if (node?.type === 'html' && rest.length === 0)
        return block.type === 'images' && !node.value.startsWith('<div')
          ? `<div>${node.value}</div>`
          : node.value;
      return `<!-- docsync: no HTML form for a \`${block.type}\` block in a table cell -->`;
    }
  }
}

/**
 * The HTML of a cell's blocks as GitBook writes it: a lone paragraph bare (`<td>text</td>`),
 * anything else block by block (`<p>…</p><div … class="hint hint-info">…</div>`).
 */
export function cellHtml(blocks: readonly Block[], context: RenderContext): string {
  const [only, ...rest] = blocks;
  if (only === undefined) return '';
  if (rest.length === 0 && only.type === 'paragraph') return inlinesToHtml(only.nodes, context);
  return blocks.map((block) => blockHtml(block, context)).join('');
}

/**
 * The text GitBook writes for a link in a file, image or page-reference cell: an absolute URL or
 * one with an anchor as it is, a path as its last segment (`../a/b.md` → `b.md`, `x/` → `x`).
 */
export function linkLabel(href: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.includes('#')) return href;
  const path = href.replace(/\?.*$/, '').replace(/\/+$/, '');
  return path.split('/').pop() || href;
}

/** `<a href="…">label</a>` for a file, image or page-reference cell. */
export function linkHtml(href: string): string {
  return `${startTag('a', [['href', href]])}${encodeHtml(linkLabel(href))}</a>`;
}
