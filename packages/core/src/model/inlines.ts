import type { ContentRef, FileOrUrlRef } from './content-ref.js';
import type { Color, Text } from './text.js';
import type { Block } from './blocks.js';

interface InlineBase<T extends string, D> {
  object: 'inline';
  type: T;
  key?: string;
  data: D;
}

/** A link; its children are text and inline images. */
export interface LinkInline extends InlineBase<
  'link',
  {
    ref: ContentRef;
    /** docsync: a markdown link title. */
    title?: string;
    /**
     * docsync: the destination as written (`pg\_dump.md`) when it escapes more than the
     * exporter would; written back while it still reads as the destination written for `ref`.
     */
    urlSource?: string;
  }
> {
  isVoid?: false;
  nodes: (Text | InlineImage)[];
}

/** An image inside text; `size: line` is text height, `original` its own size. */
export interface InlineImage extends InlineBase<
  'inline-image',
  {
    ref: FileOrUrlRef;
    refDark?: FileOrUrlRef;
    caption?: string;
    alt?: string;
    size?: 'original' | 'line';
    /** docsync: written as markdown `![alt](src)` rather than `<img>`. */
    markdown?: boolean;
    /** docsync: the markdown image's destination as written (see `LinkInline`). */
    urlSource?: string;
  }
> {
  isVoid: true;
}

/** An emoji by its code point(s) in hex (`1f50d`). */
export interface EmojiInline extends InlineBase<'emoji', { code: string }> {
  isVoid: true;
}

/** A Font Awesome icon (`github`, `house`). */
export interface IconInline extends InlineBase<'icon', { icon: string; color?: Color }> {
  isVoid: true;
}

/** A variable or expression (`space.vars.version`). */
export interface ExpressionInline extends InlineBase<'expression', { expression: string }> {
  isVoid: true;
}

/** Inline KaTeX. */
export interface InlineMath extends InlineBase<'inline-math', { formula: string }> {
  isVoid: true;
}

/** A footnote: `nodes` is the annotated text, the fragment the note. */
export interface AnnotationInline extends InlineBase<'annotation', Record<string, never>> {
  isVoid?: false;
  nodes: Text[];
  fragments: [{ object: 'fragment'; type: 'annotation-body'; fragment?: string; nodes: Block[] }];
}

/** A mention of a page, user, space… rendered with its title. */
export interface MentionInline extends InlineBase<
  'mention',
  {
    ref: ContentRef;
    /** docsync: the text written for the mention (a file name or a title). */
    text?: string;
    /**
     * docsync: `text` as the markdown link wrote it (`[#h\\_3a4b](page.md "mention")`), when it
     * escapes more than GitBook's exporter would (see `Leaf.source`).
     */
    textSource?: string;
    /** docsync: written as `<a data-mention>` (inside HTML) rather than a markdown link. */
    html?: boolean;
  }
> {
  isVoid: true;
}

/** A button: a link (`ref`) or an action (`search`, `ask`). */
export interface ButtonInline extends InlineBase<
  'button',
  {
    label: string;
    kind: 'primary' | 'secondary';
    icon?: string;
    ref?: ContentRef;
    action?: { action: 'search' | 'ask'; query?: string };
  }
> {
  isVoid: true;
}

/**
 * docsync extension: inline HTML the converter does not model, kept verbatim (with a diagnostic)
 * so that nothing a writer typed is lost.
 */
export interface RawHtmlInline extends InlineBase<'html', { html: string }> {
  isVoid: true;
}

/** Every inline node. */
export type Inline =
  | LinkInline
  | InlineImage
  | EmojiInline
  | IconInline
  | ExpressionInline
  | InlineMath
  | AnnotationInline
  | MentionInline
  | ButtonInline
  | RawHtmlInline;

/** What a paragraph, heading or list item text holds. */
export type InlineContent = Text | Inline;
