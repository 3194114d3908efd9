import type { RootContent } from 'mdast';
import type { ContentRefBlock, Embed, FileBlock, ReusableContent } from '../../model/blocks.js';
import type { LiquidBlock, LiquidTag } from '../liquid/mdast.js';
import type { ParseContext } from '../parse-context.js';
import { verbatim } from '../render-context.js';
import {
  attribute,
  booleanAttribute,
  booleanString,
  onlyAttributes,
  tagBlock,
  tagLine,
} from './tag-nodes.js';
import type { ConstructHandlers } from './types.js';

/** The markdown between a block's tags (a caption), or `undefined` for a single tag. */
function caption(
  node: LiquidBlock | LiquidTag,
  context: ParseContext,
): { text: string | undefined } | undefined {
  if (node.type !== 'liquidBlock' || node.children.length === 0) return { text: undefined };
  const [only, ...rest] = node.children;
  // A caption is one paragraph; anything else is not a form GitBook writes.
  if (only?.type !== 'paragraph' || rest.length > 0) return undefined;
  return { text: context.sourceOf(only).replace(/\n+$/, '') };
}

/**
 * The `url` attribute of a tag as written, when it escapes a `#` (`\\#`) and otherwise reads as
 * `url`; today's exporter writes the `#` bare.
 */
function writtenUrl(node: LiquidBlock | LiquidTag, url: string): string | undefined {
  const written = /\burl="([^"]*)"/.exec(node.type === 'liquidTag' ? node.raw : node.rawOpen)?.[1];
  return written !== undefined && written !== url && written.replace(/\\#/g, '#') === url
    ? written
    : undefined;
}

function withCaption(
  name: string,
  attributes: [string, string | undefined][],
  text: string | undefined,
): RootContent {
  return text === undefined
    ? tagLine(name, attributes)
    : tagBlock(name, attributes, [verbatim(text)]);
}

/** The single link a content-ref body holds: `[label](url)`. */
function contentRefLabel(node: LiquidBlock | LiquidTag): string | undefined {
  if (node.type !== 'liquidBlock') return undefined;
  const [paragraph, ...rest] = node.children;
  if (paragraph?.type !== 'paragraph' || rest.length > 0 || paragraph.children.length !== 1)
    return undefined;
  const link = paragraph.children[0];
  if (link?.type !== 'link' || link.children.length > 1) return undefined;
  const text = link.children[0];
  if (text === undefined) return '';
  return text.type === 'text' ? text.value : undefined;
}

function basename(url: string): string {
  const path = url.replace(/[?#].*$/, '').replace(/\/$/, '');
  return path === '' || path === '.' ? '.' : (path.split('/').pop() ?? path);
}

/** Embeds, files, includes, content references (and the legacy `{% page-ref %}`). */
export const references: ConstructHandlers = {
  tags: {
    embed: (node, context) => {
      const url = attribute(node, 'url');
      if (url === undefined || !onlyAttributes(node, ['url', 'fullWidth'])) return undefined;
      const fullWidth = booleanAttribute(node, 'fullWidth');
      const read = caption(node, context);
      if (!read) return undefined;
      const text = read.text;
      const urlSource = writtenUrl(node, url);
      const block: Embed = {
        object: 'block',
        type: 'embed',
        isVoid: true,
        data: {
          url,
          ...(fullWidth === undefined ? {} : { fullWidth }),
          ...(text === undefined ? {} : { caption: text }),
          ...(urlSource === undefined ? {} : { urlSource }),
        },
      };
      return [block];
    },
    file: (node, context) => {
      const src = attribute(node, 'src');
      if (src === undefined || !onlyAttributes(node, ['src', 'caption'])) return undefined;
      const read = caption(node, context);
      if (!read) return undefined;
      const text = read.text ?? attribute(node, 'caption');
      const block: FileBlock = {
        object: 'block',
        type: 'file',
        isVoid: true,
        data: { ref: { kind: 'url', url: src }, ...(text === undefined ? {} : { caption: text }) },
      };
      return [block];
    },
    include: (node) => {
      const [target, ...rest] = node.tag?.args ?? [];
      if (
        node.type !== 'liquidTag' ||
        !target ||
        target.key !== undefined ||
        rest.length > 0 ||
        !target.quoted
      )
        return undefined;
      const block: ReusableContent = {
        object: 'block',
        type: 'reusable-content',
        isVoid: true,
        data: { ref: { kind: 'reusable-content', reusableContent: target.value } },
      };
      return [block];
    },
    'content-ref': (node) => {
      const url = attribute(node, 'url');
      const label = contentRefLabel(node);
      if (url === undefined || label === undefined || !onlyAttributes(node, ['url']))
        return undefined;
      const block: ContentRefBlock = {
        object: 'block',
        type: 'content-ref',
        isVoid: true,
        data: { ref: { kind: 'url', url }, ...(label === basename(url) ? {} : { label }) },
      };
      return [block];
    },
    'page-ref': (node, context) => {
      const page = attribute(node, 'page');
      if (page === undefined || node.type !== 'liquidTag' || !onlyAttributes(node, ['page']))
        return undefined;
      context.report(
        node,
        'legacy-page-ref',
        '`{% page-ref %}` is written back as `{% content-ref %}`',
        'info',
      );
      const block: ContentRefBlock = {
        object: 'block',
        type: 'content-ref',
        isVoid: true,
        data: { ref: { kind: 'url', url: page } },
      };
      return [block];
    },
  },
  blocks: {
    embed: (block) => {
      const { url, urlSource } = block.data;
      const node = withCaption(
        'embed',
        [
          ['url', url],
          ['fullWidth', booleanString(block.data.fullWidth)],
        ],
        block.data.caption,
      ) as LiquidTag | LiquidBlock;
      if (urlSource?.replace(/\\#/g, '#') === url) {
        // The attribute as written (the tag writer would escape its backslashes).
        const patch = (raw: string) => raw.replace(`url="${url}"`, () => `url="${urlSource}"`);
        if (node.type === 'liquidTag') node.raw = patch(node.raw);
        else node.rawOpen = patch(node.rawOpen);
      }
      return [node];
    },
    file: (block) => [
      withCaption(
        'file',
        [['src', block.data.ref.kind === 'url' ? block.data.ref.url : block.data.ref.file]],
        block.data.caption,
      ),
    ],
    'reusable-content': (block) => [
      tagLine('include', [[undefined, block.data.ref.reusableContent]]),
    ],
    'content-ref': (block) => {
      const url = block.data.ref.kind === 'url' ? block.data.ref.url : '';
      const label = block.data.label ?? basename(url);
      return [
        tagBlock(
          'content-ref',
          [['url', url]],
          [
            {
              type: 'paragraph',
              children: [
                {
                  type: 'link',
                  url,
                  children: label === '' ? [] : [{ type: 'text', value: label }],
                },
              ],
            },
          ],
        ),
      ];
    },
  },
};
