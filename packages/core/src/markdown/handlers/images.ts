import type { Element } from 'hast';
import type { Html, PhrasingContent } from 'mdast';
import type { FileOrUrlRef } from '../../model/content-ref.js';
import type { Drawing, Image, Images, Length, Paragraph } from '../../model/blocks.js';
import { startTag } from '../html-tag.js';
import { htmlToPhrasing, phrasingToHtml, writtenTag } from '../html-phrasing.js';
import { emptyText } from '../inline-builder.js';
import type { ParseContext } from '../parse-context.js';
import { verbatim, type RenderContext } from '../render-context.js';
import { booleanString } from './tag-nodes.js';
import type { ConstructHandlers, FromHtml } from './types.js';

/** The `media` of the `<source>` GitBook writes for the dark-mode variant of an image. */
const darkMedia = '(prefers-color-scheme: dark)';

/** A figure as read, before its caption is converted (so a failed read reports nothing). */
interface FigureShape {
  data: Image['data'];
  /** Caption paragraphs as mdast phrasing; `undefined` without `<figcaption>`. */
  caption: PhrasingContent[][] | undefined;
}

/** `375` → 375, `50%` → `{unit: '%', value: 50}`, `20px` → `{unit: 'px', value: 20}`. */
function parseLength(value: string): Length | undefined {
  const match = /^(\d+(?:\.\d+)?)(%|px)?$/.exec(value.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = match[2];
  return unit === '%' || unit === 'px' ? { unit, value: number } : number;
}

function lengthString(length: Length | undefined): string | undefined {
  if (length === undefined) return undefined;
  return typeof length === 'number' ? String(length) : `${length.value}${length.unit}`;
}

function refUrl(ref: FileOrUrlRef): string {
  return ref.kind === 'url' ? ref.url : ref.file;
}

/** The element children of an element, when everything else in it is whitespace. */
function elementsOf(element: Element): Element[] | undefined {
  const elements: Element[] = [];
  for (const child of element.children) {
    if (child.type === 'element') elements.push(child);
    else if (child.type !== 'text' || child.value.trim() !== '') return undefined;
  }
  return elements;
}

/** The attributes of an element as written, when they are only the allowed ones. */
function attributesOf(
  element: Element,
  html: Html,
  allowed: readonly string[],
): Map<string, string> | undefined {
  const attributes = writtenTag(element, html.value)?.tag.attributes;
  if (!attributes || [...attributes.keys()].some((name) => !allowed.includes(name)))
    return undefined;
  return attributes;
}

/** `<img src alt width height>` inside a figure. */
function readImg(element: Element | undefined, html: Html): Image['data'] | undefined {
  if (element?.tagName !== 'img') return undefined;
  const attributes = attributesOf(element, html, ['src', 'alt', 'width', 'height']);
  const src = attributes?.get('src');
  if (!attributes || src === undefined) return undefined;
  const alt = attributes.get('alt');
  const width = attributes.get('width');
  const height = attributes.get('height');
  const widthLength = width === undefined ? undefined : parseLength(width);
  const heightLength = height === undefined ? undefined : parseLength(height);
  if (
    (width !== undefined && widthLength === undefined) ||
    (height !== undefined && heightLength === undefined)
  )
    return undefined;
  return {
    ref: { kind: 'url', url: src },
    ...(alt === undefined ? {} : { alt }),
    ...(widthLength === undefined ? {} : { width: widthLength }),
    ...(heightLength === undefined ? {} : { height: heightLength }),
  };
}

/** `<picture><source srcset="dark" media="(prefers-color-scheme: dark)"><img …></picture>`. */
function readPicture(element: Element, html: Html): Image['data'] | undefined {
  const children = elementsOf(element);
  if (!children || children.length !== 2 || !attributesOf(element, html, [])) return undefined;
  const [darkSource, img] = children as [Element, Element];
  const attributes =
    darkSource.tagName === 'source'
      ? attributesOf(darkSource, html, ['srcset', 'media'])
      : undefined;
  const srcset = attributes?.get('srcset');
  const data = readImg(img, html);
  if (!data || srcset === undefined || attributes?.get('media') !== darkMedia) return undefined;
  return { ...data, refDark: { kind: 'url', url: srcset } };
}

/**
 * `<figcaption>`: `<p>` paragraphs, or bare phrasing read as one paragraph. An empty figcaption is
 * one empty paragraph, as the editor holds an image without caption text.
 */
function readCaption(element: Element, html: Html): PhrasingContent[][] | undefined {
  if (!attributesOf(element, html, [])) return undefined;
  const contents = element.children.filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  );
  if (contents.length === 0) return [[]];
  if (!contents.every((child) => child.type === 'element' && child.tagName === 'p')) {
    const phrasing = htmlToPhrasing(element.children, html.value, html.position);
    return phrasing && [phrasing];
  }
  const paragraphs: PhrasingContent[][] = [];
  for (const p of contents as Element[]) {
    const phrasing = attributesOf(p, html, [])
      ? htmlToPhrasing(p.children, html.value, html.position)
      : undefined;
    if (!phrasing) return undefined;
    paragraphs.push(phrasing);
  }
  return paragraphs;
}

