import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Table, TableColumn, TableValue } from '../model/blocks.js';
import type { ContentRef } from '../model/content-ref.js';
import type { HtmlContext } from './html-options.js';
import { linkTo } from './inlines-to-hast.js';
import { safeUrl } from './safe-url.js';

const isRef = (value: TableValue): value is ContentRef =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value;

/** The rows of a table in their order (`orderIndex`, then id). */
function orderedRecords(table: Table) {
  return Object.entries(table.data.records).sort(([a, x], [b, y]) =>
    x.orderIndex < y.orderIndex ? -1 : x.orderIndex > y.orderIndex ? 1 : a < b ? -1 : 1,
  );
}

function fileImage(ctx: HtmlContext, value: TableValue, alt: string): ElementContent[] {
  const id = Array.isArray(value) ? value[0] : typeof value === 'string' ? value : undefined;
  const ref = isRef(value) && (value.kind === 'file' || value.kind === 'url') ? value : undefined;
  const file = ctx.options.links.file(ref ?? { kind: 'file', file: id ?? '' });
  const src = file === undefined ? undefined : safeUrl(file.url);
  return src === undefined ? [] : [h('img', { src, alt, loading: 'lazy' })];
}

/** One cell's content by its column's type. */
function cellContent(
  ctx: HtmlContext,
  table: Table,
  column: TableColumn,
  value: TableValue | undefined,
): ElementContent[] {
  if (value === undefined || value === null) return [];
  switch (column.type) {
    case 'text': {
      const fragment = table.fragments.find((item) => item.fragment === value);
      return fragment === undefined ? [] : ctx.blocks(fragment.nodes);
    }
    case 'checkbox':
      return [
        h('input', {
          type: 'checkbox',
          disabled: true,
          checked: value === true,
          ariaLabel: column.title,
        }),
      ];
    case 'rating': {
      const max = column.max ?? 5;
      const stars = typeof value === 'number' ? Math.max(0, Math.min(max, Math.round(value))) : 0;
      return [
        h(
          'span',
          { className: ['ds-rating'], role: 'img', ariaLabel: `${stars} of ${max}` },
          '★'.repeat(stars) + '☆'.repeat(Math.max(0, max - stars)),
        ),
      ];
    }
    case 'select': {
      const values = Array.isArray(value)
        ? value
        : [typeof value === 'string' ? value : JSON.stringify(value)];
      const label = (option: string) =>
        column.options?.find((item) => item.value === option)?.label ?? option;
      return values.map((option) => h('span', { className: ['ds-tag'] }, label(option)));
    }
    case 'content-ref':
      return isRef(value)
        ? [
            linkTo(ctx, value, [
              {
                type: 'text',
                value: ctx.options.links.title?.(value) ?? ctx.options.links.href(value) ?? '',
              },
            ]),
          ]
        : [];
    case 'image':
    case 'files':
      return fileImage(ctx, value, column.title);
    default:
      return [
        {
          type: 'text',
          value: Array.isArray(value) ? value.join(', ') : isRef(value) ? '' : String(value),
        },
      ];
  }
}

function gridToHast(ctx: HtmlContext, table: Table, columns: [string, TableColumn][]): Element {
  const records = orderedRecords(table);
  const align = (column: TableColumn) =>
    column.textAlignment === undefined ? {} : { style: `text-align:${column.textAlignment}` };
  return h('div', { className: ['ds-table'], tabIndex: 0, role: 'region', ariaLabel: 'Table' }, [
    h('table', [
      table.data.headerHidden === true
        ? null
        : h(
            'thead',
            h(
              'tr',
              columns.map(([, column]) =>
                h('th', { scope: 'col', ...align(column) }, column.title),
              ),
            ),
          ),
      h(
        'tbody',
        records.map(([, record]) =>
          h(
            'tr',
            columns.map(([id, column]) =>
              h('td', align(column), cellContent(ctx, table, column, record.values[id])),
            ),
          ),
        ),
      ),
    ]),
  ]);
}

function cardsToHast(ctx: HtmlContext, table: Table, columns: [string, TableColumn][]): Element {
  // A card's target and cover columns are usually hidden: they make the card, not its text.
  const all = table.data.columns.flatMap((id): [string, TableColumn][] => {
    const column = table.data.definition[id];
    return column === undefined ? [] : [[id, column]];
  });
  const role = (name: TableColumn['cardRole']) =>
    all.find(([, column]) => column.cardRole === name);
  const target = role('target');
  const cover = role('cover');
  const shown = columns.filter(([, column]) => column.cardRole === undefined);
  return h(
    'ul',
    {
      className: [
        'ds-cards',
        table.data.cardSize === 'large' ? 'ds-cards-large' : 'ds-cards-medium',
      ],
    },
    orderedRecords(table).map(([, record]) => {
      const image = cover === undefined ? [] : fileImage(ctx, record.values[cover[0]] ?? null, '');
      const body: ElementContent[] = shown.map(([id, column]) =>
        h(
          'div',
          { className: ['ds-card-field'] },
          cellContent(ctx, table, column, record.values[id]),
        ),
      );
      const link = target === undefined ? undefined : record.values[target[0]];
      const card = [...image, h('div', { className: ['ds-card-body'] }, body)];
      return h(
        'li',
        { className: ['ds-card'] },
        link !== undefined && isRef(link ?? null)
          ? [linkTo(ctx, link as ContentRef, card, { className: ['ds-card-link'] })]
          : card,
      );
    }),
  );
}

/** A table: a grid as `<table>`, a cards view as a list of cards. Hidden columns are left out. */
export function tableToHast(table: Table, ctx: HtmlContext): Element {
  const columns = table.data.columns.flatMap((id): [string, TableColumn][] => {
    const column = table.data.definition[id];
    return column === undefined || column.hidden === true ? [] : [[id, column]];
  });
  return table.data.view === 'cards'
    ? cardsToHast(ctx, table, columns)
    : gridToHast(ctx, table, columns);
}
