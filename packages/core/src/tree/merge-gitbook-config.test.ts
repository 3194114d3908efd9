import { describe, expect, it } from 'vitest';
import { parseGitbookConfig, renderGitbookConfig } from './gitbook-config.js';
import { mergeGitbookConfigs, mergeGitbookYaml } from './merge-gitbook-config.js';

const yaml = (redirects: string[], extra = '') =>
  `# Settings of the docs\nroot: ./docs/\n${extra}\nredirects:\n${redirects.map((line) => `  ${line}\n`).join('')}`;
const config = (text: string) => parseGitbookConfig(text).config;

describe('mergeGitbookConfigs', () => {
  it('keeps redirects both sides added at the same place, and each side’s own writing', () => {
    const base = yaml(['a: a.md']);
    const ours = yaml(['a: a.md', 'b: b.md']);
    const theirs = yaml(['a: a.md', "'c': c.md # from the space"]);
    const merged = mergeGitbookConfigs(config(base), config(ours), config(theirs));
    expect(merged.conflicts).toEqual([]);
    expect(merged.config.redirects).toEqual({ a: 'a.md', b: 'b.md', c: 'c.md' });
    expect(merged.config.source).toBe(yaml(['a: a.md', 'b: b.md', "'c': c.md # from the space"]));
  });

  it('takes a removal, a retarget and a setting from the side that made it', () => {
    const base = yaml(['a: a.md', 'b: b.md', 'c: c.md']);
    const ours = yaml(['b: b.md', 'c: c.md', 'd: d.md']);
    const theirs = yaml(['a: a.md', 'b: other.md', 'c: c.md'], 'structure:\n  summary: toc.md\n');
    const merged = mergeGitbookConfigs(config(base), config(ours), config(theirs));
    expect(merged.conflicts).toEqual([]);
    expect(merged.config).toMatchObject({
      root: 'docs',
      summary: 'toc.md',
      redirects: { b: 'other.md', c: 'c.md', d: 'd.md' },
    });
    // Whatever text it is written as says exactly that.
    const written = parseGitbookConfig(renderGitbookConfig(merged.config)).config;
    expect(written.redirects).toEqual(merged.config.redirects);
    expect(written.summary).toBe('toc.md');
  });

  it('reports a redirect both sides retargeted differently, settled by the preferred side', () => {
    const [base, ours, theirs] = [['a: a.md'], ['a: x.md'], ['a: y.md']].map((r) =>
      config(yaml(r)),
    ) as [ReturnType<typeof config>, ReturnType<typeof config>, ReturnType<typeof config>];
    const merged = mergeGitbookConfigs(base, ours, theirs);
    expect(merged.conflicts).toEqual([
      { setting: 'redirects.a', base: 'a.md', ours: 'x.md', theirs: 'y.md' },
    ]);
    expect(merged.config.redirects).toEqual({ a: 'x.md' });
    expect(mergeGitbookConfigs(base, ours, theirs, 'theirs').config.redirects).toEqual({
      a: 'y.md',
    });
  });

  it('writes settings that came from no file without a text', () => {
    const none = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };
    const merged = mergeGitbookConfigs(none, { ...none, redirects: { a: 'a.md' } }, none);
    expect(merged.config).toEqual({ ...none, redirects: { a: 'a.md' } });
  });
});

describe('mergeGitbookYaml', () => {
  it('merges texts, a missing base being an empty file', () => {
    expect(
      mergeGitbookYaml(undefined, 'redirects:\n  a: a.md\n', 'redirects:\n  b: b.md\n'),
    ).toEqual({
      text: 'redirects:\n  a: a.md\n  b: b.md\n',
      conflicts: [],
    });
  });

  it('gives no text for a conflict without a strategy, and the strategy’s side with one', () => {
    const [base, ours, theirs] = [
      'redirects:\n  a: a.md\n',
      'redirects:\n  a: x.md\n',
      'redirects:\n  a: y.md\n',
    ];
    expect(mergeGitbookYaml(base, ours, theirs)?.text).toBeUndefined();
    expect(mergeGitbookYaml(base, ours, theirs, 'theirs')?.text).toBe(theirs);
  });

  it('leaves a side that is not a clean .gitbook.yaml to a merge of lines', () => {
    expect(mergeGitbookYaml('', 'redirects: [', 'root: ./\n')).toBeUndefined();
    expect(mergeGitbookYaml('', 'redirects:\n  a: 1\n', 'root: ./\n')).toBeUndefined();
  });
});
