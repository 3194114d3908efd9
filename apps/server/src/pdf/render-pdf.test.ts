import { parsePage } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../testing/read-pdf.js';
import { renderPdf, type PdfPage } from './render-pdf.js';

/** A page of the given markdown, titled by its H1. */
function pageOf(markdown: string, depth = 0): PdfPage {
  const { metadata, document } = parsePage(markdown);
  return { title: metadata.title ?? 'Untitled', document, depth };
}

const EVERYTHING = `# Every block

{% hint style="warning" %}
Mind the gap.
{% endhint %}

- [x] Done task
- [ ] Open task

* Outer item
  * Inner item

| Name | Value |
| ---- | ----- |
| alpha | one |
| beta | two |

{% tabs %}
{% tab title="First tab" %}
Inside the first tab.
{% endtab %}
{% endtabs %}

<details>
<summary>Click to expand</summary>
Hidden body.
</details>

$$
E = mc^2
$$

{% stepper %}
{% step %}
Step body one.
{% endstep %}
{% endstepper %}

{% code title="example.js" %}
\`\`\`js
const answer = 42;
\`\`\`
{% endcode %}

{% embed url="https://example.com/video" %}

***

Emoji 🎉 and 漢字 stay readable, “quoted” — dashed.
`;

describe('renderPdf', () => {
  it('renders every kind of block as text, with notes for what text cannot show', async () => {
    const bytes = await renderPdf([pageOf(EVERYTHING)], { title: 'All', compress: false });
    const pdf = readPdf(bytes);
    expect(pdf.wellFormed).toBe(true);
    expect(pdf.pageCount).toBe(1);
    const text = pdf.texts.join('\n');
    for (const expected of [
      'Every block',
      'Warning:',
      'Mind the gap.',
      '[x]',
      '[ ]',
      'Inner item',
      'Name | Value',
      'alpha | one',
      'First tab',
      'Inside the first tab.',
      'Click to expand',
      'Hidden body.',
      'E = mc^2',
      'Step 1',
      'example.js',
      'const answer = 42;',
      '[Embedded: https://example.com/video]',
      'Emoji ? and ?? stay readable, “quoted” — dashed.',
    ])
      expect(text).toContain(expected);
  });

  it('starts each page on a new PDF page, nests the outline, and flows long pages on', async () => {
    const long = `# Long\n\n${Array.from({ length: 120 }, (_, n) => `Paragraph number ${n}.`).join('\n\n')}\n`;
    const pages = [pageOf('# One\n\nFirst.\n'), pageOf('# Two\n\nSecond.\n', 1), pageOf(long)];
    for (const compress of [false, true]) {
      const pdf = readPdf(await renderPdf(pages, { title: 'Book', compress }));
      expect(pdf.wellFormed).toBe(true);
      expect(pdf.pageCount).toBeGreaterThan(3);
      expect(pdf.outline).toHaveLength(3);
      expect(pdf.outline).toEqual(
        expect.arrayContaining([
          { title: 'One' },
          { title: 'Two', parent: 'One' },
          { title: 'Long' },
        ]),
      );
      expect(pdf.texts).toContain('Paragraph number 119.');
      expect(pdf.texts.indexOf('One')).toBeLessThan(pdf.texts.indexOf('Two'));
    }
  });
});
