import { describe, expect, it } from 'vitest';
import type { IntegrationBlock } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

describe('integration blocks', () => {
  it('reads `{% @org/block … %}` as the integration, the block and its props in order', () => {
    const markdown =
      '{% @github-files/github-code-block url="https://github.com/BeefreeSDK/beefree-react-demo" lines="1-20" %}\n';
    const { document, diagnostics } = parsePage(markdown);
    const [block] = document.nodes as [IntegrationBlock];
    expect(block).toEqual({
      object: 'block',
      type: 'integration',
      isVoid: true,
      data: {
        integration: 'github-files',
        block: 'github-code-block',
        props: { url: 'https://github.com/BeefreeSDK/beefree-react-demo', lines: '1-20' },
      },
    });
    expect(Object.keys(block.data.props)).toEqual(['url', 'lines']);
    expect(diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads and writes a block without props', () => {
    const markdown = 'Send us a message:\n\n{% @formspree/formspree %}\n';
    const [, block] = parsePage(markdown).document.nodes as [unknown, IntegrationBlock];
    expect(block.data).toEqual({ integration: 'formspree', block: 'formspree', props: {} });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps escaped quotes in a value byte for byte', () => {
    const markdown = '{% @mermaid/diagram content="graph TD; A[\\"Start\\"] --> B" %}\n';
    const [block] = parsePage(markdown).document.nodes as [IntegrationBlock];
    expect(block.data.props).toEqual({ content: 'graph TD; A["Start"] --> B' });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a tag verbatim whose backslashes would not be written back as they are', () => {
    const markdown = '{% @mermaid/diagram content="graph TD\\nA-->B" %}\n';
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    ['a positional argument', '{% @x/y "a" %}'],
    ['an unquoted value', '{% @x/y count=3 %}'],
    ['a repeated attribute', '{% @x/y a="1" a="2" %}'],
    ['a numeric attribute name, which props would reorder', '{% @x/y b="1" 2="2" %}'],
    ['no block name', '{% @formspree %}'],
  ])('keeps a tag with %s verbatim', (_, markdown) => {
    const { document } = parsePage(`${markdown}\n`);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(roundTrip(`${markdown}\n`)).toBe(`${markdown}\n`);
  });
});
