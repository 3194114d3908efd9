import type { ContentRef, FileOrUrlRef } from './content-ref.js';
import type { InlineContent } from './inlines.js';
import type { Text } from './text.js';

interface BlockBase<T extends string, D> {
  object: 'block';
  type: T;
  key?: string;
  data: D;
  meta?: { id?: string; token?: string };
}

/** A container block with children. */
interface ParentBlock<T extends string, D, C> extends BlockBase<T, D> {
  isVoid?: false;
  nodes: C[];
}

/** A leaf block: everything it holds is in `data` (or in named fragments). */
interface VoidBlock<T extends string, D> extends BlockBase<T, D> {
  isVoid: true;
}

/** A named sub-tree of a void block (captions, expandable title and body, table cells). */
export interface Fragment<T extends string = string, C = Block> {
  object: 'fragment';
  type: T;
  /** Identifies the fragment within its block (table cells are referenced by it). */
  fragment: string;
  key?: string;
  nodes: C[];
}

/** A CSS length: pixels, or `{unit, value}` for percentages. */
export type Length = number | { unit: '%' | 'px'; value: number };

export type Paragraph = ParentBlock<
  'paragraph',
  { align?: 'start' | 'center' | 'end' },
  InlineContent
>;
export type Heading = ParentBlock<
  'heading-1' | 'heading-2' | 'heading-3',
  { id?: string; align?: 'start' | 'center' | 'end' },
  InlineContent
>;
/**
 * `markerAlone` (docsync): the item's marker was written alone on its line, its content starting
 * on the next (`*`, then `  * nested`), as the 2018–21 exporter wrote an item that starts with a
 * list, rather than on the marker's line (`* * nested`); written so again.
 */
export type ListItem = ParentBlock<'list-item', { checked?: boolean; markerAlone?: true }, Block>;
/**
 * `oneSpace` (docsync): the list's spread items were written with one space after the marker
 * (`* text`, `2. text`, continuation indented to match) and a blank line after them, as the
 * 2018–21 exporter wrote them, rather than to the tab stop (`*   text`) and with the next item
 * right after, as today's does; written so again.
 */
export type ListOrdered = ParentBlock<
  'list-ordered',
  { start?: number; oneSpace?: true },
  ListItem
>;
export type ListUnordered = ParentBlock<'list-unordered', { oneSpace?: true }, ListItem>;
export type ListTasks = ParentBlock<'list-tasks', Record<string, never>, ListItem>;
export type Divider = VoidBlock<'divider', Record<string, never>>;
export type Blockquote = ParentBlock<'blockquote', Record<string, never>, Block>;
export type Hint = ParentBlock<
  'hint',
  { style: 'info' | 'warning' | 'danger' | 'success'; icon?: string },
  Block
>;

/** One line of code; `highlighted` lines are emphasised. */
export type CodeLine = ParentBlock<'code-line', { highlighted?: boolean }, Text | InlineContent>;
export type Code = ParentBlock<
  'code',
  {
    syntax?: string;
    title?: string;
    overflow?: 'scroll' | 'wrap';
    lineNumbers?: boolean;
    fullWidth?: boolean;
    expandable?: boolean;
    collapsedLineCount?: number;
  },
  CodeLine
>;
export type MathBlock = VoidBlock<'math', { formula: string }>;

/** One image of an `images` block; its caption is the `caption` fragment. */
export interface Image extends VoidBlock<
  'image',
  { ref: FileOrUrlRef; refDark?: FileOrUrlRef; width?: Length; height?: Length; alt?: string }
> {
  fragments: Fragment<'caption', Paragraph>[];
}
export type Images = ParentBlock<
  'images',
  { align?: 'center' | 'left' | 'right'; fullWidth?: boolean; withFrame?: boolean },
  Image
>;
/** A downloadable file; `caption` is markdown. Paths stay `url` refs until the tree layer resolves them. */
export type FileBlock = VoidBlock<'file', { ref: FileOrUrlRef; caption?: string }>;
export type Drawing = VoidBlock<'drawing', { ref?: FileOrUrlRef; alt?: string }>;
/**
 * An embedded URL; `caption` is markdown. `urlSource` (docsync) is the `url` attribute as
 * written when it escapes a `#` (`\\#`, as some pages have it), written so again.
 */
export type Embed = VoidBlock<
  'embed',
  { url: string; fullWidth?: boolean; caption?: string; urlSource?: string }
>;

/** A collapsible section: `expandable-title` (one paragraph) and `expandable-body` fragments. */
export interface Expandable extends VoidBlock<'expandable', { defaultExpanded?: boolean }> {
  fragments: [Fragment<'expandable-title', Paragraph>, Fragment<'expandable-body'>];
}
export type TabsItem = ParentBlock<'tabs-item', { title?: string; icon?: string }, Block>;
export type Tabs = ParentBlock<'tabs', { fullWidth?: boolean }, TabsItem>;

/** A column type of a table. */
export type TableColumnType =
  | 'text'
  | 'number'
  | 'checkbox'
  | 'files'
  | 'users'
  | 'rating'
  | 'select'
  | 'content-ref'
  | 'image';

