import type {
  Html,
  PhrasingContent,
  Table as MdastTable,
  TableCell as MdastTableCell,
  TableRow,
  Text,
} from 'mdast';
import type { Block, Paragraph, Table, TableColumn } from '../../model/blocks.js';
import type { InlineContent } from '../../model/inlines.js';
import { emptyText } from '../inline-builder.js';
import type { ParseContext } from '../parse-context.js';
import { verbatim, type RenderContext } from '../render-context.js';
import { buildTable, tableColumns, tableRows, type CellInput } from './table-builder.js';
import { tableToHtml } from './table-html-writer.js';
import type { ConstructHandlers } from './types.js';

const alignments = { left: 'left', center: 'center', right: 'right' } as const;

function isHtml(node: PhrasingContent | undefined, value: string): node is Html {
  return node?.type === 'html' && node.value === value;
}

/** A pipe cell's `<br>` (its hard breaks, B17) as mdast breaks, for the inline reader. */
function breaksFromHtml(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  return nodes.map((node): PhrasingContent => {
    if (node.type === 'html' && /^<br\s*\/?>$/i.test(node.value))
      return { type: 'break', ...(node.position ? { position: node.position } : {}) };
    if ('children' in node) return { ...node, children: breaksFromHtml(node.children) };
    return node;
  });
}

/** mdast breaks as `<br>`: a backslash break would end the table row. */
function breaksToHtml(nodes: readonly PhrasingContent[], inHtml = false): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    if (node.type === 'break') return [{ type: 'html', value: '<br>' }];
    if ('children' in node) return [{ ...node, children: breaksToHtml(node.children, inHtml) }];
    if (inHtml && node.type === 'text' && node.value.includes('<')) {
      // Inside `<p>…</p>` the exporter writes `<` as a character reference, not `\<`.
      return node.value
        .split('<')
        .flatMap((part, index): PhrasingContent[] => [
          ...(index > 0 ? [{ type: 'html' as const, value: '&#x3C;' }] : []),
          ...(part === '' ? [] : [{ type: 'text' as const, value: part }]),
        ]);
    }
    return [node];
  });
}

/**
 * A cell of several paragraphs, written `<p>Content 1</p><p>This is a 2nd line</p>` (B17): the
 * phrasing of each; `undefined` when the cell is not exactly in that form.
 */
function paragraphsOf(nodes: readonly PhrasingContent[]): PhrasingContent[][] | undefined {
  const out: PhrasingContent[][] = [];
  let index = 0;
  while (index < nodes.length) {
    if (!isHtml(nodes[index], '<p>')) return undefined;
    const close = nodes.findIndex((node, at) => at > index && isHtml(node, '</p>'));
    const inner = nodes.slice(index + 1, close);
    if (close < 0 || inner.some((node) => isHtml(node, '<p>'))) return undefined;
    out.push(inner);
    index = close + 1;
  }
  return out.length > 0 ? out : undefined;
}

function paragraph(nodes: InlineContent[]): Paragraph {
  return {
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: nodes.length ? nodes : [emptyText()],
  };
}

/**
 * A cell's content with the spaces after the one that follows its `|` read as part of its first
 * text: the exporter writes `| ` then the cell's text (in a column not centred or aligned right),
 * and wrote a text's leading space bare there (`|  When designing…`), where GFM trims it; written
 * back as written.
 */
function withLeadingSpaces(cell: MdastTableCell, context: ParseContext): PhrasingContent[] {
  const [first, ...rest] = cell.children;
  const extra = /^\| ([ \t]+)/.exec(context.sourceOf(cell))?.[1];
  const start = first?.position?.start;
  if (extra === undefined || first?.type !== 'text' || start?.offset === undefined)
    return cell.children;
  const text: Text = {
    type: 'text',
    value: extra + first.value,
    position: {
      start: { ...start, column: start.column - extra.length, offset: start.offset - extra.length },
      end: first.position?.end ?? start,
    },
    data: { edgeSpaces: true },
  };
  return [text, ...rest];
}

function cellBlocks(
  cell: MdastTableCell | undefined,
  context: ParseContext,
  leadingSpaces = false,
): Block[] {
  const children =
    cell === undefined ? [] : leadingSpaces ? withLeadingSpaces(cell, context) : cell.children;
  const paragraphs = paragraphsOf(children) ?? [children];
  return paragraphs.map((nodes) => paragraph(context.inlines(breaksFromHtml(nodes))));
}

