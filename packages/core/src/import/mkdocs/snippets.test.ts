import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostic.js';
import { includeSnippets } from './snippets.js';

const tree: Record<string, string> = {
  'docs_src/first.py': 'import x\n\nprint(x)\n',
  'docs/snippets/abbr.md': '*[HTML]: Hyper Text\n',
};

function include(body: string): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const text = includeSnippets(
    body,
    { page: 'docs/tutorial/first.md', docsDir: 'docs', readText: (path) => tree[path] },
    diagnostics,
    2,
  );
  return { text, diagnostics };
}

describe('includeSnippets', () => {
  it('includes `{!> file !}` inside a code fence, from the project root or the page folder', () => {
    expect(include('```python\n{!> ../../docs_src/first.py !}\n```\n').text).toBe(
      '```python\nimport x\n\nprint(x)\n```\n',
    );
    expect(include('  --8<-- "snippets/abbr.md"\n').text).toBe('  *[HTML]: Hyper Text\n');
  });

  it('takes a line range', () => {
    expect(include('--8<-- "docs_src/first.py:3:3"\n').text).toBe('print(x)\n');
  });

  it('keeps a snippet the tree lacks as written, with a warning naming it and its line', () => {
    const { text, diagnostics } = include('Intro.\n\n--8<-- "missing.md"\n');
    expect(text).toBe('Intro.\n\n--8<-- "missing.md"\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'snippet-missing', severity: 'warning', line: 5 }),
    ]);
  });
});
