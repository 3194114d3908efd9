import { describe, expect, it } from 'vitest';
import { gitBlobId } from '../../tree/git-blob-id.js';
import { importTree } from '../import-tree.js';
import { sourceLineMap } from './convert-body.js';

describe('diagnostics of a rewritten body', () => {
  it('name the lines of the source file, inside admonitions and tabs too', () => {
    const text = [
      '---',
      'title: X',
      '---',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '# Title',
      '',
      ':::note Heads up',
      '',
      'Some <span>html</span> here.',
      '',
      '<Foo />',
      '',
      ':::',
      '',
      '<Tabs>',
      '  <TabItem value="a" label="A">',
      '',
      '  ```js title="a.js"',
      '  x',
      '  ```',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '```py title="b.py"',
      'y',
      '```',
      '',
    ].join('\n');
    const result = importTree({
      from: 'docusaurus',
      idNamespace: 'n',
      files: [{ path: 'docs/a.mdx', text, oid: gitBlobId(text), size: text.length }],
    });
    const lines = result.diagnostics
      .filter((d) => ['raw-html', 'code-meta', 'mdx-component'].includes(d.ruleId))
      .map((d) => `${d.ruleId}:${String(d.line)}`);
    expect(lines).toEqual([
      'mdx-component:13',
      'raw-html:11',
      'raw-html:11',
      'code-meta:20',
      'code-meta:27',
    ]);
  });

  it('maps lines the rewrite wrote itself to the source lines between their neighbours', () => {
    const source = ['Intro', '', ':::tip', '', 'Body', '', ':::', '', 'End'];
    const rewritten = [
      'Intro',
      '',
      '{% hint style="success" %}',
      'Body',
      '{% endhint %}',
      '',
      'End',
    ];
    expect(sourceLineMap(rewritten, source)).toEqual([0, 1, 2, 4, 5, 7, 8]);
  });
});
