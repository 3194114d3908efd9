import { describe, expect, it } from 'vitest';
import type { If } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

describe('conditional content', () => {
  it('reads `{% if %}` with the expression as written after `if`', () => {
    const markdown =
      '{% if visitor.claims.unsigned.example_attribute_A %}\nThis block is only visible to users **with** attribute A.\n{% endif %}\n';
    const { document, diagnostics } = parsePage(markdown);
    const [block] = document.nodes as [If];
    expect(block.type).toBe('if');
    expect(block.data).toEqual({ expression: 'visitor.claims.unsigned.example_attribute_A' });
    expect(block.nodes.map((child) => child.type)).toEqual(['paragraph']);
    expect(diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    ['a negation', '!visitor.claims.unsigned.beta'],
    ['a comparison', 'visitor.claims.unsigned.bucket.IF_BLOCK === true'],
    ['a quoted string', 'visitor.claims.unsigned.plan == "pro"'],
  ])('keeps %s in the expression byte for byte', (_, expression) => {
    const markdown = `{% if ${expression} %}\nText.\n{% endif %}\n`;
    const [block] = parsePage(markdown).document.nodes as [If];
    expect(block.data.expression).toBe(expression);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads any block inside, including other tag blocks', () => {
    const markdown =
      '{% if visitor.claims.unsigned.a %}\n## Heading\n\n{% hint style="info" %}\nHi\n{% endhint %}\n{% endif %}\n';
    const [block] = parsePage(markdown).document.nodes as [If];
    expect(block.nodes.map((child) => child.type)).toEqual(['heading-1', 'hint']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes an extra-spaced tag once in the exporter form', () => {
    const once = roundTrip('{%  if   visitor.a  %}\nText.\n{% endif %}\n');
    expect(once).toBe('{% if visitor.a %}\nText.\n{% endif %}\n');
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps an `if` with an `else` branch verbatim, since the block has one branch', () => {
    const markdown = '{% if visitor.a %}\nA\n\n{% else %}\n\nB\n{% endif %}\n';
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps Liquid whitespace control verbatim', () => {
    const markdown = '{%- if visitor.a -%}\nA\n{% endif %}\n';
    expect(parsePage(markdown).document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});
