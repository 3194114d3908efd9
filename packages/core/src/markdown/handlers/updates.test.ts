import { describe, expect, it } from 'vitest';
import type { Updates } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

const exported = `# Changelog

{% updates format="full" %}
{% update date="2025-12-25" tags="new-releases,improvements" %}
## A brand new update

Body text.
{% endupdate %}

{% update date="2025-11-02" %}
## An older update
{% endupdate %}
{% endupdates %}
`;

describe('updates', () => {
  it('reads a changelog: its format and each update with its date and tags', () => {
    const { document, diagnostics } = parsePage(exported);
    const [updates] = document.nodes as [Updates];
    expect(updates.type).toBe('updates');
    expect(updates.data).toEqual({ format: 'full' });
    expect(updates.nodes.map((update) => update.data)).toEqual([
      { date: '2025-12-25', tags: ['new-releases', 'improvements'] },
      { date: '2025-11-02' },
    ]);
    expect(updates.nodes[0]?.nodes.map((block) => block.type)).toEqual(['heading-1', 'paragraph']);
    expect(diagnostics).toEqual([]);
  });

  it('writes a changelog back byte for byte', () => {
    expect(roundTrip(exported)).toBe(exported);
  });

  it('reads and writes `{% updates %}` without a format', () => {
    const markdown =
      '{% updates %}\n{% update date="2024-01-01" tags="beta" %}\nText.\n{% endupdate %}\n{% endupdates %}\n';
    const [updates] = parsePage(markdown).document.nodes as [Updates];
    expect(updates.data).toEqual({});
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps an empty tags attribute as no tags, and writes it back', () => {
    const markdown =
      '{% updates %}\n{% update date="2024-01-01" tags="" %}\nText.\n{% endupdate %}\n{% endupdates %}\n';
    const [updates] = parsePage(markdown).document.nodes as [Updates];
    expect(updates.nodes[0]?.data).toEqual({ date: '2024-01-01', tags: [] });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    ['an update without a date', '{% update tags="beta" %}'],
    ['an unknown update attribute', '{% update date="2024-01-01" title="x" %}'],
  ])('keeps a changelog with %s verbatim', (_, opening) => {
    const markdown = `{% updates %}\n${opening}\nText.\n{% endupdate %}\n{% endupdates %}\n`;
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a changelog with an unknown format verbatim', () => {
    const markdown =
      '{% updates format="weekly" %}\n{% update date="2024-01-01" %}\nA\n{% endupdate %}\n{% endupdates %}\n';
    expect(parsePage(markdown).document.nodes.map((block) => block.type)).toEqual(['markdown']);
  });
});
