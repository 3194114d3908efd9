import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSummary, renderSummary } from './summary.js';

const corpus = (path: string) =>
  readFileSync(new URL(`../../fixtures/corpora/${path}`, import.meta.url), 'utf8');

describe('SUMMARY.md', () => {
  it.each([
    'git-sync-normalization/SUMMARY.md',
    'lawnchair-docs/help/SUMMARY.md',
    'lawnchair-docs/developers/SUMMARY.md',
    'lawnchair-docs/community/SUMMARY.md',
  ])('re-exports %s byte for byte', (path) => {
    const source = corpus(path);
    const { summary, diagnostics } = parseSummary(source);
    expect(diagnostics).toEqual([]);
    expect(renderSummary(summary)).toBe(source);
  });

  it('reads groups with anchors, nesting, link titles, external links and OpenAPI entries', () => {
    const source = [
      '# Table of contents',
      '',
      '* [Home](README.md)',
      '',
      '## Get Started <a href="#getting-started" id="getting-started"></a>',
      '',
      '* [Quickstart](getting-started/quickstart.md)',
      '* [Structure](structure/README.md)',
      '  * [Pages](structure/pages.md "Sidebar")',
      '  * [Buttons](formatting/inline.md#buttons)',
      '* [Blog](https://example.test/blog)',
      '* [API reference](api/README.md)',
      '  * ```yaml',
      '    props:',
      '      models: false',
      '    type: builtin:openapi',
      '    dependencies:',
      '      spec:',
      '        ref:',
      '          kind: openapi',
      '          spec: petstore',
      '    ```',
      '* [Spaced](<my page (1).md>)',
      '',
    ].join('\n');
    const { summary, diagnostics } = parseSummary(source);
    expect(diagnostics).toEqual([]);
    expect(summary.entries).toEqual([
      { kind: 'page', title: 'Home', path: 'README.md', children: [] },
    ]);
    const [group] = summary.groups;
    expect(group?.slug).toBe('getting-started');
    expect(group?.entries.map((entry) => entry.kind)).toEqual([
      'page',
      'page',
      'link',
      'page',
      'page',
    ]);
    expect(group?.entries[1]?.children).toEqual([
      {
        kind: 'page',
        title: 'Pages',
        path: 'structure/pages.md',
        linkTitle: 'Sidebar',
        children: [],
      },
      { kind: 'page', title: 'Buttons', path: 'formatting/inline.md#buttons', children: [] },
    ]);
    expect(group?.entries[3]?.children[0]).toMatchObject({
      kind: 'computed',
      source: {
        type: 'builtin:openapi',
        dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } },
      },
    });
    expect(group?.entries[4]).toMatchObject({ path: 'my page (1).md' });
    expect(renderSummary(summary)).toBe(source);
  });

  it('keeps titles written with code spans or emphasis as written, and link titles of links', () => {
    const source = [
      '# Table of contents',
      '',
      '* [`foo`](foo.md)',
      '* [The `bar` _option_](bar.md "Bar")',
      '* [`npm` docs](https://docs.npmjs.com "npm")',
      '* [Part](foo.md#part "Part label")',
      '',
      '## The `cli` group <a href="#cli" id="cli"></a>',
      '',
      '* [Plain](plain.md)',
      '',
    ].join('\n');
    const { summary, diagnostics } = parseSummary(source);
    expect(diagnostics).toEqual([]);
    expect(summary.entries).toEqual([
      { kind: 'page', title: 'foo', path: 'foo.md', titleMarkdown: '`foo`', children: [] },
      {
        kind: 'page',
        title: 'The bar option',
        path: 'bar.md',
        linkTitle: 'Bar',
        titleMarkdown: 'The `bar` _option_',
        children: [],
      },
      {
        kind: 'link',
        title: 'npm docs',
        href: 'https://docs.npmjs.com',
        linkTitle: 'npm',
        titleMarkdown: '`npm` docs',
        children: [],
      },
      { kind: 'page', title: 'Part', path: 'foo.md#part', linkTitle: 'Part label', children: [] },
    ]);
    expect(summary.groups[0]).toMatchObject({
      title: 'The cli group',
      titleMarkdown: 'The `cli` group',
      slug: 'cli',
    });
    expect(summary.groups[0]?.entries[0]).not.toHaveProperty('titleMarkdown');
    expect(renderSummary(summary)).toBe(source);
  });

  it('writes a title as text once it is no longer what its markdown says', () => {
    const { summary } = parseSummary('# Table of contents\n\n* [`foo`](foo.md)\n');
    const entries = summary.entries.map((entry) => ({ ...entry, title: 'foo*' }));
    expect(renderSummary({ ...summary, entries })).toBe(
      '# Table of contents\n\n* [foo\\*](foo.md)\n',
    );
  });

  it('accepts hand-written forms: `-` bullets, 4-space nesting, %20 paths, another H1', () => {
    const { summary } = parseSummary('# Summary\n\n- [A](a.md)\n    - [B](my%20b.md)\n');
    expect(summary.entries).toEqual([
      {
        kind: 'page',
        title: 'A',
        path: 'a.md',
        children: [{ kind: 'page', title: 'B', path: 'my b.md', children: [] }],
      },
    ]);
    expect(renderSummary(summary)).toBe('# Table of contents\n\n* [A](a.md)\n  * [B](<my b.md>)\n');
  });

  it('keeps `***` dividers between groups and entries, and two groups with the same heading (issue 19)', () => {
    const source = [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '',
      '## Guides',
      '',
      '* [Page A](a.md)',
      '',
      '***',
      '',
      '## Guides',
      '',
      '* [Page B](b.md)',
      '',
      '***',
      '',
      '* [Page C](c.md)',
      '',
    ].join('\n');
    const { summary, diagnostics } = parseSummary(source);
    expect(diagnostics).toEqual([]);
    expect(summary.groups.map((g) => [g.title, g.dividerBefore ?? false])).toEqual([
      ['Guides', false],
      ['Guides', true],
    ]);
    expect(summary.groups[1]?.entries.map((e) => e.dividerBefore ?? false)).toEqual([false, true]);
    expect(renderSummary(summary)).toBe(source);
    // Other thematic breaks read as the divider, written as the exporter writes it.
    expect(renderSummary(parseSummary(source.replace(/\*\*\*/g, '---')).summary)).toBe(source);
  });

  it('reports a divider that comes before nothing, and a second divider in a row', () => {
    const { summary, diagnostics } = parseSummary(
      '# Summary\n\n* [A](a.md)\n\n***\n\n***\n\n* [B](b.md)\n\n***\n',
    );
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([
      ['summary-content', 7],
      ['summary-content', 11],
    ]);
    expect(summary.entries.map((e) => e.dividerBefore ?? false)).toEqual([false, true]);
  });

  it('reports a bullet that is not a link and keeps its children', () => {
    const { summary, diagnostics } = parseSummary('# Summary\n\n- Overview\n  - [A](a.md)\n');
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['summary-text-entry', 3]]);
    expect(summary.entries[0]).toMatchObject({
      kind: 'text',
      title: 'Overview',
      children: [{ path: 'a.md' }],
    });
  });

  it('reports bad entries with their line anywhere in a long table of contents, never throwing', () => {
    const entries = Array.from({ length: 300 }, (_, i) => `* [Page ${i}](page-${i}.md)`);
    const markdown = [
      '# Table of contents',
      '',
      ...entries,
      '* [Bad escape](a%zz.md)',
      '',
      '## Group',
      '',
      '* Plain text',
      '* ```yaml',
      '  key: [unclosed',
      '  ```',
      '',
    ].join('\n');
    const { summary, diagnostics } = parseSummary(markdown);
    expect(summary.entries).toHaveLength(301);
    expect(summary.entries[300]).toMatchObject({ kind: 'page', path: 'a%zz.md' });
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([
      ['summary-text-entry', 307],
      ['summary-entry', 308],
    ]);
  });
});
