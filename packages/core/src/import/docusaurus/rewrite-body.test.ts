import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../diagnostic.js';
import { RawStash } from '../shared/raw-stash.js';
import { rewriteDocusaurusBody } from './rewrite-body.js';

function rewrite(body: string): { markdown: string; diagnostics: Diagnostic[]; stash: RawStash } {
  const diagnostics: Diagnostic[] = [];
  const stash = new RawStash('t');
  return { markdown: rewriteDocusaurusBody(body, stash, diagnostics, 0), diagnostics, stash };
}

describe('rewriteDocusaurusBody', () => {
  it('writes an admonition as a hint whose title is its first heading', () => {
    expect(rewrite(':::caution[Mind the gap]\n\nText.\n\n:::\n').markdown).toBe(
      '{% hint style="warning" %}\n#### Mind the gap\n\nText.\n{% endhint %}\n',
    );
  });

  it('maps an admonition type Docusaurus lacks to an info hint, with a diagnostic and its line', () => {
    const { markdown, diagnostics } = rewrite('Intro.\n\n:::custom\nText.\n:::\n');
    expect(markdown).toContain('{% hint style="info" %}');
    expect(diagnostics).toEqual([expect.objectContaining({ ruleId: 'admonition-type', line: 3 })]);
  });

  it('names the source line of what it keeps inside a tab item, and inside an admonition in one', () => {
    const body = [
      'Intro.', // 1
      '', // 2
      '<Tabs>', // 3
      '  <TabItem value="a">', // 4
      '', // 5
      '    <BrowserWindow url="x">', // 6
      '    </BrowserWindow>', // 7
      '  </TabItem>', // 8
      '  <TabItem value="b">', // 9
      '    :::custom', // 10
      '    Text.', // 11
      '', // 12
      '    <Frame />', // 13
      '    :::', // 14
      '  </TabItem>', // 15
      '</Tabs>', // 16
    ].join('\n');
    expect(
      rewrite(body).diagnostics.map((d) => [d.ruleId, d.line, /`<(\w+)>`/.exec(d.message)?.[1]]),
    ).toEqual([
      ['mdx-component', 6, 'BrowserWindow'],
      ['admonition-type', 10, undefined],
      ['mdx-component', 13, 'Frame'],
    ]);
  });

  it('keeps an admonition that never closes verbatim instead of swallowing the page', () => {
    const { markdown, diagnostics, stash } = rewrite(':::note\nText.\n');
    expect(stash.size).toBe(1);
    expect(markdown).toContain('Text.');
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['admonition-unclosed']);
  });

  it('leaves admonition and tab syntax inside code fences alone', () => {
    const body = '```md\n:::note\n<Tabs>\n</Tabs>\n:::\n```\n';
    expect(rewrite(body).markdown).toBe(body);
  });

  it('writes one-line tab items and keeps their labels', () => {
    const { markdown } = rewrite(
      '<Tabs>\n<TabItem value="a" label="First">One</TabItem>\n<TabItem value="b">Two</TabItem>\n</Tabs>\n',
    );
    expect(markdown).toBe(
      '{% tabs %}\n{% tab title="First" %}\nOne\n{% endtab %}\n\n{% tab title="b" %}\nTwo\n{% endtab %}\n\n{% endtabs %}\n',
    );
  });

  it('stashes self-closing and nested components whole', () => {
    const { stash, diagnostics } = rewrite(
      '<Card>\n  <Card title="inner" />\n  text\n</Card>\n\n<Video src="x.mp4" />\n',
    );
    expect(stash.size).toBe(2);
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([
      ['mdx-component', 1],
      ['mdx-component', 6],
    ]);
  });

  it('titles tabs by the labels `<Tabs values>` gives their values', () => {
    const body = [
      '<Tabs',
      '  defaultValue="totp"',
      '  values={[',
      "    {label: 'TOTP Example', value: 'totp'},",
      '    {label: "Lookup", value: "lookup"},',
      '  ]}>',
      '  <TabItem value="totp">',
      '',
      'A',
      '',
      '  </TabItem>',
      '  <TabItem value="lookup">',
      '',
      'B',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
    ].join('\n');
    expect(rewrite(body).markdown).toContain('{% tab title="TOTP Example" %}');
    expect(rewrite(body).markdown).toContain('{% tab title="Lookup" %}');
  });
});