/** One column of a table. */
export interface TableColumn {
  type: TableColumnType;
  title: string;
  /**
   * docsync: the title as a pipe table's header wrote it (`col\\_name`, `P\\(t\\)`), when that
   * is not the exporter's form; written so again while it reads as `title` (see `Leaf.source`).
   */
  titleSource?: string;
  /** Pixel width (complex tables) . */
  width?: number;
  textAlignment?: 'left' | 'center' | 'right';
  verticalAlignment?: 'top' | 'middle' | 'bottom';
  hidden?: boolean;
  /** Cards view: the column that is the card's link, cover, dark cover. */
  cardRole?: 'target' | 'cover' | 'cover-dark';
  /** Select columns: the options, in order. */
  options?: { value: string; label: string; color?: string }[];
  /** Select, users and files columns: a cell holds several values. */
  multiple?: boolean;
  /** Rating columns: the number of stars (`data-max="5"`). */
  max?: number;
}

/** A cell value: text cells name their fragment; other types hold data. */
export type TableValue = string | number | boolean | string[] | ContentRef | null;

/** A table: columns (`definition`), rows (`records`, ordered), rich-text cells as fragments. */
export interface Table extends VoidBlock<
  'table',
  {
    view: 'grid' | 'cards';
    records: Record<string, { orderIndex: string; values: Record<string, TableValue> }>;
    definition: Record<string, TableColumn>;
    /** Column ids in display order. */
    columns: string[];
    fullWidth?: boolean;
    headerHidden?: boolean;
    search?: boolean;
    cardSize?: 'medium' | 'large';
    cardWrap?: boolean;
    /**
     * docsync: a pipe table written without padding its columns (`| a | b |` over
     * `| :--- | :--- |`, the 2018–21 exporter's form), written so again.
     */
    unpadded?: true;
  }
> {
  fragments: Fragment<'table-cell'>[];
}
/**
 * An API operation from a spec file or URL (`{% openapi src=… %}`). `label` (docsync) is the
 * text of the link in its body when it is not the one GitBook writes (the URL, or the file name).
 */
export type Swagger = VoidBlock<
  'swagger',
  {
    path: string;
    method: string;
    ref: FileOrUrlRef;
    expanded?: boolean;
    fullWidth?: boolean;
    label?: string;
  }
>;
/**
 * docsync extension of the blocks of a spec registered with the organization: the link GitBook
 * writes in their body, which points at where the spec was fetched from and is not in the model.
 * `specUrl` is its target (absent when the body is empty); `label` its text when it is not
 * `OpenAPI <spec>`.
 */
export interface OpenApiSpecLink {
  specUrl?: string;
  label?: string;
}
export type OpenApiOperation = VoidBlock<
  'openapi-operation',
  { path: string; method: string; ref: { kind: 'openapi'; spec: string } } & OpenApiSpecLink
>;
export type OpenApiSchemas = VoidBlock<
  'openapi-schemas',
  { schemas: string[]; grouped?: boolean; ref: { kind: 'openapi'; spec: string } } & OpenApiSpecLink
>;
export type OpenApiWebhook = VoidBlock<
  'openapi-webhook',
  { name: string; method: string; ref: { kind: 'openapi'; spec: string } } & OpenApiSpecLink
>;
/** A link card; `label` (docsync) is the link text written in its body. */
export type ContentRefBlock = VoidBlock<'content-ref', { ref: ContentRef; label?: string }>;
export type IntegrationBlock = VoidBlock<
  'integration',
  {
    integration: string;
    block: string;
    props: Record<string, string>;
    action?: Record<string, unknown>;
    url?: string;
    fullWidth?: boolean;
  }
>;
/**
 * An include. As parsed from one file, `ref.reusableContent` is the path or URL written in
 * `{% include "…" %}`; the tree layer replaces it with the reusable content's id.
 */
export type ReusableContent = VoidBlock<
  'reusable-content',
  { ref: Extract<ContentRef, { kind: 'reusable-content' }> }
>;
export type StepperStep = ParentBlock<'stepper-step', { icon?: string }, Block>;
export type Stepper = ParentBlock<'stepper', Record<string, never>, StepperStep>;
export type If = ParentBlock<'if', { expression: string }, Block>;
export type Column = ParentBlock<
  'column',
  { width?: Length; verticalAlignment?: 'top' | 'middle' | 'bottom' },
  Block
>;
export type Columns = ParentBlock<'columns', { fullWidth?: boolean }, Column>;
export type Prompt = ParentBlock<
  'prompt',
  {
    description: string;
    icon?: string;
    openInAIProviders?: boolean;
    defaultExpanded?: 'hidden' | 'partial' | 'full';
  },
  Code
>;
export type Update = ParentBlock<'update', { date: string; tags?: string[] }, Block>;
export type Updates = ParentBlock<'updates', { format?: 'numeric' | 'full' | 'short' }, Update>;

/**
 * docsync extension: markdown the converter does not model (an unpaired tag, a legacy API block,
 * unknown HTML), kept byte for byte and reported as a diagnostic.
 */
export type RawMarkdown = VoidBlock<'markdown', { markdown: string }>;

/** Every block. */
export type Block =
  | Paragraph
  | Heading
  | ListOrdered
  | ListUnordered
  | ListTasks
  | ListItem
  | Divider
  | Blockquote
  | Hint
  | Code
  | CodeLine
  | MathBlock
  | Images
  | Image
  | FileBlock
  | Drawing
  | Embed
  | Expandable
  | Tabs
  | TabsItem
  | Table
  | Swagger
  | OpenApiOperation
  | OpenApiSchemas
  | OpenApiWebhook
  | ContentRefBlock
  | IntegrationBlock
  | ReusableContent
  | Stepper
  | StepperStep
  | If
  | Columns
  | Column
  | Prompt
  | Updates
  | Update
  | RawMarkdown;

/** The type names of all blocks. */
export type BlockType = Block['type'];
