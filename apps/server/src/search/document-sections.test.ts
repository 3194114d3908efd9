import { parsePage } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { documentSections } from './document-sections.js';

const sectionsOf = (markdown: string) => documentSections(parsePage(markdown).document);

describe('documentSections', () => {
  it('splits a page at its headings, keeping the text before the first one apart', () => {
    const outline = sectionsOf(
      '# Title\n\nIntro with a [link](https://example.com).\n\n## First step\n\nDo this.\n\n- one\n- two\n\n## Then: step 2!\n\n```js\nlet a;\nlet b;\n```\n',
    );
    expect(outline.intro).toBe('Intro with a link.');
    expect(outline.sections).toEqual([
      { anchor: 'first-step', title: 'First step', body: 'Do this.\none\ntwo' },
      { anchor: 'then-step-2', title: 'Then: step 2!', body: 'let a;\nlet b;' },
    ]);
  });

  it('takes a heading’s own id as its anchor and makes repeated anchors distinct', () => {
    const outline = sectionsOf(
      '## Setup <a href="#custom" id="custom"></a>\n\nA.\n\n## Notes\n\nB.\n\n## Notes\n\nC.\n',
    );
    expect(outline.sections.map((section) => section.anchor)).toEqual([
      'custom',
      'notes',
      'notes-1',
    ]);
  });

  it('starts a section at a heading nested in another block and reads text from blocks’ data', () => {
    const outline = sectionsOf(
      '{% hint style="info" %}\n## Inside\n\nHinted.\n{% endhint %}\n\n{% code title="example.js" %}\n```js\nrun();\n```\n{% endcode %}\n',
    );
    expect(outline.sections[0]).toEqual({
      anchor: 'inside',
      title: 'Inside',
      body: 'Hinted.\nexample.js\nrun();',
    });
  });
});
