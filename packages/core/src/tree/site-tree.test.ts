import { describe, expect, it } from 'vitest';
import { parseDocsConfig } from './docs-config.js';
import { gitBlobId } from './git-blob-id.js';
import { treeToRevision } from './tree-to-revision.js';
import { siteRevisionsToTree, treeToSiteRevisions } from './site-tree.js';
import type { TreeFile } from './tree-file.js';

const file = (path: string, text: string): TreeFile => ({
  path,
  text,
  oid: gitBlobId(text),
  size: new TextEncoder().encode(text).byteLength,
});

const docsYaml = `$schema: https://api.gitbook.com/openapi.yaml#/components/schemas/GitSyncSiteConfig
site:
  title: Example Docs
  structure:
    - type: section
      key: section-1
      title: Documentation
      children:
        - type: space
          key: space-guides
          title: Guides
          path: guides
          default: true
          content:
            directory: ./guides
            language: en
        - type: space
          key: space-api
          title: API
          content:
            directory: /api
    - type: section-group
      key: group-1
      title: Resources
      children:
        - type: space
          key: space-draft
          title: Draft
          content:
            directory: null
`;

const guides = [
  file('guides/README.md', '# Guides\n\nStart with [the API](../api/README.md).\n'),
  file('guides/SUMMARY.md', '# Table of contents\n\n* [Guides](README.md)\n* [Setup](setup.md)\n'),
  file('guides/setup.md', '# Setup\n\nSee [Guides](README.md).\n'),
];
const api = [
  file('api/README.md', '# API\n\nReference.\n'),
  file('api/SUMMARY.md', '# Table of contents\n\n* [API](README.md)\n'),
  file('api/.gitbook.yaml', 'redirects:\n  old-api: README.md\n'),
];

describe('docs.yaml', () => {
  it('lists the spaces with their directories, wherever they sit in sections and groups', () => {
    const { config, diagnostics } = parseDocsConfig(docsYaml);
    expect(diagnostics).toEqual([]);
    expect(config.siteTitle).toBe('Example Docs');
    expect(config.spaces).toEqual([
      {
        key: 'space-guides',
        title: 'Guides',
        path: 'guides',
        directory: 'guides',
        language: 'en',
        default: true,
        parents: ['section-1'],
      },
      { key: 'space-api', title: 'API', directory: 'api', parents: ['section-1'] },
      { key: 'space-draft', title: 'Draft', directory: null, parents: ['group-1'] },
    ]);
  });

  it('resolves `/x` from the repository root through the project directory', () => {
    const yaml = `site:\n  structure:\n    - {type: space, key: a, content: {directory: /docs/a}}\n    - {type: space, key: b, content: {directory: /other}}\n`;
    const { config, diagnostics } = parseDocsConfig(yaml, 'docs.yaml', 'docs');
    expect(config.spaces.map((space) => space.directory)).toEqual(['a', null]);
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['docs-yaml']);
  });

  it('reports items without keys, duplicate keys and invalid YAML instead of throwing', () => {
    const yaml = `site:\n  structure:\n    - {type: space, title: No key}\n    - {type: space, key: a}\n    - {type: space, key: a}\n    - {type: banner, key: b}\n`;
    expect(parseDocsConfig(yaml).diagnostics).toHaveLength(3);
    expect(parseDocsConfig('site: [').diagnostics[0]?.severity).toBe('error');
    expect(parseDocsConfig('title: x\n').diagnostics[0]?.message).toMatch(/site\.structure/);
  });
});

describe('site-wide trees', () => {
  const tree = [file('docs.yaml', docsYaml), ...guides, ...api, file('notes.txt', 'mine\n')];

  it('reads one revision per mapped space, each as if its directory were the whole tree', () => {
    const site = treeToSiteRevisions(tree, { idNamespace: 'site' });
    expect(site?.spaces.map(({ space }) => space.key)).toEqual(['space-guides', 'space-api']);
    const alone = treeToRevision(
      guides.map((f) => ({ ...f, path: f.path.slice('guides/'.length) })),
      { idNamespace: 'site/space-guides' },
    );
    expect(site?.spaces[0]?.result.content).toEqual(alone.content);
    expect(site?.spaces[1]?.result.config.redirects).toEqual({ 'old-api': 'README.md' });
    expect(site?.unmapped).toEqual(['notes.txt']);
  });

  it('gives the same page different ids in different spaces', () => {
    const site = treeToSiteRevisions(tree);
    const [first, second] = (site?.spaces ?? []).map(({ result }) => result.content.pages[0]?.id);
    expect(first).toBeDefined();
    expect(first).not.toBe(second);
  });

  it('writes every space back under its directory, and docs.yaml as it was', () => {
    const site = treeToSiteRevisions(tree);
    const written = siteRevisionsToTree(
      tree[0] as TreeFile,
      (site?.spaces ?? []).map(({ space, result }) => ({
        directory: space.directory,
        content: result.content,
        config: result.config,
      })),
    );
    const expected = [tree[0], ...guides, ...api].map((f) => [f?.path, f?.oid]);
    expect(written.files.map((f) => [f.path, f.oid])).toEqual(
      expected.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
  });

  it('accepts the older name gitbook-docs.yaml, and is not used without either file', () => {
    const renamed = tree.map((f) =>
      f.path === 'docs.yaml' ? { ...f, path: 'gitbook-docs.yaml' } : f,
    );
    expect(treeToSiteRevisions(renamed)?.configPath).toBe('gitbook-docs.yaml');
    expect(treeToSiteRevisions(guides)).toBeUndefined();
  });
});
