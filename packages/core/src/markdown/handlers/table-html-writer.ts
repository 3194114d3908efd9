import type { Table, TableColumn, TableValue } from '../../model/blocks.js';
import { encodeHtml, startTag } from '../html-tag.js';
import type { RenderContext } from '../render-context.js';
import { tableColumns, tableRows, type CellOutput } from './table-builder.js';
import { cellHtml, linkHtml } from './table-cell-to-html.js';
import { booleanString } from './tag-nodes.js';

/** The `<th>` attribute of each card role (cards view). */
export const cardRoleAttributes = {
  target: 'data-card-target',
  cover: 'data-card-cover',
  'cover-dark': 'data-card-cover-dark',
} as const;

/**
 * `<th>` attributes in the order GitBook writes them: `width="137" data-type="checkbox"`,
 * `data-hidden data-card-target data-type="content-ref"`, `data-type="rating" data-max="5"`,
 * `data-hidden data-type="checkbox"` (a hidden column without a card role: `data-hidden` comes
 * first in every exported table seen).
 */
function headerAttributes(column: TableColumn): [string, string | true | undefined][] {
  const typeName = column.type === 'text' || column.type === 'select' ? undefined : column.type;
  const hidden: [string, true | undefined] = ['data-hidden', column.hidden ? true : undefined];
  const typed: [string, string | true | undefined][] = [
    ['data-type', typeName],
    [
      'data-max',
      column.type === 'rating' && column.max !== undefined ? String(column.max) : undefined,
    ],
    ['data-multiple', column.multiple && column.type !== 'select' ? true : undefined],
  ];
  return [
    ['width', column.width === undefined ? undefined : String(column.width)],
    ['align', column.textAlignment],
    ['valign', column.verticalAlignment],
    hidden,
    ...(column.cardRole
      ? [[cardRoleAttributes[column.cardRole], true] as [string, true], ...typed]
      : typed),
  ];
}

function selectHtml(column: TableColumn): string {
  if (column.type !== 'select') return '';
  const options = (column.options ?? []).map(
    (option) =>
      `${startTag('option', [
        ['value', option.value],
        ['label', option.label],
        ['color', option.color],
      ])}</option>`,
  );
  return `${startTag('select', [['multiple', column.multiple ? true : undefined]])}${options.join('')}</select>`;
}

function refUrl(value: TableValue | undefined): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value.kind === 'url' ? value.url : undefined;
}

function valueHtml(cell: CellOutput, context: RenderContext): string {
  const { column, value } = cell;
  switch (column.type) {
    case 'text':
      return cellHtml(cell.blocks ?? [], context);
    case 'checkbox':
      return typeof value === 'boolean' ? String(value) : '';
    case 'number':
    case 'rating':
      return typeof value === 'number' ? String(value) : '';
    case 'select': {
      const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      return values
        .map((option, index) => {
          const label = column.options?.find((known) => known.value === option)?.label ?? option;
          const separator = index < values.length - 1 ? ', ' : '';
          return `${startTag('span', [['data-option', option]])}${encodeHtml(label + separator)}</span>`;
        })
        .join('');
    }
    case 'files':
      return (Array.isArray(value) ? value : []).map(linkHtml).join('');
    case 'content-ref':
    case 'image': {
      const url = refUrl(value);
      return url === undefined ? '' : linkHtml(url);
    }
    case 'users':
      return '';
  }
}

/**
 * A table as GitBook's one-line HTML (B16, B17), `<table>` attributes in the order GitBook writes
 * them (seen in exported repositories: `data-header-hidden data-full-width="false"`,
 * `data-full-width="false" data-search="false"`, `data-card-size="large"
 * data-column-title-hidden data-view="cards" data-full-width="false"`, `data-column-title-hidden
 * data-card-wrap="false" data-view="cards"`). Blank lines would end the HTML block in
 * markdown, so a newline followed by a blank line (in code) is written `&#xA;`.
 */
export function tableToHtml(table: Table, context: RenderContext): string {
  const { view, headerHidden, cardSize, cardWrap, fullWidth, search } = table.data;
  const cards = view === 'cards';
  const open = startTag('table', [
    ['data-header-hidden', !cards && headerHidden ? true : undefined],
    ['data-card-size', cardSize],
    ['data-column-title-hidden', cards && headerHidden ? true : undefined],
    ['data-card-wrap', booleanString(cardWrap)],
    ['data-view', cards ? 'cards' : undefined],
    ['data-full-width', booleanString(fullWidth)],
    ['data-search', booleanString(search)],
  ]);
  const head = tableColumns(table)
    .map(
      ({ column }) =>
        `${startTag('th', headerAttributes(column))}${encodeHtml(column.title)}${selectHtml(column)}</th>`,
    )
    .join('');
  const body = tableRows(table)
    .map((row) => {
      const cells = row.map(
        (cell) =>
          `${startTag('td', [
            ['align', cell.column.textAlignment],
            ['valign', cell.column.verticalAlignment],
          ])}${valueHtml(cell, context)}</td>`,
      );
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  const html = `${open}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return html.replace(/\n(?=[ \t]*\n)/g, '&#xA;');
}
