import { describe, expect, it } from 'vitest';
import { gitBlobId } from './git-blob-id.js';
import { treeToRevision } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { revisionToTree } from './revision-to-tree.js';

const file = (path: string, text: string): TreeFile => ({
  path,
  text,
  oid: gitBlobId(text),
  size: new TextEncoder().encode(text).byteLength,
});

const pages = [
  file('README.md', '# Home\n'),
  file('setup.md', '# Setup\n'),
  file('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Setup](setup.md)\n'),
];

describe('.gitbook.yaml redirects', () => {
  it('keeps a hand-written .gitbook.yaml byte for byte, comments and all', () => {
    const yaml = '# moved in 2024\r\nredirects:\r\n  install: ./setup.md # old URL\r\n';
    const read = treeToRevision([...pages, file('.gitbook.yaml', yaml)]);
    expect(read.config.redirects).toEqual({ install: './setup.md' });
    expect(read.diagnostics).toEqual([]);
    const written = revisionToTree(read.content, { config: read.config });
    expect(written.files.find((f) => f.path === '.gitbook.yaml')?.text).toBe(yaml);
  });

  it('writes the new settings when they change', () => {
    const read = treeToRevision([...pages, file('.gitbook.yaml', 'redirects:\n  a: setup.md\n')]);
    const config = { ...read.config, redirects: { a: 'setup.md', b: 'README.md' } };
    const written = revisionToTree(read.content, { config });
    expect(written.files.find((f) => f.path === '.gitbook.yaml')?.text).toBe(
      'root: ./\nredirects:\n  a: setup.md\n  b: README.md\n',
    );
  });

  it('reports a redirect to a missing page and one that a page shadows', () => {
    const yaml = 'redirects:\n  gone: old/page.md\n  setup: README.md\n  bad: [1]\n';
    const read = treeToRevision([...pages, file('.gitbook.yaml', yaml)]);
    expect(read.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([
      ['gitbook-yaml', 'warning'],
      ['redirect-target', 'warning'],
      ['redirect-shadowed', 'info'],
    ]);
  });

  it('reports invalid variables YAML instead of throwing', () => {
    const read = treeToRevision([...pages, file('.gitbook/vars.yaml', 'a: [\n')]);
    expect(read.diagnostics.map((d) => [d.path, d.ruleId])).toEqual([
      ['.gitbook/vars.yaml', 'vars-yaml'],
    ]);
    expect(read.content.variables).toEqual({});
  });
});
