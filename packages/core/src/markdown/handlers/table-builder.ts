import type { Block, Fragment, Table, TableColumn, TableValue } from '../../model/blocks.js';

/** A cell as read: rich text (the blocks of its fragment) or a typed value (none when empty). */
export type CellInput = { blocks: Block[] } | { value?: TableValue };

/** A cell as written: its column, and its blocks (text columns) or value. */
export interface CellOutput {
  column: TableColumn;
  /** The fragment's blocks of a text cell; `undefined` when the cell names no fragment. */
  blocks?: Block[];
  value?: TableValue;
}

/** The table settings besides columns and rows. */
export type TableOptions = Omit<Table['data'], 'records' | 'definition' | 'columns'>;

const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The `orderIndex` of the record at `index`: fractional-indexing keys as GitBook uses them
 * (`a0`…`az`, then `b00`…), which sort in row order as plain strings.
 */
export function orderKey(index: number): string {
  let rest = index;
  for (let length = 1; ; length++) {
    const count = digits.length ** length;
    if (rest < count) {
      let key = '';
      for (let place = 0; place < length; place++) {
        key = (digits[rest % digits.length] as string) + key;
        rest = Math.floor(rest / digits.length);
      }
      return String.fromCharCode(96 + length) + key;
    }
    rest -= count;
  }
}

/**
 * A table block from columns and rows. Ids come from positions (`c1`, `r1`, fragment `r1-c1`), so
 * the same markdown always gives the same document.
 */
export function buildTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly CellInput[])[],
  options: TableOptions,
): Table {
  const columnIds = columns.map((_, index) => `c${index + 1}`);
  const fragments: Fragment<'table-cell'>[] = [];
  const records: Table['data']['records'] = {};
  rows.forEach((row, rowIndex) => {
    const recordId = `r${rowIndex + 1}`;
    const values: Record<string, TableValue> = {};
    row.forEach((cell, columnIndex) => {
      const columnId = columnIds[columnIndex] as string;
      if ('blocks' in cell) {
        const fragment = `${recordId}-${columnId}`;
        fragments.push({ object: 'fragment', type: 'table-cell', fragment, nodes: cell.blocks });
        values[columnId] = fragment;
      } else if (cell.value !== undefined) {
        values[columnId] = cell.value;
      }
    });
    records[recordId] = { orderIndex: orderKey(rowIndex), values };
  });
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: {
      ...options,
      records,
      definition: Object.fromEntries(
        columns.map((column, index): [string, TableColumn] => [columnIds[index] as string, column]),
      ),
      columns: columnIds,
    },
    fragments,
  };
}

/** The columns of a table in display order (ids without a definition are skipped). */
export function tableColumns(table: Table): { id: string; column: TableColumn }[] {
  return table.data.columns.flatMap((id) => {
    const column = table.data.definition[id];
    return column ? [{ id, column }] : [];
  });
}

/** The rows of a table in `orderIndex` order, each cell aligned with {@link tableColumns}. */
export function tableRows(table: Table): CellOutput[][] {
  const fragments = new Map(table.fragments.map((fragment) => [fragment.fragment, fragment]));
  const columns = tableColumns(table);
  return Object.entries(table.data.records)
    .sort(([idA, a], [idB, b]) =>
      a.orderIndex === b.orderIndex ? compare(idA, idB) : compare(a.orderIndex, b.orderIndex),
    )
    .map(([, record]) =>
      columns.map(({ id, column }) => {
        const value = record.values[id];
        if (column.type !== 'text') return value === undefined ? { column } : { column, value };
        const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
        return fragment ? { column, blocks: fragment.nodes } : { column };
      }),
    );
}

/** Code-unit order, as fractional-indexing keys are compared (not locale order). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