/** A column title: the text of a header cell, `undefined` when it holds formatting or HTML. */
function titleOf(cell: MdastTableCell): string | undefined {
  let title = '';
  for (const child of cell.children) {
    if (child.type !== 'text') return undefined;
    title += child.value;
  }
  return title;
}

/** How a header cell of one text wrote its title, when not as the exporter would (see `Leaf.source`). */
function titleSourceOf(
  cell: MdastTableCell | undefined,
  context: ParseContext,
): string | undefined {
  const [only, ...rest] = cell?.children ?? [];
  return only?.type === 'text' && rest.length === 0 ? context.writtenText(only) : undefined;
}

function readPipeTable(node: MdastTable, context: ParseContext): Block[] {
  const [header, ...rows] = node.children;
  const titles = header?.children.map(titleOf) ?? [];
  if (titles.some((title) => title === undefined)) {
    return [
      context.raw(
        node,
        'table-title-markup',
        'a column title holds formatting or HTML, which a column title cannot; the table is kept as written',
      ),
    ];
  }
  if (rows.some((row) => row.children.length > titles.length)) {
    return [
      context.raw(
        node,
        'table-extra-cells',
        'a row has more cells than the header, which a table cannot hold; the table is kept as written',
      ),
    ];
  }
  const columns = titles.map((title, index): TableColumn => {
    const align = node.align?.[index];
    const titleSource = titleSourceOf(header?.children[index], context);
    return {
      type: 'text',
      title: title ?? '',
      ...(titleSource === undefined ? {} : { titleSource }),
      ...(align ? { textAlignment: alignments[align] } : {}),
    };
  });
  const cells = rows.map((row) =>
    columns.map((_, index): CellInput => {
      // Centred and right-aligned columns are padded before their text too.
      const aligned = node.align?.[index] === 'center' || node.align?.[index] === 'right';
      return { blocks: cellBlocks(row.children[index], context, !aligned) };
    }),
  );
  const block = buildTable(columns, cells, { view: 'grid' });
  if (isUnpadded(context.sourceOf(node))) block.data.unpadded = true;
  return [block];
}

/**
 * Whether a pipe table was written without padding: its delimiter row is `:---` (or `---`,
 * `---:`, `:---:`) in every column, and its lines are not all as long as each other.
 */
function isUnpadded(markdown: string): boolean {
  const lines = markdown.split('\n');
  const delimiters = lines[1]?.split('|').slice(1, -1) ?? [];
  return (
    delimiters.length > 0 &&
    delimiters.every((cell) => /^ :?---:? $/.test(cell)) &&
    lines.some((line) => line.length !== lines[0]?.length)
  );
}

/** Whether inline content holds a line break: in any text, or with `code` only in code text. */
function hasLineBreak(nodes: readonly InlineContent[], code = false): boolean {
  return nodes.some((node) =>
    node.object === 'text'
      ? node.leaves.some(
          (leaf) =>
            leaf.text.includes('\n') && (!code || leaf.marks.some((mark) => mark.type === 'code')),
        )
      : node.type === 'link' && hasLineBreak(node.nodes, code),
  );
}

/** Whether inline content holds code text with a line break (which a pipe cell cannot hold). */
function hasMultilineCode(nodes: readonly InlineContent[]): boolean {
  return hasLineBreak(nodes, true);
}

/**
 * Whether a table must be written as GitBook's HTML `<table>` rather than a pipe table: when it
 * has anything a pipe table has no syntax for. GitBook's triggers (B17) are column widths,
 * hidden columns, a hidden header, typed columns and full width; the cards view, search and
 * card options, vertical alignment and card roles are HTML-only too. A pipe cell holds
 * paragraphs only (one as markdown, several as `<p>…</p>`), so a heading, hint, list, code or
 * image in a cell also needs the HTML form; so does a table without columns.
 */
export function needsHtmlForm(table: Table): boolean {
  const { view, fullWidth, headerHidden, search, cardSize, cardWrap } = table.data;
  if (
    view !== 'grid' ||
    fullWidth !== undefined ||
    headerHidden === true ||
    search !== undefined ||
    cardSize !== undefined ||
    cardWrap !== undefined
  )
    return true;
  const columns = tableColumns(table);
  if (
    columns.length === 0 ||
    columns.some(
      ({ column }) =>
        column.type !== 'text' ||
        column.width !== undefined ||
        column.hidden === true ||
        column.verticalAlignment !== undefined ||
        column.cardRole !== undefined ||
        column.title.includes('\n'),
    )
  )
    return true;
  return tableRows(table).some((row) =>
    row.some((cell) =>
      cell.blocks?.some((block) => block.type !== 'paragraph' || hasMultilineCode(block.nodes)),
    ),
  );
}