/** `<figure>` with an `<img>` or a light/dark `<picture>`, and an optional `<figcaption>`. */
function readFigure(element: Element, html: Html): FigureShape | undefined {
  if (element.tagName !== 'figure' || !attributesOf(element, html, [])) return undefined;
  const children = elementsOf(element);
  if (!children || children.length === 0 || children.length > 2) return undefined;
  const [media, figcaption] = children as [Element, Element | undefined];
  const data = media.tagName === 'picture' ? readPicture(media, html) : readImg(media, html);
  if (!data) return undefined;
  if (figcaption === undefined) return { data, caption: undefined };
  const caption = figcaption.tagName === 'figcaption' ? readCaption(figcaption, html) : undefined;
  return caption ? { data, caption } : undefined;
}

function captionParagraph(phrasing: PhrasingContent[], context: ParseContext): Paragraph {
  const nodes = context.inlines(phrasing);
  return {
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: nodes.length ? nodes : [emptyText()],
  };
}

function imageBlock(shape: FigureShape, context: ParseContext): Image {
  return {
    object: 'block',
    type: 'image',
    isVoid: true,
    data: shape.data,
    fragments:
      shape.caption === undefined
        ? []
        : [
            {
              object: 'fragment',
              type: 'caption',
              fragment: 'caption',
              nodes: shape.caption.map((phrasing) => captionParagraph(phrasing, context)),
            },
          ],
  };
}

function imagesBlock(
  shapes: readonly FigureShape[],
  data: Images['data'],
  context: ParseContext,
): Images {
  return {
    object: 'block',
    type: 'images',
    data,
    nodes: shapes.map((shape) => imageBlock(shape, context)),
  };
}

const readFigureBlock: FromHtml = (element, node, context) => {
  const shape = readFigure(element, node);
  return shape ? [imagesBlock([shape], {}, context)] : undefined;
};

/** `"true"`/`"false"` as a boolean; `undefined` when absent, `null` when something else. */
function readBoolean(value: string | undefined): boolean | undefined | null {
  if (value === undefined) return undefined;
  return value === 'true' ? true : value === 'false' ? false : null;
}

/**
 * `<div align="…" data-full-width="…" data-with-frame="…">` around one figure, or a gallery:
 * `<div><figure>…</figure> <figure>…</figure></div>`.
 */
