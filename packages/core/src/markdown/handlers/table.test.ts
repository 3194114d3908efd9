import { readFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Paragraph, Table } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderDocument, renderPage } from '../render-page.js';
import { buildTable, orderKey, tableRows } from './table-builder.js';
import { needsHtmlForm } from './table.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const rules = (markdown: string) =>
  parsePage(markdown).diagnostics.map(({ ruleId, severity }) => `${severity}:${ruleId}`);
const tablesOf = (markdown: string) =>
  parsePage(markdown).document.nodes.filter((node): node is Table => node.type === 'table');

/** The text of each cell, row by row (paragraphs joined with `¶`). */
function cellTexts(table: Table): string[][] {
  return tableRows(table).map((row) =>
    row.map((cell) =>
      (cell.blocks ?? [])
        .map((block) =>
          (block as Paragraph).nodes
            .map((node) =>
              node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : '',
            )
            .join(''),
        )
        .join('¶'),
    ),
  );
}

/** The blocks of the cell at a row and column (none for a typed or missing cell). */
const blocksAt = (table: Table | undefined, row: number, column: number): Block[] =>
  (table ? tableRows(table)[row]?.[column]?.blocks : undefined) ?? [];

const paragraph = (text: string): Paragraph => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

const simple = `| Title 1   |  Title 2  |   Title 3 |
| --------- | :-------: | --------: |
| Content 1 | Content 2 | Content 3 |
| Content 1 | Content 2 | Content 3 |
`;

