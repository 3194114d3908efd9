import { describe, expect, it } from 'vitest';
import type { Columns } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

const exported = `{% columns fullWidth="true" %}
{% column width="66.66666666666666%" valign="middle" %}
**Create a seamless experience**

<a href="https://www.gitbook.com/" class="button primary">Learn more</a>
{% endcolumn %}

{% column %}
Second column.
{% endcolumn %}
{% endcolumns %}
`;

describe('columns', () => {
  it('reads columns with full-precision percentage widths and vertical alignment', () => {
    const { document, diagnostics } = parsePage(exported);
    const [columns] = document.nodes as [Columns];
    expect(columns.type).toBe('columns');
    expect(columns.data).toEqual({ fullWidth: true });
    expect(columns.nodes.map((column) => column.data)).toEqual([
      { width: { unit: '%', value: 66.66666666666666 }, verticalAlignment: 'middle' },
      {},
    ]);
    expect(columns.nodes.map((column) => column.nodes.map((block) => block.type))).toEqual([
      ['paragraph', 'paragraph'],
      ['paragraph'],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('writes columns back byte for byte', () => {
    expect(roundTrip(exported)).toBe(exported);
    const plain =
      '{% columns %}\n{% column width="50%" %}\nA\n{% endcolumn %}\n\n{% column %}\nB\n{% endcolumn %}\n{% endcolumns %}\n';
    expect(roundTrip(plain)).toBe(plain);
  });

  it('writes an empty column as its two tags', () => {
    const markdown =
      '{% columns %}\n{% column width="25%" %}\n{% endcolumn %}\n\n{% column width="75%" %}\nB\n{% endcolumn %}\n{% endcolumns %}\n';
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes a width the model holds as a number with the precision JavaScript prints', () => {
    const markdown = renderPage({
      metadata: {},
      document: {
        object: 'document',
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'columns',
            data: {},
            nodes: [
              {
                object: 'block',
                type: 'column',
                data: { width: { unit: '%', value: 100 / 3 } },
                nodes: [],
              },
            ],
          },
        ],
      },
    });
    expect(markdown).toBe(
      '{% columns %}\n{% column width="33.333333333333336%" %}\n{% endcolumn %}\n{% endcolumns %}\n',
    );
  });

  it.each([
    ['an unknown column attribute', '{% column width="50%" color="red" %}'],
    ['a width that is not a length', '{% column width="half" %}'],
    ['an unknown vertical alignment', '{% column valign="center" %}'],
  ])('keeps columns with %s verbatim', (_, opening) => {
    const markdown = `{% columns %}\n${opening}\nA\n{% endcolumn %}\n{% endcolumns %}\n`;
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps columns holding something other than column blocks verbatim', () => {
    const markdown =
      '{% columns %}\nStray text.\n\n{% column %}\nA\n{% endcolumn %}\n{% endcolumns %}\n';
    expect(parsePage(markdown).document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});
