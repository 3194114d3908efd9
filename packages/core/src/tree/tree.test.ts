import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusSpaces, expectedPageDifferences } from '../testing/corpora.js';
import { gitBlobId } from './git-blob-id.js';
import { treeToRevision } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { flattenPages } from './flatten-pages.js';
import { modelledPaths } from './modelled-paths.js';
import { revisionToTree } from './revision-to-tree.js';

const corpora = fileURLToPath(new URL('../../fixtures/corpora/', import.meta.url));

/** Reads a directory as a tree: text for markdown and YAML, blob ids for everything. */
function readTree(dir: string): TreeFile[] {
  const walk = (current: string): string[] =>
    readdirSync(current).flatMap((name) => {
      const path = join(current, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(dir).map((path) => {
    const bytes = readFileSync(path);
    const rel = relative(dir, path);
    const isText = /\.(md|ya?ml)$/.test(rel);
    return {
      path: rel,
      oid: gitBlobId(bytes),
      size: bytes.byteLength,
      ...(isText ? { text: bytes.toString('utf8') } : {}),
    };
  });
}

describe('tree ⇄ revision on the corpora', () => {
  for (const space of corpusSpaces) {
    it(`writes ${space} back byte for byte (but the pages the converter normalizes)`, () => {
      const tree = readTree(join(corpora, space));
      const read = treeToRevision(tree, { idNamespace: space });
      expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const written = revisionToTree(read.content, { config: read.config });
      const writtenByPath = new Map(written.files.map((file) => [file.path, file]));
      const differing = tree
        .filter((file) => !read.unlisted.includes(file.path))
        .filter((file) => writtenByPath.get(file.path)?.oid !== file.oid)
        .map((file) => file.path);
      const expected = Object.keys(expectedPageDifferences)
        .filter((page) => page.startsWith(`${space}/`))
        .map((page) => page.slice(space.length + 1));
      expect(differing.sort()).toEqual(expected.sort());
      // The cheap test of what the service reads agrees with the whole read, file by file.
      const texts = new Map(tree.map((file) => [file.path, file.text]));
      const models = modelledPaths((path) => texts.get(path));
      expect(
        tree.map((file) => file.path).filter((p) => models(p) !== writtenByPath.has(p)),
      ).toEqual([]);
      expect(
        written.files
          .map((file) => file.path)
          .filter((path) => !tree.some((file) => file.path === path)),
      ).toEqual([]);
    });
  }

  for (const space of corpusSpaces) {
    it(`keeps ids, order, hierarchy, metadata and documents of ${space} through tree → revision`, () => {
      // Start from the canonical tree, so that the pages the converter normalizes are settled.
      const canonical = revisionToTree(
        treeToRevision(readTree(join(corpora, space)), { idNamespace: space }).content,
      );
      const first = treeToRevision(canonical.files, { idNamespace: space }).content;
      const written = revisionToTree(first);
      expect(written.files).toEqual(canonical.files);
      const again = treeToRevision(written.files, {
        base: first,
        idNamespace: 'another namespace',
      }).content;
      expect(again).toEqual(first);
    });
  }
});

describe('refs in a tree', () => {
  const tree = readTree(join(corpora, 'lawnchair-docs/help'));
  const { content } = treeToRevision(tree, { idNamespace: 'help' });
  const pages = flattenPages(content.pages);
  const byGitPath = (path: string) =>
    pages.find((page) => page.type === 'document' && page.git?.path === path);
  const json = (path: string) => JSON.stringify(byGitPath(path));

  it('resolves relative links to page and anchor refs', () => {
    const lawnicons = byGitPath('integrations/lawnicons.md');
    expect(json('core-features/theming-and-icons.md')).toContain(
      `{"kind":"page","page":"${lawnicons?.id ?? '?'}"}`,
    );
    const search = byGitPath('core-features/search.md');
    expect(JSON.stringify(content)).toContain(
      `{"kind":"anchor","page":"${search?.id ?? '?'}","anchor":"what-does-match-dock-search-bar-actions-do"}`,
    );
  });

  it('resolves includes to reusable contents', () => {
    const include = content.reusableContents.find((r) => r.title === 'Turn on themed icons');
    expect(include).toBeDefined();
    expect(json('core-features/theming-and-icons.md')).toContain(
      `{"kind":"reusable-content","reusableContent":"${include?.id ?? '?'}"}`,
    );
  });

  it('reads external SUMMARY entries as link pages and groups from `##`', () => {
    expect(content.pages.map((page) => [page.type, page.title])).toEqual([
      ['group', 'Getting started'],
      ['group', 'Core features'],
      ['group', 'Integrations'],
      ['group', 'Troubleshooting'],
    ]);
    expect(pages.filter((page) => page.type === 'link').map((page) => page.title)).toEqual([
      'Contribute code',
      'Get involved',
    ]);
  });
});

describe('a tree without SUMMARY.md', () => {
  it('infers the table of contents from folders and writes a SUMMARY.md', () => {
    const text = (path: string, body: string): TreeFile => ({
      path,
      text: body,
      oid: gitBlobId(body),
      size: body.length,
    });
    const tree = [
      text('README.md', '# Home\n'),
      text('guide/README.md', '# Guide\n'),
      text('guide/install.md', '# Install\n\nSee [home](../README.md).\n'),
      text('faq.md', '# FAQ\n'),
    ];
    const read = treeToRevision(tree);
    expect(read.unlisted).toEqual([]);
    const written = revisionToTree(read.content);
    expect(written.files.find((file) => file.path === 'SUMMARY.md')?.text).toBe(
      '# Table of contents\n\n* [Home](README.md)\n* [FAQ](faq.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n',
    );
    expect(written.files.find((file) => file.path === 'guide/install.md')?.text).toBe(
      '# Install\n\nSee [home](../README.md).\n',
    );
  });

  it('reports markdown files SUMMARY.md does not list, and neither imports nor drops them', () => {
    const text = (path: string, body: string): TreeFile => ({
      path,
      text: body,
      oid: gitBlobId(body),
      size: body.length,
    });
    const read = treeToRevision([
      text('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
      text('README.md', '# Home\n'),
      text('notes.md', '# Notes\n'),
    ]);
    expect(read.unlisted).toEqual(['notes.md']);
    expect(read.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['unlisted-page', 'notes.md'],
    ]);
    expect(flattenPages(read.content.pages).map((page) => page.title)).toEqual(['Home']);
  });
});

/** A text file of a tree, with its git blob id. */
function file(path: string, text: string): TreeFile {
  const bytes = new TextEncoder().encode(text);
  return { path, text, oid: gitBlobId(bytes), size: bytes.byteLength };
}

describe('a SUMMARY.md entry naming a missing file (issue 19)', () => {
  it('is a warning, and the entry is kept as written', () => {
    const summary = '# Table of contents\n\n* [Home](README.md)\n* [Gone](gone.md)\n';
    const read = treeToRevision([file('README.md', '# Home\n'), file('SUMMARY.md', summary)]);
    expect(read.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'summary-missing-file', severity: 'warning' }),
    ]);
    const written = revisionToTree(read.content, { config: read.config }).files;
    expect(written.find((f) => f.path === 'SUMMARY.md')?.text).toBe(summary);
  });

  it('keeps a second entry for the same file as a link, the pages under it after it (trunk-docs summary.md)', () => {
    const summary = [
      '# Table of contents',
      '',
      '* [Home](README.md)',
      '* [MCP Server](mcp/README.md)',
      '* [MCP reference](mcp/README.md)',
      '  * [Cursor](mcp/cursor.md)',
      '',
    ].join('\n');
    const read = treeToRevision([
      file('README.md', '# Home\n'),
      file('SUMMARY.md', summary),
      file('mcp/README.md', '# MCP Server\n'),
      file('mcp/cursor.md', '# Cursor\n'),
    ]);
    expect(read.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'summary-duplicate', severity: 'warning' }),
    ]);
    const written = revisionToTree(read.content, { config: read.config }).files;
    expect(written.find((f) => f.path === 'SUMMARY.md')?.text).toBe(
      summary.replace('  * [Cursor]', '* [Cursor]'),
    );
  });
});

describe('SUMMARY.md dividers (issue 19)', () => {
  it('keeps `***` before groups and entries through tree → revision → tree', () => {
    const summary = [
      '# Table of contents',
      '',
      '* [Home](README.md)',
      '',
      '***',
      '',
      '* [Elsewhere](https://example.com)',
      '',
      '***',
      '',
      '## Guides',
      '',
      '* [A](a.md)',
      '',
      '***',
      '',
      '* [B](b.md)',
      '',
    ].join('\n');
    const read = treeToRevision([
      file('README.md', '# Home\n'),
      file('SUMMARY.md', summary),
      file('a.md', '# A\n'),
      file('b.md', '# B\n'),
    ]);
    expect(read.diagnostics).toEqual([]);
    const dividers = flattenPages(read.content.pages)
      .filter((page) => page.summaryDividerBefore)
      .map((page) => page.title);
    expect(dividers).toEqual(['Elsewhere', 'Guides', 'B']);
    const written = revisionToTree(read.content, { config: read.config }).files;
    expect(written.find((f) => f.path === 'SUMMARY.md')?.text).toBe(summary);
  });
});
