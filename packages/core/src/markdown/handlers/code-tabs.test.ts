import { describe, expect, it } from 'vitest';
import type { Tabs } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

const legacy = `{% code-tabs %}
{% code-tabs-item title="Dockerfile" %}
\`\`\`docker
FROM node:20
\`\`\`
{% endcode-tabs-item %}

{% code-tabs-item title="run.sh" %}
\`\`\`bash
docker run app
\`\`\`
{% endcode-tabs-item %}
{% endcode-tabs %}
`;

const current = `{% tabs %}
{% tab title="Dockerfile" %}
\`\`\`docker
FROM node:20
\`\`\`
{% endtab %}

{% tab title="run.sh" %}
\`\`\`bash
docker run app
\`\`\`
{% endtab %}
{% endtabs %}
`;

describe('legacy code tabs', () => {
  it('reads `{% code-tabs %}` as tabs with one code block per tab', () => {
    const { document, diagnostics } = parsePage(legacy);
    const [tabs] = document.nodes as [Tabs];
    expect(tabs.type).toBe('tabs');
    expect(tabs.nodes.map((tab) => tab.data)).toEqual([
      { title: 'Dockerfile' },
      { title: 'run.sh' },
    ]);
    expect(tabs.nodes.map((tab) => tab.nodes.map((block) => [block.type, block.data]))).toEqual([
      [['code', { syntax: 'docker' }]],
      [['code', { syntax: 'bash' }]],
    ]);
    expect(diagnostics.map(({ ruleId, severity }) => ({ ruleId, severity }))).toEqual([
      { ruleId: 'legacy-code-tabs', severity: 'info' },
    ]);
  });

  it('is written once as `{% tabs %}`, which then reads back unchanged', () => {
    expect(roundTrip(legacy)).toBe(current);
    expect(roundTrip(current)).toBe(current);
    expect(parsePage(current).document).toEqual(parsePage(legacy).document);
  });

  it('reads tags that share a line', () => {
    const markdown =
      '{% code-tabs %}{% code-tabs-item title="Dockerfile" %}\n```docker\nFROM node:20\n```\n{% endcode-tabs-item %}{% endcode-tabs %}\n';
    const [tabs] = parsePage(markdown).document.nodes as [Tabs];
    expect(tabs.type).toBe('tabs');
    expect(tabs.nodes[0]?.data).toEqual({ title: 'Dockerfile' });
    const once = roundTrip(markdown);
    expect(once).toBe(
      '{% tabs %}\n{% tab title="Dockerfile" %}\n```docker\nFROM node:20\n```\n{% endtab %}\n{% endtabs %}\n',
    );
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps code tabs verbatim when an item holds more than one code block', () => {
    const markdown =
      '{% code-tabs %}\n{% code-tabs-item title="a" %}\nText.\n\n```\nx\n```\n{% endcode-tabs-item %}\n{% endcode-tabs %}\n';
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});
