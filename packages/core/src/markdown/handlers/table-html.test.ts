import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Code, Hint, Paragraph, Table, TableColumn } from '../../model/blocks.js';
import { paragraph as paragraphArbitrary, plainText } from '../../testing/arbitraries.js';
import { parsePage } from '../parse-page.js';
import { renderDocument, renderPage } from '../render-page.js';
import { buildTable, tableRows, type CellInput } from './table-builder.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const rules = (markdown: string) =>
  parsePage(markdown).diagnostics.map(({ ruleId, severity }) => `${severity}:${ruleId}`);
const tableOf = (markdown: string) => {
  const [table] = parsePage(markdown).document.nodes;
  if (table?.type !== 'table') throw new Error(`expected a table, got ${table?.type ?? 'nothing'}`);
  return table;
};
/** The blocks of the cell at a row and column (none for a typed or missing cell). */
const blocksAt = (table: Table | undefined, row: number, column: number): Block[] =>
  (table ? tableRows(table)[row]?.[column]?.blocks : undefined) ?? [];
const types = (blocks: readonly Block[] | undefined) => blocks?.map((block) => block.type);
const text = (block: Block | undefined): string =>
  (block as Paragraph).nodes
    .map((node) => {
      if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
      return node.type === 'link' ? text({ ...(block as Paragraph), nodes: node.nodes }) : '';
    })
    .join('');

const widths =
  '<table><thead><tr><th width="202">Type</th><th width="214.2847900390625">Format</th><th>Example</th></tr></thead><tbody><tr><td>Generic word</td><td><code>$1</code></td><td><code>disagree</code></td></tr><tr><td>Action</td><td><code>$1_action</code></td><td><code>apply_action</code></td></tr></tbody></table>\n';

