import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostic.js';
import { stripAttributes } from './attribute-lists.js';

function strip(body: string, attributeLists = true): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return { text: stripAttributes(body, diagnostics, 1, { attributeLists }), diagnostics };
}

describe('stripAttributes', () => {
  it('takes a heading id out of the heading, with an info diagnostic and its line', () => {
    const { text, diagnostics } = strip('Intro.\n\n## Strict mode {#strict-lax}\n', false);
    expect(text).toBe('Intro.\n\n## Strict mode\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'attributes-left-out', severity: 'info', line: 4 }),
    ]);
  });

  it('takes MkDocs attribute lists off links and images, and empty anchor links out', () => {
    expect(
      strip('![A](a.png){ width="500" } and [x](y.md){.internal-link target=_blank}\n[](){#note}\n')
        .text,
    ).toBe('![A](a.png) and [x](y.md)\n\n');
  });

  it('leaves code fences and MDX expressions alone', () => {
    const body = '```\n## Not {#heading}\n```\n[x](y){.a}\n';
    expect(strip(body, false).text).toBe(body);
    expect(strip(body).text).toBe('```\n## Not {#heading}\n```\n[x](y)\n');
  });
});