/**
 * GFM trims the spaces around a cell's content, so a space or tab at either end is written as a
 * character reference (`&#x20;`), as the serializer does at the ends of a paragraph.
 */
function edgeSpacesEncoded(nodes: PhrasingContent[]): PhrasingContent[] {
  const out = [...nodes];
  const reference = (char: string): Html => ({
    type: 'html',
    value: `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`,
  });
  const first = out[0];
  const leading = first?.type === 'text' ? /^[ \t]*/.exec(first.value)?.[0] : undefined;
  if (first?.type === 'text' && leading && first.data?.source?.startsWith(leading) === true) {
    // Written bare, as the page had it (see `withLeadingSpaces`).
    if (first.data.leaf !== undefined) first.data.sourcesUsed?.add(first.data.leaf);
  } else if (first?.type === 'text' && /^[ \t]/.test(first.value)) {
    out.splice(0, 1, reference(first.value.charAt(0)), {
      type: 'text',
      value: first.value.slice(1),
    });
  }
  const last = out[out.length - 1];
  if (last?.type === 'text' && /[ \t]$/.test(last.value)) {
    out.splice(
      -1,
      1,
      { type: 'text', value: last.value.slice(0, -1) },
      reference(last.value.slice(-1)),
    );
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

/**
 * A pipe cell: one paragraph as markdown, several as `<p>…</p>` each, and so is one with a line
 * break (`<p>a<br>b</p>`, as in every exported pipe table seen).
 */
function cellPhrasing(
  blocks: readonly Block[] | undefined,
  context: RenderContext,
): PhrasingContent[] {
  const paragraphs = (blocks ?? []).filter(
    (block): block is Paragraph => block.type === 'paragraph',
  );
  if (
    paragraphs.length === 0 ||
    (paragraphs.length === 1 && !hasLineBreak(paragraphs[0]?.nodes ?? []))
  )
    return edgeSpacesEncoded(breaksToHtml(context.phrasing(paragraphs[0]?.nodes ?? [])));
  return paragraphs.flatMap((block): PhrasingContent[] => [
    { type: 'html', value: '<p>' },
    ...breaksToHtml(context.phrasing(block.nodes), true),
    { type: 'html', value: '</p>' },
  ]);
}

function writePipeTable(table: Table, context: RenderContext): MdastTable {
  const columns = tableColumns(table);
  const header: TableRow = {
    type: 'tableRow',
    children: columns.map(({ column }) => ({
      type: 'tableCell',
      children: edgeSpacesEncoded([
        column.titleSource === undefined || context.plain === true
          ? { type: 'text', value: column.title }
          : {
              type: 'text',
              value: column.title,
              data: {
                source: column.titleSource,
                bare: context.bare,
                // Noted as used like a leaf's source (see `settleLeafSources`).
                leaf: column,
                sourcesUsed: context.sourcesUsed,
              },
            },
      ]),
    })),
  };
  const rows = tableRows(table).map((row): TableRow => ({
    type: 'tableRow',
    children: row.map((cell) => ({
      type: 'tableCell',
      children: cellPhrasing(cell.blocks, context),
    })),
  }));
  return {
    type: 'table',
    align: columns.map(({ column }) => column.textAlignment ?? null),
    children: [header, ...rows],
    ...(table.data.unpadded ? { data: { unpadded: true } } : {}),
  };
}

/**
 * Tables (B17): GFM pipe tables are read into `table` blocks (a text column per table column,
 * a record per row, each cell a `table-cell` fragment). A table is written as a pipe table,
 * padded as GitBook pads it, unless {@link needsHtmlForm}; then as the one-line `<table>` of
 * `table-html-writer.ts` (`table-html.ts` reads that form).
 */
export const table: ConstructHandlers = {
  mdast: { table: readPipeTable },
  blocks: {
    table: (block, context) =>
      needsHtmlForm(block)
        ? [verbatim(tableToHtml(block, context))]
        : [writePipeTable(block, context)],
  },
};
