import type { Element } from 'hast';
import type { Table, TableColumn, TableColumnType } from '../../model/blocks.js';
import { buildTable, type CellInput, type TableOptions } from './table-builder.js';
import { CellHtmlReader, type HtmlReaders } from './table-cell-from-html.js';
import { linkLabel } from './table-cell-to-html.js';
import { cardRoleAttributes } from './table-html-writer.js';
import type { ConstructHandlers, FromHtml } from './types.js';

/** `<table>` attributes docsync reads (written in this order by `table-html-writer.ts`). */
const tableAttributes = [
  'data-header-hidden',
  'data-card-size',
  'data-column-title-hidden',
  'data-card-wrap',
  'data-view',
  'data-full-width',
  'data-search',
];

/** `<th>` attributes docsync reads. */
const columnAttributes = [
  'width',
  'align',
  'valign',
  'data-hidden',
  'data-card-target',
  'data-card-cover',
  'data-card-cover-dark',
  'data-type',
  'data-max',
  'data-multiple',
];

const columnTypes = new Set<TableColumnType>([
  'number',
  'checkbox',
  'files',
  'users',
  'rating',
  'select',
  'content-ref',
  'image',
]);

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
): T | undefined | null {
  if (value === undefined) return undefined;
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads a `<table>` into a table block; `undefined` (with {@link CellHtmlReader.problem}) if not. */
class TableHtmlReader extends CellHtmlReader {
  table(element: Element): Table | undefined {
    const attributes = this.attributes(element, tableAttributes);
    const parts = attributes && this.elements(element);
    if (!attributes || !parts) return undefined;
    const [thead, tbody, ...rest] = parts;
    if (thead?.tagName !== 'thead' || tbody?.tagName !== 'tbody' || rest.length > 0) {
      this.fail('a table is `<thead>` then `<tbody>`');
      return undefined;
    }
    const options = this.#tableOptions(attributes);
    const headRows = this.attributes(thead, []) && this.elements(thead);
    const [headRow, ...otherHeadRows] = headRows ?? [];
    if (!options || !headRow || otherHeadRows.length > 0) {
      this.fail('`<thead>` holds one row');
      return undefined;
    }
    const headers = this.#row(headRow, 'th');
    const columns: TableColumn[] = [];
    for (const th of headers ?? []) {
      const column = this.#column(th);
      if (!column) return undefined;
      columns.push(column);
    }
    const bodyRows = headers && this.attributes(tbody, []) && this.elements(tbody);
    if (!bodyRows) return undefined;
    const rows: CellInput[][] = [];
    for (const tr of bodyRows) {
      const cells = this.#row(tr, 'td');
      if (!cells) return undefined;
      if (cells.length !== columns.length) {
        this.fail('a row has not as many cells as there are columns');
        return undefined;
      }
      const row: CellInput[] = [];
      for (const [index, td] of cells.entries()) {
        const cell = this.#cell(td, columns[index] as TableColumn);
        if (!cell) return undefined;
        row.push(cell);
      }
      rows.push(row);
    }
    return buildTable(columns, rows, options);
  }

  #tableOptions(attributes: Map<string, string>): TableOptions | undefined {
    const view = attributes.get('data-view');
    const cards = view === 'cards';
    const headerHidden = attributes.get(cards ? 'data-column-title-hidden' : 'data-header-hidden');
    const cardSize = oneOf(attributes.get('data-card-size'), ['medium', 'large']);
    const cardWrap = oneOf(attributes.get('data-card-wrap'), ['true', 'false']);
    const fullWidth = oneOf(attributes.get('data-full-width'), ['true', 'false']);
    const search = oneOf(attributes.get('data-search'), ['true', 'false']);
    if (
      (view !== undefined && !cards) ||
      attributes.has(cards ? 'data-header-hidden' : 'data-column-title-hidden') ||
      (headerHidden !== undefined && headerHidden !== '') ||
      cardSize === null ||
      cardWrap === null ||
      fullWidth === null ||
      search === null
    ) {
      this.fail('a `<table>` attribute has a value docsync does not model');
      return undefined;
    }
    return {
      view: cards ? 'cards' : 'grid',
      ...(headerHidden === undefined ? {} : { headerHidden: true }),
      ...(cardSize === undefined ? {} : { cardSize }),
      ...(cardWrap === undefined ? {} : { cardWrap: cardWrap === 'true' }),
      ...(fullWidth === undefined ? {} : { fullWidth: fullWidth === 'true' }),
      ...(search === undefined ? {} : { search: search === 'true' }),
    };
  }

  /** The `<th>` or `<td>` cells of a row. */
  #row(tr: Element, cellName: 'th' | 'td'): Element[] | undefined {
    const cells = tr.tagName === 'tr' && this.attributes(tr, []) ? this.elements(tr) : undefined;
    if (!cells || cells.some((cell) => cell.tagName !== cellName)) {
      this.fail(`a table row holds something else than \`<${cellName}>\``);
      return undefined;
    }
    return cells;
  }

  /** A column from its `<th>`: title text, then a `<select>` for select columns. */
  #column(th: Element): TableColumn | undefined {
    const attributes = this.attributes(th, columnAttributes);
    if (!attributes) return undefined;
    const last = th.children[th.children.length - 1];
    const select = last?.type === 'element' && last.tagName === 'select' ? last : undefined;
    const titleNodes = select ? th.children.slice(0, -1) : th.children;
    if (titleNodes.some((node) => node.type !== 'text')) {
      this.fail('a column title holds HTML');
      return undefined;
    }
    const title = titleNodes.map((node) => (node.type === 'text' ? node.value : '')).join('');
    const width = attributes.get('width');
    const textAlignment = oneOf(attributes.get('align'), ['left', 'center', 'right']);
    const verticalAlignment = oneOf(attributes.get('valign'), ['top', 'middle', 'bottom']);
    const declared = attributes.get('data-type');
    const type = select ? 'select' : declared;
    const roles = (Object.keys(cardRoleAttributes) as (keyof typeof cardRoleAttributes)[]).filter(
      (role) => attributes.has(cardRoleAttributes[role]),
    );
    const max = attributes.get('data-max');
    const multiple = attributes.get('data-multiple');
    if (
      (width !== undefined && !/^\d+(?:\.\d+)?$/.test(width)) ||
      textAlignment === null ||
      verticalAlignment === null ||
      (type !== undefined && !columnTypes.has(type as TableColumnType)) ||
      (declared !== undefined && declared !== type) ||
      roles.length > 1 ||
      [
        attributes.get('data-hidden'),
        multiple,
        ...roles.map((role) => attributes.get(cardRoleAttributes[role])),
      ].some((value) => value !== undefined && value !== '') ||
      (max !== undefined && (type !== 'rating' || !/^\d+$/.test(max))) ||
      (multiple !== undefined && type !== 'users' && type !== 'files')
    ) {
      this.fail('a column attribute has a value docsync does not model');
      return undefined;
    }
    const column: TableColumn = {
      type: (type ?? 'text') as TableColumnType,
      title,
      ...(width === undefined ? {} : { width: Number(width) }),
      ...(textAlignment === undefined ? {} : { textAlignment }),
      ...(verticalAlignment === undefined ? {} : { verticalAlignment }),
      ...(attributes.has('data-hidden') ? { hidden: true } : {}),
      ...(roles[0] === undefined ? {} : { cardRole: roles[0] }),
      ...(max === undefined ? {} : { max: Number(max) }),
      ...(multiple === undefined ? {} : { multiple: true }),
    };
    return select ? this.#select(select, column) : column;
  }

  /** `<select multiple><option value label color></option>…</select>`. */
  #select(select: Element, column: TableColumn): TableColumn | undefined {
    const attributes = this.attributes(select, ['multiple']);
    const elements = attributes && this.elements(select);
    if (!attributes || !elements) return undefined;
    const options: NonNullable<TableColumn['options']> = [];
    for (const option of elements) {
      const optionAttributes =
        option.tagName === 'option' && option.children.length === 0
          ? this.attributes(option, ['value', 'label', 'color'])
          : undefined;
      const value = optionAttributes?.get('value');
      const label = optionAttributes?.get('label');
      if (value === undefined || label === undefined) {
        this.fail('a select option is not `<option value label color></option>`');
        return undefined;
      }
      const color = optionAttributes?.get('color');
      options.push({ value, label, ...(color === undefined ? {} : { color }) });
    }
    if ((attributes.get('multiple') ?? '') !== '') {
      this.fail('`multiple` has a value');
      return undefined;
    }
    return { ...column, options, ...(attributes.has('multiple') ? { multiple: true } : {}) };
  }

  /** A cell: its alignment must be its column's; its content is read by the column type. */
  #cell(td: Element, column: TableColumn): CellInput | undefined {
    const attributes = this.attributes(td, ['align', 'valign']);
    if (!attributes) return undefined;
    if (
      attributes.get('align') !== column.textAlignment ||
      attributes.get('valign') !== column.verticalAlignment
    ) {
      this.fail('a cell is aligned differently from its column');
      return undefined;
    }
    if (column.type === 'text') {
      const blocks = this.blocks(td.children);
      return blocks && { blocks };
    }
    if (column.type === 'select') return this.#selectCell(td, column);
    if (column.type === 'files' || column.type === 'image' || column.type === 'content-ref') {
      const hrefs = this.#links(td);
      if (!hrefs) return undefined;
      if (hrefs.length === 0) return {};
      if (column.type === 'files') return { value: hrefs };
      if (hrefs.length > 1) {
        this.fail('a reference cell holds several links');
        return undefined;
      }
      return { value: { kind: 'url', url: hrefs[0] as string } };
    }
    const text = td.children.every((node) => node.type === 'text')
      ? td.children.map((node) => node.value).join('')
      : undefined;
    if (text === '') return {};
    if (column.type === 'checkbox' && (text === 'true' || text === 'false'))
      return { value: text === 'true' };
    const number = Number(text);
    if (
      (column.type === 'number' || column.type === 'rating') &&
      text?.trim() &&
      Number.isFinite(number)
    )
      return { value: number };
    this.fail(`a \`${column.type}\` cell holds something else than its value`);
    return undefined;
  }

  /** `<a href="…">label</a>` links (files, images, page references), label as GitBook writes it. */
  #links(td: Element): string[] | undefined {
    const hrefs: string[] = [];
    for (const node of td.children) {
      const href =
        node.type === 'element' && node.tagName === 'a'
          ? this.attributes(node, ['href'])?.get('href')
          : undefined;
      const [text, ...rest] = node.type === 'element' ? node.children : [];
      if (
        href === undefined ||
        text?.type !== 'text' ||
        rest.length > 0 ||
        text.value !== linkLabel(href)
      ) {
        this.fail('a reference cell holds something else than `<a href>` links GitBook writes');
        return undefined;
      }
      hrefs.push(href);
    }
    return hrefs;
  }

  /** `<span data-option="id">Label, </span><span data-option="id">Label</span>`. */
  #selectCell(td: Element, column: TableColumn): CellInput | undefined {
    const values: string[] = [];
    const last = td.children.length - 1;
    for (const [index, node] of td.children.entries()) {
      const value =
        node.type === 'element' && node.tagName === 'span'
          ? this.attributes(node, ['data-option'])?.get('data-option')
          : undefined;
      const label = column.options?.find((option) => option.value === value)?.label;
      const [text, ...rest] = node.type === 'element' ? node.children : [];
      const expected = `${label ?? ''}${index < last ? ', ' : ''}`;
      if (
        label === undefined ||
        rest.length > 0 ||
        (text?.type === 'text' ? text.value : '') !== expected
      ) {
        this.fail('a select cell holds something else than its options');
        return undefined;
      }
      values.push(value as string);
    }
    if (values.length > 1 && !column.multiple) {
      this.fail('a single select holds several options');
      return undefined;
    }
    return values.length === 0 ? {} : { value: values };
  }
}

/**
 * Reads a one-line `<table>` (B16, B17) into a table block. A failed read leaves no diagnostics
 * of its own (those of cells read before the failure are removed) and reports why it failed.
 */
function readTableHtml(readers: () => HtmlReaders): FromHtml {
  return (element, node, context) => {
    const mark = context.diagnostics.length;
    const reader = new TableHtmlReader(node.value, context, readers());
    const table = reader.table(element);
    if (table) return [table];
    context.diagnostics.splice(mark);
    context.report(
      node,
      'unsupported-table',
      `this \`<table>\` is kept as written: ${reader.problem ?? 'not understood'}`,
      'info',
    );
    return undefined;
  };
}

/**
 * Complex tables: GitBook's one-line `<table>` with column widths, types, hidden columns, a
 * hidden header, cards. `readers` are the flow HTML readers, for blocks inside cells (images,
 * rich code). `table.ts` writes tables, in this form (`table-html-writer.ts`) or as pipe tables.
 */
export function createTableHtml(readers: () => HtmlReaders): ConstructHandlers {
  return { html: { table: readTableHtml(readers) } };
}