describe('complex tables (one-line HTML)', () => {
  it('reads column widths and text cells, and writes them back byte for byte', () => {
    const table = tableOf(widths);
    expect(table.data.view).toBe('grid');
    expect(table.data.columns.map((id) => table.data.definition[id])).toEqual([
      { type: 'text', title: 'Type', width: 202 },
      { type: 'text', title: 'Format', width: 214.2847900390625 },
      { type: 'text', title: 'Example' },
    ]);
    expect(Object.values(table.data.records).map((record) => record.orderIndex)).toEqual([
      'a0',
      'a1',
    ]);
    expect(text(blocksAt(table, 0, 0)[0])).toBe('Generic word');
    expect((blocksAt(table, 0, 1)[0] as Paragraph).nodes).toEqual([
      {
        object: 'text',
        leaves: [{ object: 'leaf', text: '$1', marks: [{ object: 'mark', type: 'code' }] }],
      },
    ]);
    expect(rules(widths)).toEqual([]);
    expect(roundTrip(widths)).toBe(widths);
  });

  it('reads a hidden header, full width and search off', () => {
    const markdown =
      '<table data-header-hidden data-full-width="false" data-search="false"><thead><tr><th width="247">Hardware</th><th></th></tr></thead><tbody><tr><td>Minimum</td><td>3CPU 4RAM</td></tr></tbody></table>\n';
    expect(tableOf(markdown).data).toMatchObject({
      view: 'grid',
      headerHidden: true,
      fullWidth: false,
      search: false,
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads alignment and vertical alignment, written on the header and every cell', () => {
    const markdown =
      '<table><thead><tr><th width="112" align="center"># minutes</th><th width="187" valign="top">Visual</th></tr></thead><tbody><tr><td align="center">5</td><td valign="top"><p></p><p><mark style="color:$success;background-color:green;"><strong>Bright</strong></mark></p></td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    expect(table.data.definition.c1).toEqual({
      type: 'text',
      title: '# minutes',
      width: 112,
      textAlignment: 'center',
    });
    expect(table.data.definition.c2?.verticalAlignment).toBe('top');
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a cards table: size, wrap, hidden titles, target and cover columns', () => {
    const markdown =
      '<table data-card-size="large" data-column-title-hidden data-card-wrap="false" data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th><th data-hidden data-card-cover-dark data-type="image">Cover image (dark)</th></tr></thead><tbody><tr><td><h4><i class="fa-github">:github:</i></h4></td><td><strong>GitBook homepage</strong></td><td><a href="https://www.gitbook.com/">https://www.gitbook.com/</a></td><td><a href="../../.gitbook/assets/cards_3 (1).png">cards_3 (1).png</a></td><td></td></tr><tr><td>Sync</td><td>Set up Git Sync.</td><td><a href="../getting-started/git-sync/">git-sync</a></td><td></td><td><a href="../assets/dark.png">dark.png</a></td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    expect(table.data).toMatchObject({
      view: 'cards',
      cardSize: 'large',
      cardWrap: false,
      headerHidden: true,
    });
    expect(table.data.columns.map((id) => table.data.definition[id])).toEqual([
      { type: 'text', title: '' },
      { type: 'text', title: '' },
      { type: 'content-ref', title: '', hidden: true, cardRole: 'target' },
      { type: 'files', title: '', hidden: true, cardRole: 'cover' },
      { type: 'image', title: 'Cover image (dark)', hidden: true, cardRole: 'cover-dark' },
    ]);
    const [first, second] = tableRows(table);
    expect(first?.slice(2).map((cell) => cell.value)).toEqual([
      { kind: 'url', url: 'https://www.gitbook.com/' },
      ['../../.gitbook/assets/cards_3 (1).png'],
      undefined,
    ]);
    expect(types(first?.[0]?.blocks)).toEqual(['heading-3']);
    expect(second?.[2]?.value).toEqual({ kind: 'url', url: '../getting-started/git-sync/' });
    expect(rules(markdown)).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads select columns: options, single and multiple, and cells naming them', () => {
    const markdown =
      '<table><thead><tr><th>Metric</th><th width="100">Status<select><option value="sqgq1MesM8XL" label="Achieved" color="blue"></option><option value="83KQpvtBIYxJ" label="In &#x26; progress" color="blue"></option></select></th><th>Kind<select multiple><option value="a" label="Static"></option><option value="b" label="OIDC" color="green"></option></select></th></tr></thead><tbody><tr><td>Nodes</td><td><span data-option="83KQpvtBIYxJ">In &#x26; progress</span></td><td><span data-option="a">Static, </span><span data-option="b">OIDC</span></td></tr><tr><td>PCB</td><td></td><td></td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    expect(table.data.definition.c2).toEqual({
      type: 'select',
      title: 'Status',
      width: 100,
      options: [
        { value: 'sqgq1MesM8XL', label: 'Achieved', color: 'blue' },
        { value: '83KQpvtBIYxJ', label: 'In & progress', color: 'blue' },
      ],
    });
    expect(table.data.definition.c3?.multiple).toBe(true);
    expect(tableRows(table).map((row) => row.slice(1).map((cell) => cell.value))).toEqual([
      [['83KQpvtBIYxJ'], ['a', 'b']],
      [undefined, undefined],
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads checkbox, number, rating and users columns', () => {
    const markdown =
      '<table data-full-width="true"><thead><tr><th width="137" data-type="checkbox">Compatible?</th><th data-type="number">Value</th><th data-type="rating" data-max="5">Stars</th><th data-type="users" data-multiple>Owners</th><th data-hidden data-type="number">Internal</th></tr></thead><tbody><tr><td>true</td><td>0</td><td>3</td><td></td><td>1.5</td></tr><tr><td>false</td><td></td><td>5</td><td></td><td>-2</td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    expect(table.data.columns.map((id) => table.data.definition[id])).toEqual([
      { type: 'checkbox', title: 'Compatible?', width: 137 },
      { type: 'number', title: 'Value' },
      { type: 'rating', title: 'Stars', max: 5 },
      { type: 'users', title: 'Owners', multiple: true },
      { type: 'number', title: 'Internal', hidden: true },
    ]);
    expect(tableRows(table).map((row) => row.map((cell) => cell.value))).toEqual([
      [true, 0, 3, undefined, 1.5],
      [false, undefined, 5, undefined, -2],
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads rich text cells: paragraphs, headings, hints, lists, quotes and code', () => {
    const markdown =
      '<table><thead><tr><th>A</th><th width="249.99609375">B</th></tr></thead><tbody><tr><td><h3>Title</h3><p><strong>Nota</strong>: a <em>b</em> <a href="https://x.test/a?b=1&#x26;c=2"><strong>link</strong></a><br>next line</p></td><td><div data-gb-custom-block data-tag="hint" data-style="success" class="hint hint-success"><p>Hint <code>x &#x3C; y</code></p></div><ul><li><strong>One</strong>: first</li><li><p>Two</p><p>paragraphs</p></li></ul></td></tr><tr><td><ol start="3"><li>three</li></ol><blockquote><p>quoted</p></blockquote><hr></td><td><pre class="language-typescript"><code class="lang-typescript">// Code block\nconst a = 1;\n</code></pre></td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    const [a, b, c, d] = [
      blocksAt(table, 0, 0),
      blocksAt(table, 0, 1),
      blocksAt(table, 1, 0),
      blocksAt(table, 1, 1),
    ];
    expect(types(a)).toEqual(['heading-2', 'paragraph']);
    expect(text(a[1])).toBe('Nota: a b link\nnext line');
    expect(types(b)).toEqual(['hint', 'list-unordered']);
    expect((b[0] as Hint).data).toEqual({ style: 'success' });
    expect(text((b[0] as Hint).nodes[0])).toBe('Hint x < y');
    expect(types(c)).toEqual(['list-ordered', 'blockquote', 'divider']);
    expect(c[0]).toMatchObject({ data: { start: 3 } });
    expect((d[0] as Code).data).toEqual({ syntax: 'typescript' });
    expect(rules(markdown)).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads inline HTML in cells: colour, keyboard, mentions, emoji, icons, buttons', () => {
    const markdown =
      '<table><thead><tr><th width="300">A</th><th>B</th></tr></thead><tbody><tr><td><mark style="color:yellow;"><code>doskey /h</code></mark> <kbd>⌘</kbd> <a data-mention href="getting-started/quickstart.md">quickstart.md</a></td><td><span data-gb-custom-inline data-tag="emoji" data-code="1f50d">🔍</span> <i class="fa-bolt">:bolt:</i> <a href="https://app.gitbook.com" class="button primary">GitBook</a></td></tr></tbody></table>\n';
    const table = tableOf(markdown);
    const inlines = (blocks: Block[]) =>
      (blocks[0] as Paragraph).nodes.flatMap((node) =>
        node.object === 'inline' ? [node.type] : [],
      );
    expect(inlines(blocksAt(table, 0, 0))).toEqual(['mention']);
    expect(inlines(blocksAt(table, 0, 1))).toEqual(['emoji', 'icon', 'button']);
    expect(rules(markdown)).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes `&`, `<` and `"` as GitBook does, in text and attributes', () => {
    const markdown =
      '<table><thead><tr><th width="120">A &#x26; B &#x3C;c></th></tr></thead><tbody><tr><td><a href="a.md?x=&#x22;1&#x22;&#x26;y=2">Fish &#x26; &#x3C;chips></a></td></tr></tbody></table>\n';
    expect(tableOf(markdown).data.definition.c1?.title).toBe('A & B <c>');
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads images in cells, written `<div><figure>…</figure></div>` as GitBook does there', () => {
    const markdown =
      '<table data-header-hidden><thead><tr><th width="321"></th><th></th></tr></thead><tbody><tr><td><div><figure><img src="../../.gitbook/assets/image (23).png" alt=""><figcaption></figcaption></figure></div></td><td><p><strong>Default</strong></p><p>Displays messages</p></td></tr></tbody></table>\n';
    expect(types(blocksAt(tableOf(markdown), 0, 0))).toEqual(['images']);
    expect(roundTrip(markdown)).toBe(markdown);
    const bare = markdown
      .replace('<div><figure>', '<figure>')
      .replace('</figure></div>', '</figure>');
    expect(roundTrip(bare)).toBe(markdown);
  });

  it('writes a table inside a list item on one line', () => {
    const markdown =
      '*   Item\n\n    <table><thead><tr><th width="100">a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>\n';
    const { document } = parsePage(markdown);
    const [list] = document.nodes;
    expect(list?.type === 'list-unordered' && types(list.nodes[0]?.nodes)).toEqual([
      'paragraph',
      'table',
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('complex tables not understood', () => {
  const verbatim = {
    'an attribute docsync does not model':
      '<table><thead><tr><th data-type="image">Cover</th></tr></thead><tbody><tr><td data-object-fit="contain"><a href="a.png">a.png</a></td></tr></tbody></table>\n',
    'a table inside a cell':
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><table><tbody><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>\n',
    'rows without `<thead>`': '<table><tr><td>x</td></tr></table>\n',
    'a row with a missing cell':
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>\n',
    'a link text GitBook would not write':
      '<table><thead><tr><th data-type="content-ref">Page</th></tr></thead><tbody><tr><td><a href="../a/b.md">Read more</a></td></tr></tbody></table>\n',
    'an option the column does not list':
      '<table><thead><tr><th>S<select><option value="a" label="A"></option></select></th></tr></thead><tbody><tr><td><span data-option="z">Z</span></td></tr></tbody></table>\n',
    'a cell aligned unlike its column':
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td align="right">x</td></tr></tbody></table>\n',
    'a checkbox cell holding text':
      '<table><thead><tr><th data-type="checkbox">a</th></tr></thead><tbody><tr><td>yes</td></tr></tbody></table>\n',
    'a title holding HTML':
      '<table><thead><tr><th><strong>a</strong></th></tr></thead><tbody></tbody></table>\n',
  };
  for (const [what, markdown] of Object.entries(verbatim)) {
    it(`keeps a table with ${what} as written, with a diagnostic saying why`, () => {
      const { document, diagnostics } = parsePage(markdown);
      expect(types(document.nodes)).toEqual(['markdown']);
      expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual([
        'unsupported-table',
        'raw-html',
      ]);
      expect(diagnostics[0]?.message).toMatch(/^this `<table>` is kept as written: ./);
      expect(diagnostics[0]?.line).toBe(1);
      expect(roundTrip(markdown)).toBe(markdown);
    });
  }

  it('drops the diagnostics of cells read before the table was given up', () => {
    const markdown =
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><span class="x">odd</span></td></tr><tr><td align="left">x</td></tr></tbody></table>\n';
    expect(rules(markdown)).toEqual(['info:unsupported-table', 'info:raw-html']);
  });

  it('keeps unknown inline HTML in a cell as written inside a modelled table', () => {
    const markdown =
      '<table><thead><tr><th width="50">a</th></tr></thead><tbody><tr><td><span class="x">odd</span> <i class="fa-bolt" style="color:$primary;">:bolt:</i></td></tr></tbody></table>\n';
    expect(types(parsePage(markdown).document.nodes)).toEqual(['table']);
    expect(rules(markdown).every((rule) => rule === 'info:raw-html')).toBe(true);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('complex tables in other forms', () => {
  it('writes a hand-written multi-line table on one line, once', () => {
    const markdown =
      '<table data-view="cards"><thead><tr><th></th><th></th></tr></thead><tbody>\n<tr><td><strong>Need</strong></td><td>A laptop.</td></tr>\n</tbody></table>\n';
    const once = roundTrip(markdown);
    expect(once).toBe(
      '<table data-view="cards"><thead><tr><th></th><th></th></tr></thead><tbody><tr><td><strong>Need</strong></td><td>A laptop.</td></tr></tbody></table>\n',
    );
    expect(roundTrip(once)).toBe(once);
  });

  it('writes an HTML table that needs nothing HTML-only as a pipe table', () => {
    const markdown =
      '<table><thead><tr><th align="right">a</th><th>b</th></tr></thead><tbody><tr><td align="right">1</td><td><p>x</p><p>y</p></td></tr></tbody></table>\n';
    expect(roundTrip(markdown)).toBe(
      '|  a | b                |\n| -: | ---------------- |\n|  1 | <p>x</p><p>y</p> |\n',
    );
  });

  it('writes an icon without its `:name:` text as GitBook does, with the text', () => {
    const markdown =
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><i class="fa-bolt"></i></td></tr></tbody></table>\n';
    expect(roundTrip(markdown)).toBe(markdown.replace('</i>', ':bolt:</i>'));
  });
});

describe('writing complex tables', () => {
  const paragraph = (value: string): Paragraph => ({
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] }],
  });

  it('writes a blank line of code in a cell as `&#xA;`, so that the HTML block goes on', () => {
    const code: Code = {
      object: 'block',
      type: 'code',
      data: {},
      nodes: ['a', '', 'b'].map((line) => ({
        object: 'block',
        type: 'code-line',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
      })),
    };
    const table = buildTable([{ type: 'text', title: 'a' }], [[{ blocks: [code] }]], {
      view: 'grid',
    });
    const markdown = renderDocument({ object: 'document', data: {}, nodes: [table] });
    expect(markdown).toBe(
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><pre><code>a&#xA;\nb</code></pre></td></tr></tbody></table>\n',
    );
    expect(parsePage(markdown).document.nodes).toEqual([table]);
  });

  it('writes a hidden column without a card role with `data-hidden` after its type', () => {
    const table: Table = buildTable(
      [
        { type: 'rating', title: 'r', max: 5, hidden: true },
        { type: 'content-ref', title: '', hidden: true, cardRole: 'target', width: 80 },
      ],
      [[{ value: 4 }, { value: { kind: 'url', url: 'page.md' } }]],
      { view: 'cards', cardSize: 'medium' },
    );
    expect(renderDocument({ object: 'document', data: {}, nodes: [table] })).toBe(
      '<table data-card-size="medium" data-view="cards"><thead><tr><th data-hidden data-type="rating" data-max="5">r</th><th width="80" data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>4</td><td><a href="page.md">page.md</a></td></tr></tbody></table>\n',
    );
  });

  it('writes a cell of a type it cannot show (users) empty, and a lone paragraph bare', () => {
    const table = buildTable(
      [
        { type: 'users', title: 'u' },
        { type: 'text', title: 't' },
      ],
      [[{ value: ['user-1'] }, { blocks: [paragraph('x & y')] }]],
      { view: 'grid' },
    );
    expect(renderDocument({ object: 'document', data: {}, nodes: [table] })).toBe(
      '<table><thead><tr><th data-type="users">u</th><th>t</th></tr></thead><tbody><tr><td></td><td>x &#x26; y</td></tr></tbody></table>\n',
    );
  });
});

/** Cells of each column type as the readers give them back. */
const typedColumns: { column: TableColumn; cell: fc.Arbitrary<CellInput> }[] = [
  { column: { type: 'checkbox', title: 'Done' }, cell: fc.boolean().map((value) => ({ value })) },
  {
    column: { type: 'number', title: 'Count', width: 90.5 },
    cell: fc
      .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
      .filter((value) => !Object.is(value, -0))
      .map((value) => ({ value })),
  },
  {
    column: {
      type: 'select',
      title: 'Status',
      multiple: true,
      options: [
        { value: 'a1', label: 'To do', color: 'blue' },
        { value: 'b2', label: 'Done, & <checked>' },
      ],
    },
    cell: fc.subarray(['a1', 'b2'], { minLength: 1 }).map((value) => ({ value })),
  },
  {
    column: { type: 'content-ref', title: 'Page', hidden: true, cardRole: 'target' },
    cell: fc
      .constantFrom('page.md', '../a/b c.md', 'https://x.test/?q=1&r=2', 'dir/', 'p.md#anchor')
      .map((url) => ({ value: { kind: 'url' as const, url } })),
  },
];

const documentTable = fc
  .record({
    titles: fc.array(plainText, { minLength: 1, maxLength: 3 }),
    html: fc.boolean(),
    typed: fc.subarray(typedColumns),
    rows: fc.integer({ min: 0, max: 3 }),
    seed: fc.array(fc.array(paragraphArbitrary, { minLength: 1, maxLength: 2 }), {
      minLength: 12,
      maxLength: 12,
    }),
    values: fc.tuple(
      ...typedColumns.map(({ cell }) => fc.array(cell, { minLength: 3, maxLength: 3 })),
    ),
  })
  .map(({ titles, html, typed, rows, seed, values }) => {
    const columns: TableColumn[] = [
      ...titles.map((title, index): TableColumn =>
        html && index === 0 ? { type: 'text', title, width: 120 } : { type: 'text', title },
      ),
      ...typed.map(({ column }) => column),
    ];
    const cells = Array.from({ length: rows }, (_, row): CellInput[] => [
      ...titles.map((_, index) => ({ blocks: seed[row * 3 + index] ?? [] })),
      ...typed.map(({ column }) => {
        const at = typedColumns.findIndex((typedColumn) => typedColumn.column === column);
        return values[at]?.[row] ?? {};
      }),
    ]);
    return buildTable(columns, cells, { view: 'grid' });
  });

describe('tables (property tests)', () => {
  it('parse(render(d)) gives back any table d, in pipe or HTML form', () => {
    fc.assert(
      fc.property(documentTable, (table) => {
        const markdown = renderDocument({ object: 'document', data: {}, nodes: [table] });
        const parsed = parsePage(markdown);
        expect(parsed.document.nodes).toEqual([table]);
        expect(parsed.diagnostics).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
