import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostic.js';
import { rewriteMkdocsBody } from './rewrite-body.js';

function rewrite(body: string): { markdown: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return { markdown: rewriteMkdocsBody(body, diagnostics, 0), diagnostics };
}

describe('rewriteMkdocsBody', () => {
  it('writes an admonition with its indented body (blank lines inside) as a hint', () => {
    expect(rewrite('!!! tip "Pro tip"\n    One.\n\n    Two.\n\nAfter.\n').markdown).toBe(
      '{% hint style="success" %}\n#### Pro tip\n\nOne.\n\nTwo.\n{% endhint %}\n\nAfter.\n',
    );
  });

  it('writes a collapsible admonition as an expandable titled by its type when untitled', () => {
    expect(rewrite('???+ failure\n    Broke.\n').markdown).toBe(
      '<details open>\n\n<summary>Failure</summary>\n\n{% hint style="danger" %}\nBroke.\n{% endhint %}\n\n</details>\n',
    );
  });

  it('reads `inline end` modifiers and maps a custom type to info with a diagnostic', () => {
    const { markdown, diagnostics } = rewrite('!!! pied-piper inline end "Rats"\n    Text.\n');
    expect(markdown).toContain('{% hint style="info" %}\n#### Rats');
    expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'admonition-type', line: 1 })]);
  });

  it('joins consecutive content tabs into one tabs block and ends it at unindented text', () => {
    expect(rewrite('=== "A"\n    a\n\n=== "B"\n    b\n\nText.\n').markdown).toBe(
      '{% tabs %}\n{% tab title="A" %}\na\n{% endtab %}\n\n{% tab title="B" %}\nb\n{% endtab %}\n\n{% endtabs %}\n\nText.\n',
    );
  });

  it('leaves admonition syntax inside code fences alone', () => {
    const body = '```\n!!! note\n    x\n```\n';
    expect(rewrite(body).markdown).toBe(body);
  });

  it('writes pymdownx blocks: admonitions as hints, details as expandables, tabs as one set', () => {
    expect(rewrite('/// tip | Speed\n    type: tip\n\nFast.\n///\n').markdown).toBe(
      '{% hint style="success" %}\n#### Speed\n\nFast.\n{% endhint %}\n',
    );
    expect(rewrite('/// details | More\n    open: true\nHidden.\n///\n').markdown).toBe(
      '<details open>\n\n<summary>More</summary>\n\nHidden.\n\n</details>\n',
    );
    const tabs = [
      '//// tab | Python 3.10+',
      '```python',
      '///',
      '```',
      '////',
      '',
      '//// tab | Python 3.8+',
      'Old.',
      '////',
      'After.',
      '',
    ].join('\n');
    expect(rewrite(tabs).markdown).toBe(
      '{% tabs %}\n{% tab title="Python 3.10+" %}\n```python\n///\n```\n{% endtab %}\n\n{% tab title="Python 3.8+" %}\nOld.\n{% endtab %}\n\n{% endtabs %}\n\nAfter.\n',
    );
  });

  it('writes a custom block as an info hint titled by its type, with a diagnostic and its line', () => {
    const { markdown, diagnostics } = rewrite('Intro.\n\n/// version-added | v2.9\nNew.\n///\n');
    expect(markdown).toBe(
      'Intro.\n\n{% hint style="info" %}\n#### Version added: v2.9\n\nNew.\n{% endhint %}\n',
    );
    expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'block-type', line: 3 })]);
  });

  it('keeps a mkdocstrings `:::` with its options as a code block, lines as written, with a warning', () => {
    const { markdown, diagnostics } = rewrite(
      '::: pydantic.BaseModel\n    options:\n        show_root_heading: true\n\nAfter.\n',
    );
    expect(markdown).toBe(
      '```yaml\n::: pydantic.BaseModel\n    options:\n        show_root_heading: true\n```\n\nAfter.\n',
    );
    expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'mkdocstrings', line: 1 })]);
  });
});
