import { describe, expect, it } from 'vitest';
import type { Prompt } from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));

const exported = `{% prompt description="Example prompt" icon="rectangle-terminal" openInAIProviders="true" defaultExpanded="full" %}
\`\`\`markdown
Summarize the key changes in this release note.
\`\`\`
{% endprompt %}
`;

describe('prompt', () => {
  it('reads its options and its one code block', () => {
    const { document, diagnostics } = parsePage(exported);
    const [prompt] = document.nodes as [Prompt];
    expect(prompt.type).toBe('prompt');
    expect(prompt.data).toEqual({
      description: 'Example prompt',
      icon: 'rectangle-terminal',
      openInAIProviders: true,
      defaultExpanded: 'full',
    });
    expect(prompt.nodes).toHaveLength(1);
    expect(prompt.nodes[0]?.type).toBe('code');
    expect(prompt.nodes[0]?.data).toEqual({ syntax: 'markdown' });
    expect(diagnostics).toEqual([]);
  });

  it('writes it back byte for byte', () => {
    expect(roundTrip(exported)).toBe(exported);
  });

  it('reads a prompt with only a description, even an empty one', () => {
    const markdown = '{% prompt description="" %}\n```markdown\nDo it.\n```\n{% endprompt %}\n';
    const [prompt] = parsePage(markdown).document.nodes as [Prompt];
    expect(prompt.data).toEqual({ description: '' });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a code block with options inside a prompt', () => {
    const markdown =
      '{% prompt description="d" %}\n{% code title="prompt.md" %}\n```markdown\nDo it.\n```\n{% endcode %}\n{% endprompt %}\n';
    const [prompt] = parsePage(markdown).document.nodes as [Prompt];
    expect(prompt.nodes[0]?.data).toEqual({ syntax: 'markdown', title: 'prompt.md' });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    [
      'more than a code block',
      '{% prompt description="d" %}\nText.\n\n```\nx\n```\n{% endprompt %}\n',
    ],
    ['no code block', '{% prompt description="d" %}\nText.\n{% endprompt %}\n'],
    ['no description', '{% prompt icon="x" %}\n```\nx\n```\n{% endprompt %}\n'],
    [
      'an unknown expansion',
      '{% prompt description="d" defaultExpanded="half" %}\n```\nx\n```\n{% endprompt %}\n',
    ],
  ])('keeps a prompt with %s verbatim', (_, markdown) => {
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});
