import type { ElementContent } from 'hast';
import type { Block } from '../model/blocks.js';
import type { ContentRef, FileOrUrlRef } from '../model/content-ref.js';
import type { JSONDocument } from '../model/document.js';
import type { InlineContent } from '../model/inlines.js';

/** Where the references of a document lead on the site that shows it. */
export interface HtmlLinks {
  /** The href of a link, mention, button or card; undefined when it leads nowhere the reader can go. */
  href(ref: ContentRef): string | undefined;
  /** The title shown for a reference (a page's title for a mention or a card), if known. */
  title?(ref: ContentRef): string | undefined;
  /** The URL an image or a downloadable file loads from; undefined when the file is missing. */
  file(ref: FileOrUrlRef): { url: string; name?: string } | undefined;
}

/** How {@link renderDocumentHtml} renders one document. */
export interface HtmlRenderOptions {
  links: HtmlLinks;
  /** Variables of the space (`space.vars.x`) and the page (`page.vars.x`). */
  variables?: {
    space?: Readonly<Record<string, string | number | boolean>>;
    page?: Readonly<Record<string, string | number | boolean>>;
  };
  /** The document of an include (`reusable-content` block); undefined when it is missing. */
  reusableContent?(
    ref: Extract<ContentRef, { kind: 'reusable-content' }>,
  ): JSONDocument | undefined;
  /**
   * Whether the condition of an `if` block holds for the reader. Default: every block is shown
   * (a review shows what each audience may see).
   */
  condition?(expression: string): boolean;
  /** The href of the site's search for a button's `search` action (`?q=` is appended). */
  searchHref?: string;
}

/** One heading of the page: what the outline and anchors are built from. */
export interface OutlineEntry {
  anchor: string;
  title: string;
  /** 1 to 3, as `heading-1` to `heading-3`. */
  level: 1 | 2 | 3;
}

/** A note about something rendered as well as could be (a missing include, an unknown block). */
export interface HtmlDiagnostic {
  message: string;
  ruleId: string;
}

/** What block and inline handlers call back into. */
export interface HtmlContext {
  readonly options: HtmlRenderOptions;
  blocks(blocks: readonly Block[]): ElementContent[];
  inlines(nodes: readonly InlineContent[]): ElementContent[];
  /** A distinct anchor for a heading of this document, from its id or its text. */
  anchor(explicit: string | undefined, text: string): string;
  /** A distinct id for an element (tabs, footnotes). */
  nextId(prefix: string): string;
  /** Footnote bodies in order, rendered at the end of the document. */
  readonly footnotes: { id: string; body: ElementContent[] }[];
  readonly outline: OutlineEntry[];
  readonly diagnostics: HtmlDiagnostic[];
  /** How many includes deep the renderer is (an include of itself stops). */
  includeDepth: number;
}
