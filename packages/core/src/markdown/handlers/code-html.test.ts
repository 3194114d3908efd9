import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Code } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderDocument, renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

function codeOf(markdown: string): Code {
  const { document } = parsePage(markdown);
  expect(document.nodes.map((block: Block) => block.type)).toEqual(['code']);
  return document.nodes[0] as Code;
}

const lines = (code: Code) =>
  code.nodes.map((line) => ({
    text: line.nodes.map((node) => (node.object === 'text' ? node.leaves[0]?.text : '')).join(''),
    highlighted: line.data.highlighted === true,
  }));

describe('rich code', () => {
  it('reads `<pre><code>` with a highlighted line into code lines marked highlighted', () => {
    const markdown =
      '<pre class="language-yaml" data-title="openapi.yaml" data-overflow="wrap"><code class="lang-yaml">openapi: \'3.0\'\n<strong>x-expandAllResponses: true\n</strong></code></pre>\n';
    const code = codeOf(markdown);
    expect(code.data).toEqual({ syntax: 'yaml', title: 'openapi.yaml', overflow: 'wrap' });
    expect(code.nodes[1]).toEqual({
      object: 'block',
      type: 'code-line',
      data: { highlighted: true },
      nodes: [
        {
          object: 'text',
          leaves: [{ object: 'leaf', text: 'x-expandAllResponses: true', marks: [] }],
        },
      ],
    });
    expect(lines(code)).toEqual([
      { text: "openapi: '3.0'", highlighted: false },
      { text: 'x-expandAllResponses: true', highlighted: true },
      { text: '', highlighted: false },
    ]);
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads every option, in the order GitBook writes them', () => {
    const markdown =
      '<pre class="language-yaml" data-title="openapi.yaml" data-overflow="wrap" data-line-numbers data-full-width="true" data-expandable="true"><code class="lang-yaml"><strong>a: 1\n</strong>b: 2</code></pre>\n';
    expect(codeOf(markdown).data).toEqual({
      syntax: 'yaml',
      title: 'openapi.yaml',
      overflow: 'wrap',
      lineNumbers: true,
      fullWidth: true,
      expandable: true,
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('decodes `&#x3C;` and `&#x26;` in code and writes them escaped again', () => {
    const markdown =
      '<pre class="language-cpp"><code class="lang-cpp"><strong>#define X 1\n</strong>TSharedPtr&#x3C;FSlate> a &#x26;&#x26; b;</code></pre>\n';
    expect(lines(codeOf(markdown))).toEqual([
      { text: '#define X 1', highlighted: true },
      { text: 'TSharedPtr<FSlate> a && b;', highlighted: false },
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads code without a language, blank lines and a highlighted empty last line', () => {
    const markdown =
      '<pre data-line-numbers><code><strong>> sudo nmap\n</strong>PORT\n\n22/tcp\n<strong></strong></code></pre>\n';
    const code = codeOf(markdown);
    expect(code.data).toEqual({ lineNumbers: true });
    expect(lines(code)).toEqual([
      { text: '> sudo nmap', highlighted: true },
      { text: 'PORT', highlighted: false },
      { text: '', highlighted: false },
      { text: '22/tcp', highlighted: false },
      { text: '', highlighted: true },
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps rich code in a list item and inside a tab', () => {
    const markdown = [
      '*   Item',
      '',
      '    <pre class="language-js"><code class="lang-js"><strong>a();',
      '    </strong>',
      '    b();</code></pre>',
      '',
      '{% tabs %}',
      '{% tab title="A" %}',
      '<pre class="language-js"><code class="lang-js">a();',
      '<strong>b();',
      '</strong></code></pre>',
      '{% endtab %}',
      '{% endtabs %}',
      '',
    ].join('\n');
    expect(parsePage(markdown).diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes code without highlighted lines in the fenced form', () => {
    const page = parsePage(
      '<pre class="language-js" data-title="a.js"><code class="lang-js">a();</code></pre>\n',
    );
    expect(renderPage(page)).toBe('{% code title="a.js" %}\n```js\na();\n```\n{% endcode %}\n');
  });

  it.each([
    ['a link inside the code', '<pre><code><a href="#x">a</a></code></pre>'],
    ['a partly highlighted line', '<pre><code>a <strong>b\n</strong></code></pre>'],
    ['text after the code', '<pre><code>a</code>b</pre>'],
    ['mismatched languages', '<pre class="language-js"><code class="lang-ts">a</code></pre>'],
    ['an unknown option', '<pre data-wrap="true"><code>a</code></pre>'],
    ['an unknown overflow', '<pre data-overflow="hidden"><code>a</code></pre>'],
  ])('keeps rich code with %s verbatim, with a diagnostic', (_, html) => {
    const markdown = `${html}\n`;
    const page = parsePage(markdown);
    expect(page.document.nodes).toEqual([
      { object: 'block', type: 'markdown', isVoid: true, data: { markdown: html } },
    ]);
    expect(page.diagnostics).toHaveLength(1);
    expect(renderPage(page)).toBe(markdown);
  });

  it('reads back any code block with a highlighted line as written', () => {
    const line = fc.record({
      text: fc.stringMatching(/^[ -~]{0,16}$/),
      highlighted: fc.boolean(),
    });
    const codeBlock = fc
      .record({
        syntax: fc.option(fc.constantFrom('js', 'yaml', 'c++'), { nil: undefined }),
        title: fc.option(fc.stringMatching(/^[ -~]{1,12}$/), { nil: undefined }),
        overflow: fc.option(fc.constantFrom('wrap' as const, 'scroll' as const), {
          nil: undefined,
        }),
        lineNumbers: fc.option(fc.constant(true), { nil: undefined }),
        fullWidth: fc.option(fc.boolean(), { nil: undefined }),
        expandable: fc.option(fc.boolean(), { nil: undefined }),
        lines: fc.array(line, { minLength: 1, maxLength: 5 }),
      })
      .filter(({ lines: all }) => all.some((entry) => entry.highlighted))
      .map(({ lines: all, ...options }): Code => {
        const data: Code['data'] = {};
        for (const [key, value] of Object.entries(options)) {
          if (value !== undefined) Object.assign(data, { [key]: value });
        }
        return {
          object: 'block',
          type: 'code',
          data,
          nodes: all.map(({ text, highlighted }) => ({
            object: 'block',
            type: 'code-line',
            data: highlighted ? { highlighted: true } : {},
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
          })),
        };
      });
    fc.assert(
      fc.property(codeBlock, (code) => {
        const markdown = renderDocument({ object: 'document', data: {}, nodes: [code] });
        expect(markdown.startsWith('<pre')).toBe(true);
        const page = parsePage(markdown);
        expect(page.document.nodes).toEqual([code]);
        expect(page.diagnostics).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
