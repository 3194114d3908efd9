import { describe, expect, it } from 'vitest';
import { modelledPaths } from './modelled-paths.js';

const reader = (files: Record<string, string>) => (path: string) => files[path];

describe('modelledPaths', () => {
  it('reads what SUMMARY.md lists, the landing page, assets, includes and variables, and nothing else', () => {
    const models = modelledPaths(
      reader({
        'SUMMARY.md':
          '# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [Setup](guides/setup%20now.md#top)\n',
      }),
    );
    const read = [
      'SUMMARY.md',
      'README.md',
      '.gitbook.yaml',
      'guides/setup now.md',
      '.gitbook/assets/logo.png',
      '.gitbook/includes/note.md',
      '.gitbook/vars.yaml',
    ];
    const ignored = [
      'LICENSE',
      'docsync.json',
      '.github/workflows/ci.yml',
      'notes.md',
      '.gitbook/includes/readme.txt',
      'guides/draft.md',
    ];
    expect(read.filter((path) => !models(path))).toEqual([]);
    expect(ignored.filter(models)).toEqual([]);
  });

  it('follows .gitbook.yaml’s root and names, and without SUMMARY.md reads every page', () => {
    const models = modelledPaths(
      reader({ '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: intro.md\n' }),
    );
    expect(['docs/intro.md', 'docs/a/b.md', 'docs/.gitbook/assets/x.png'].every(models)).toBe(true);
    expect(
      ['README.md', 'docs/LICENSE', 'docs/.gitbook/c.md', 'docs/a/SUMMARY.md'].some(models),
    ).toBe(false);
  });
});