const readDivBlock: FromHtml = (element, node, context) => {
  const attributes = attributesOf(element, node, ['align', 'data-full-width', 'data-with-frame']);
  const figures = elementsOf(element);
  if (!attributes || !figures || figures.length === 0) return undefined;
  const align = attributes.get('align');
  const fullWidth = readBoolean(attributes.get('data-full-width'));
  const withFrame = readBoolean(attributes.get('data-with-frame'));
  if (fullWidth === null || withFrame === null) return undefined;
  if (align !== undefined && align !== 'left' && align !== 'center' && align !== 'right')
    return undefined;
  const shapes: FigureShape[] = [];
  for (const figure of figures) {
    const shape = readFigure(figure, node);
    if (!shape) return undefined;
    shapes.push(shape);
  }
  const data: Images['data'] = {
    ...(align === undefined ? {} : { align }),
    ...(fullWidth === undefined ? {} : { fullWidth }),
    ...(withFrame === undefined ? {} : { withFrame }),
  };
  return [imagesBlock(shapes, data, context)];
};

/** `<img src="….drawing.svg" alt="…" class="gitbook-drawing">` alone: a drawing. */
const readDrawingBlock: FromHtml = (element, node) => {
  const attributes = attributesOf(element, node, ['src', 'alt', 'class']);
  if (attributes?.get('class') !== 'gitbook-drawing') return undefined;
  const src = attributes.get('src');
  const alt = attributes.get('alt');
  const block: Drawing = {
    object: 'block',
    type: 'drawing',
    isVoid: true,
    data: {
      ...(src === undefined ? {} : { ref: { kind: 'url', url: src } }),
      ...(alt === undefined ? {} : { alt }),
    },
  };
  return [block];
};

function captionHtml(image: Image, context: RenderContext): string {
  const [caption] = image.fragments;
  if (!caption) return '';
  const [first, ...rest] = caption.nodes;
  const empty =
    first === undefined ||
    (rest.length === 0 &&
      first.nodes.every(
        (node) => node.object === 'text' && node.leaves.every((leaf) => leaf.text === ''),
      ));
  if (empty) return '<figcaption></figcaption>';
  const paragraphs = caption.nodes.map(
    (paragraph) => `<p>${phrasingToHtml(context.phrasing(paragraph.nodes))}</p>`,
  );
  return `<figcaption>${paragraphs.join('')}</figcaption>`;
}

/** One image as GitBook writes it: `<figure><img …><figcaption>…</figcaption></figure>`. */
function figureHtml(image: Image, context: RenderContext): string {
  const { ref, refDark, alt, width, height } = image.data;
  const img = startTag('img', [
    ['src', refUrl(ref)],
    ['alt', alt ?? ''],
    ['width', lengthString(width)],
    ['height', lengthString(height)],
  ]);
  const media = refDark
    ? `<picture>${startTag('source', [
        ['srcset', refUrl(refDark)],
        ['media', darkMedia],
      ])}${img}</picture>`
    : img;
  return `<figure>${media}${captionHtml(image, context)}</figure>`;
}

/**
 * Block images (B7): `<figure>` with `<img>` or a light/dark `<picture>` and a `<figcaption>`;
 * `<div align|data-full-width|data-with-frame>` around it; galleries of figures in one `<div>`;
 * and drawings (`<img class="gitbook-drawing">`). A figure is always one line.
 */
export const images: ConstructHandlers = {
  html: { figure: readFigureBlock, div: readDivBlock, img: readDrawingBlock },
  blocks: {
    images: (block, context) => {
      const figures = block.nodes.map((image) => figureHtml(image, context)).join(' ');
      const { align, fullWidth, withFrame } = block.data;
      const wrapped =
        block.nodes.length !== 1 ||
        align !== undefined ||
        fullWidth !== undefined ||
        withFrame !== undefined;
      if (!wrapped) return [verbatim(figures)];
      const div = startTag('div', [
        ['align', align],
        ['data-full-width', booleanString(fullWidth)],
        ['data-with-frame', booleanString(withFrame)],
      ]);
      return [verbatim(`${div}${figures}</div>`)];
    },
    drawing: (block) => [
      verbatim(
        startTag('img', [
          ['src', block.data.ref ? refUrl(block.data.ref) : undefined],
          ['alt', block.data.alt ?? ''],
          ['class', 'gitbook-drawing'],
        ]),
      ),
    ],
  },
};