describe('simple tables (GFM pipe tables)', () => {
  it('reads a pipe table into a grid table: text columns, aligned, a record per row', () => {
    const { document, diagnostics } = parsePage(simple);
    const [table] = document.nodes as [Table];
    expect(table.type).toBe('table');
    expect(table.isVoid).toBe(true);
    expect(table.data.view).toBe('grid');
    expect(table.data.columns).toEqual(['c1', 'c2', 'c3']);
    expect(table.data.definition).toEqual({
      c1: { type: 'text', title: 'Title 1' },
      c2: { type: 'text', title: 'Title 2', textAlignment: 'center' },
      c3: { type: 'text', title: 'Title 3', textAlignment: 'right' },
    });
    expect(table.data.records).toEqual({
      r1: { orderIndex: 'a0', values: { c1: 'r1-c1', c2: 'r1-c2', c3: 'r1-c3' } },
      r2: { orderIndex: 'a1', values: { c1: 'r2-c1', c2: 'r2-c2', c3: 'r2-c3' } },
    });
    expect(table.fragments[0]).toEqual({
      object: 'fragment',
      type: 'table-cell',
      fragment: 'r1-c1',
      nodes: [paragraph('Content 1')],
    });
    expect(diagnostics).toEqual([]);
  });

  it('writes a pipe table back padded to column width, with the alignment markers', () => {
    expect(roundTrip(simple)).toBe(simple);
  });

  it('gives the same ids to the same markdown', () => {
    expect(parsePage(simple).document).toEqual(parsePage(simple).document);
  });

  it('reads a `:---` column as left-aligned and writes the marker back', () => {
    const markdown = '| a  | b |\n| :- | - |\n| 1  | 2 |\n';
    const [table] = tablesOf(markdown);
    expect(table?.data.definition.c1?.textAlignment).toBe('left');
    expect(table?.data.definition.c2?.textAlignment).toBeUndefined();
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a cell of several paragraphs written `<p>…</p><p>…</p>` and writes it so', () => {
    const markdown = `| Title 1                                   |  Title 2  |
| ----------------------------------------- | :-------: |
| <p>Content 1</p><p>This is a 2nd line</p> | Content 2 |
`;
    const [table] = tablesOf(markdown);
    expect(cellTexts(table as Table)).toEqual([['Content 1¶This is a 2nd line', 'Content 2']]);
    expect(rules(markdown)).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads `<br>` as a line break and `\\|` as a pipe, and writes them so, in `<p>` as the exporter does (secoda-docs subprocessors.md)', () => {
    const markdown = '| a                   |\n| ------------------- |\n| one<br>two \\| three |\n';
    const [table] = tablesOf(markdown);
    expect(cellTexts(table as Table)).toEqual([['one\ntwo | three']]);
    const wrapped =
      '| a                          |\n| -------------------------- |\n| <p>one<br>two \\| three</p> |\n';
    expect(roundTrip(markdown)).toBe(wrapped);
    expect(roundTrip(wrapped)).toBe(wrapped);
  });

  it('reads formatting, links and inline HTML in cells', () => {
    const markdown =
      '| Name         | Link                   |\n| ------------ | ---------------------- |\n| **bold** `c` | [docs](../a.md "x") <mark style="color:red;">red</mark> |\n';
    const [table] = tablesOf(markdown);
    expect((blocksAt(table, 0, 0)[0] as Paragraph).nodes).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'bold', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'c', marks: [{ object: 'mark', type: 'code' }] },
        ],
      },
    ]);
    expect(
      (blocksAt(table, 0, 1)[0] as Paragraph).nodes.map(
        (node) => node.object === 'inline' && node.type,
      ),
    ).toEqual(['link', false]);
    expect(roundTrip(roundTrip(markdown))).toBe(roundTrip(markdown));
  });

  it('fills the missing cells of a short row with empty cells', () => {
    const markdown = '| a | b |\n| - | - |\n| 1 |\n';
    const [table] = tablesOf(markdown);
    expect(cellTexts(table as Table)).toEqual([['1', '']]);
    expect(roundTrip(markdown)).toBe('| a | b |\n| - | - |\n| 1 |   |\n');
  });

  it('keeps a table whose column title holds formatting as written, with a diagnostic', () => {
    const markdown = '| **Name** | Type |\n| -------- | ---- |\n| a        | b    |\n';
    expect(parsePage(markdown).document.nodes.map((node) => node.type)).toEqual(['markdown']);
    expect(rules(markdown)).toEqual(['warning:table-title-markup']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a table whose row has more cells than the header as written, with a diagnostic', () => {
    const markdown = '| a |\n| - |\n| 1 | 2 |\n';
    expect(parsePage(markdown).document.nodes.map((node) => node.type)).toEqual(['markdown']);
    expect(rules(markdown)).toEqual(['warning:table-extra-cells']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('re-exports the git-sync-normalization tables page byte for byte, as table blocks', () => {
    const page = readFileSync(
      new URL('../../../fixtures/corpora/git-sync-normalization/tables.md', import.meta.url),
      'utf8',
    );
    const { document, diagnostics } = parsePage(page);
    expect(document.nodes.map((node) => node.type)).toEqual([
      'heading-2',
      'table',
      'heading-2',
      'table',
    ]);
    expect(diagnostics).toEqual([]);
    expect(renderPage(parsePage(page))).toBe(page);
  });

  it('reads a table inside a list item and a hint', () => {
    const markdown =
      '*   Item\n\n    | a | b |\n    | - | - |\n    | 1 | 2 |\n\n{% hint style="info" %}\n| a | b |\n| - | - |\n| 1 | 2 |\n{% endhint %}\n';
    const { document } = parsePage(markdown);
    const item = document.nodes[0];
    const hint = document.nodes[1];
    expect(
      item?.type === 'list-unordered' && item.nodes[0]?.nodes.map((node) => node.type),
    ).toEqual(['paragraph', 'table']);
    expect(hint?.type === 'hint' && hint.nodes.map((node) => node.type)).toEqual(['table']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('writing tables', () => {
  it('orders rows by `orderIndex`, not by record id', () => {
    const table = buildTable(
      [{ type: 'text', title: 'n' }],
      [{ blocks: [paragraph('first')] }, { blocks: [paragraph('second')] }].map((cell) => [cell]),
      { view: 'grid' },
    );
    table.data.records = {
      r1: { orderIndex: 'a1', values: { c1: 'r1-c1' } },
      r2: { orderIndex: 'a0V', values: { c1: 'r2-c1' } },
    };
    expect(renderDocument({ object: 'document', data: {}, nodes: [table] })).toBe(
      '| n      |\n| ------ |\n| second |\n| first  |\n',
    );
  });

  it('writes a cell whose fragment is missing as an empty cell', () => {
    const table = buildTable([{ type: 'text', title: 'n' }], [[{ blocks: [] }]], { view: 'grid' });
    table.fragments = [];
    expect(renderDocument({ object: 'document', data: {}, nodes: [table] })).toBe(
      '| n |\n| - |\n|   |\n',
    );
  });

  it('chooses the HTML form only for what a pipe table cannot hold', () => {
    const text = (blocks: Block[]) =>
      buildTable([{ type: 'text', title: 'a' }], [[{ blocks }]], { view: 'grid' });
    expect(needsHtmlForm(text([paragraph('a'), paragraph('b')]))).toBe(false);
    expect(needsHtmlForm(text([{ ...paragraph('h'), type: 'heading-3' }]))).toBe(true);
    const column = (extra: object) =>
      buildTable([{ type: 'text', title: 'a', ...extra }], [], { view: 'grid' });
    expect(needsHtmlForm(column({ textAlignment: 'center' }))).toBe(false);
    expect(needsHtmlForm(column({ width: 120 }))).toBe(true);
    expect(needsHtmlForm(column({ hidden: true }))).toBe(true);
    expect(needsHtmlForm(column({ verticalAlignment: 'top' }))).toBe(true);
    expect(needsHtmlForm(column({ type: 'checkbox' }))).toBe(true);
    const options = (extra: object) =>
      buildTable([{ type: 'text', title: 'a' }], [], { view: 'grid', ...extra });
    expect(needsHtmlForm(options({ fullWidth: false }))).toBe(true);
    expect(needsHtmlForm(options({ headerHidden: true }))).toBe(true);
    expect(needsHtmlForm(options({ search: false }))).toBe(true);
    expect(needsHtmlForm(options({ view: 'cards' }))).toBe(true);
    expect(needsHtmlForm(buildTable([], [], { view: 'grid' }))).toBe(true);
  });

  it('writes a table with a heading in a cell as one line of HTML', () => {
    const table = buildTable(
      [{ type: 'text', title: 'a' }],
      [[{ blocks: [{ ...paragraph('Title'), type: 'heading-3' }, paragraph('Text')] }]],
      { view: 'grid' },
    );
    expect(renderDocument({ object: 'document', data: {}, nodes: [table] })).toBe(
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><h4>Title</h4><p>Text</p></td></tr></tbody></table>\n',
    );
  });
});

describe('orderKey', () => {
  it('gives fractional-indexing keys that sort in row order as plain strings', () => {
    expect([0, 1, 9, 10, 61, 62, 63].map(orderKey)).toEqual([
      'a0',
      'a1',
      'a9',
      'aA',
      'az',
      'b00',
      'b01',
    ]);
    const keys = Array.from({ length: 5000 }, (_, index) => orderKey(index));
    expect([...keys].sort()).toEqual(keys);
  });
});

/** Cell text with characters markdown and GFM tables treat specially. */
const cellText = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
      fc.constantFrom('|', '*', '_', '`', '<', '&', '\\', '[', ']', '#', ':', '-', '&#x20;', 'é'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((words) => words.join(' '));

const pipeTable = fc
  .record({
    titles: fc.array(cellText, { minLength: 1, maxLength: 3 }),
    aligns: fc.array(fc.constantFrom('---', ':--', ':-:', '--:'), { minLength: 3, maxLength: 3 }),
    rows: fc.array(
      fc.array(
        fc.oneof(
          cellText,
          cellText.map((text) => `<p>${text}</p><p>${text}</p>`),
        ),
        {
          minLength: 0,
          maxLength: 3,
        },
      ),
      { maxLength: 3 },
    ),
  })
  .map(
    ({ titles, aligns, rows }) =>
      [
        `| ${titles.join(' | ')} |`,
        `| ${titles.map((_, index) => aligns[index]).join(' | ')} |`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n') + '\n',
  );

describe('pipe tables (property tests)', () => {
  it('render(parse(x)) of any pipe table is a fixpoint after one step', () => {
    fc.assert(
      fc.property(pipeTable, (markdown) => {
        const once = roundTrip(markdown);
        expect(roundTrip(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
