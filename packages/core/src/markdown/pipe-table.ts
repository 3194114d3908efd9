import type { Table } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Handle } from 'mdast-util-to-markdown';

declare module 'mdast' {
  interface TableData {
    /** Written without padding its columns (see the `table` block's `unpadded`). */
    unpadded?: boolean;
  }
}

const gfmTable = (gfmToMarkdown().extensions ?? []).find((extension) => extension.handlers?.table)
  ?.handlers?.table as Handle;
const delimiters = { left: ':---', right: '---:', center: ':---:' } as const;

/**
 * Pipe tables as GFM writes them (columns padded to their widest cell), or, for a table read
 * unpadded (`data.unpadded`), each cell as it is between `| ` and ` |`, over `:---` delimiters:
 * the 2018–21 exporter's form.
 */
export const pipeTable: Handle = (node: Table, parent, state, info) => {
  if (node.data?.unpadded !== true) return gfmTable(node, parent, state, info);
  const exit = state.enter('table');
  const rows = node.children.map((row) =>
    row.children.map((cell) =>
      state.handle(cell, row, state, { ...info, before: '| ', after: ' |' }),
    ),
  );
  exit();
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const delimiter = (node.align ?? []).map((align) => (align ? delimiters[align] : '---'));
  const [header = [], ...body] = rows;
  return [
    line(header),
    line(header.map((_, index) => delimiter[index] ?? '---')),
    ...body.map(line),
  ].join('\n');
};
