import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Block } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { RevisionContent, RevisionPage, RevisionPageDocument } from '../model/revision.js';
import { gitBlobId } from '../tree/git-blob-id.js';
import { treeToRevision } from '../tree/tree-to-revision.js';
import { revisionToTree } from '../tree/revision-to-tree.js';
import type { TreeFile } from '../tree/tree-file.js';
import { flattenPages } from '../tree/flatten-pages.js';
import { importTree, type ImportSource } from './import-tree.js';
import type { ImportTreeResult } from './shared/import-result.js';

const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const textFile = /\.(md|mdx|markdown|ya?ml|json|js|ts|txt|css|html)$/;

/** A fixture directory as the tree an importer gets: text for text files, blob ids for assets. */
function readTree(dir: string): TreeFile[] {
  const root = join(fixtures, dir);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(root, path)).isFile())
    .map((path) => path.split('\\').join('/'))
    .sort()
    .map((path) => {
      const bytes = readFileSync(join(root, path));
      return {
        path,
        oid: gitBlobId(bytes),
        size: bytes.byteLength,
        ...(textFile.test(path) ? { text: bytes.toString('utf8') } : {}),
      };
    });
}

const text = (path: string, body: string): TreeFile => ({
  path,
  text: body,
  oid: gitBlobId(body),
  size: new TextEncoder().encode(body).byteLength,
});

type Outline = (string | [string, Outline])[];

/** The page tree as titles: a leaf is its title, a parent `[title, children]`. */
function outline(pages: readonly RevisionPage[]): Outline {
  return pages.map((page) => {
    const label = `${page.title}${page.hidden ? ' (hidden)' : ''}`;
    return 'pages' in page && page.pages.length > 0 ? [label, outline(page.pages)] : label;
  });
}

function documents(content: RevisionContent): RevisionPageDocument[] {
  return flattenPages(content.pages).filter(
    (page): page is RevisionPageDocument => page.type === 'document',
  );
}

function pageAt(result: ImportTreeResult, source: string): RevisionPageDocument {
  const id = result.inventory.find((entry) => entry.source === source)?.target?.pageId;
  const page = documents(onlyRevision(result)).find((candidate) => candidate.id === id);
  if (page === undefined) throw new Error(`no page for ${source}`);
  return page;
}

function onlyRevision(result: ImportTreeResult): RevisionContent {
  expect(result.revisions).toHaveLength(1);
  const [revision] = result.revisions;
  if (revision === undefined) throw new Error('no revision');
  return revision.content;
}

/** Every node of a JSON value (blocks, inlines, fragments) with an `object` and `type`. */
function nodesOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.type === 'string' && typeof record.object === 'string' ? [record] : [];
  return [...own, ...Object.values(record).flatMap(nodesOf)];
}

function refs(content: RevisionContent, type: string): Record<string, unknown>[] {
  return documents(content).flatMap((page) =>
    nodesOf(page.document)
      .filter((node) => node.type === type)
      .map((node) => (node.data as { ref: Record<string, unknown> }).ref),
  );
}

function blocks(document: JSONDocument, type: Block['type']): Block[] {
  return nodesOf(document).filter(
    (node) => node.object === 'block' && node.type === type,
  ) as unknown as Block[];
}

/** The refs of every image: image blocks and images inside paragraphs. */
function imageRefs(content: RevisionContent): Record<string, unknown>[] {
  return [...refs(content, 'image'), ...refs(content, 'inline-image')];
}

function statuses(result: ImportTreeResult): Record<string, string> {
  return Object.fromEntries(result.inventory.map((entry) => [entry.source, entry.status]));
}

function importFixture(from: ImportSource, dir: string): ImportTreeResult {
  return importTree({ from, files: readTree(dir), idNamespace: 'space-1' });
}

function expectOneLinePerFile(dir: string, result: ImportTreeResult) {
  expect(result.inventory.map((entry) => entry.source)).toEqual(readTree(dir).map((f) => f.path));
}

/** Links to pages are page or anchor refs; external links stay URLs; only `broken` stays a path. */
function expectLinksResolved(content: RevisionContent, broken: string[]) {
  const unresolved = refs(content, 'link')
    .filter((ref) => ref.kind === 'url' && !/^https?:/.test(String(ref.url)))
    .map((ref) => ref.url);
  expect(unresolved).toEqual(broken);
}

describe('importTree from docusaurus', () => {
  const dir = 'import/docusaurus';
  const result = importFixture('docusaurus', dir);
  const content = onlyRevision(result);

  it('places docs by sidebars.js: categories with their link doc, autogenerated folders by position, links, hidden leftovers', () => {
    expect(result.revisions[0]?.title).toBe('Acme Docs');
    expect(outline(content.pages)).toEqual([
      'Introduction',
      ['Getting Started', ['Installation', 'Configuration']],
      [
        'Guides',
        [
          'Writing content',
          'Publishing',
          ['Deployment', ['Kubernetes', 'Docker']],
          ['Advanced overview', ['Caching']],
        ],
      ],
      'GitHub',
      'API reference (hidden)',
    ]);
    // Ten docs, and the two sections without a doc of their own (Guides, Deployment).
    expect(documents(content)).toHaveLength(12 + 1);
  });

  it('keeps sidebar labels as link titles and strips number prefixes from slugs', () => {
    const install = pageAt(result, 'docs/getting-started/installation.mdx');
    expect(install.linkTitle).toBe('Install');
    expect(install.description).toBe('Install Acme on your machine.');
    expect(pageAt(result, 'docs/getting-started/configuration.md').linkTitle).toBe('Configure');
    expect(pageAt(result, 'docs/guides/01-writing.md').path).toBe('guides/writing');
    expect(pageAt(result, 'docs/intro.md').extraFrontMatter).toEqual({
      title: 'Welcome to Acme',
      keywords: ['acme', 'introduction'],
    });
  });

  it('resolves file-path, doc-id and /docs/ route links to pages, leaving the broken one as a diagnostic', () => {
    expectLinksResolved(content, ['./migration.md']);
    const broken = result.diagnostics.filter((d) => d.ruleId === 'broken-link');
    expect(broken).toEqual([
      expect.objectContaining({
        path: 'docs/getting-started/configuration.md',
        severity: 'warning',
      }),
    ]);
    const docker = pageAt(result, 'docs/guides/deploy/docker.md');
    expect(refs(content, 'link')).toContainEqual({
      kind: 'anchor',
      page: docker.id,
      anchor: 'ports',
    });
  });

  it('makes every image a file ref and uploads each asset once, static/ ones included', () => {
    const images = imageRefs(content);
    expect(images).toHaveLength(5);
    expect(images.every((ref) => ref.kind === 'file')).toBe(true);
    const sources = (fileId: string) =>
      result.inventory.filter((e) => e.target?.fileId === fileId).map((e) => e.source);
    expect(content.files.map((file) => sources(file.id))).toEqual([
      ['docs/img/logo.png'],
      ['static/img/banner.png'],
      ['docs/img/diagram.png'],
      ['docs/guides/advanced/cache-layers.png'],
    ]);
    expect(content.files.map((file) => file.git?.path)).toEqual([
      '.gitbook/assets/logo.png',
      '.gitbook/assets/banner.png',
      '.gitbook/assets/diagram.png',
      '.gitbook/assets/cache-layers.png',
    ]);
    const logo = content.files[0]?.id;
    expect(images.filter((ref) => ref.file === logo)).toHaveLength(2);
  });

  it('turns admonitions into hints, titles into their first heading, nested ones included', () => {
    const page = pageAt(result, 'docs/getting-started/configuration.md');
    const hints = blocks(page.document, 'hint').map(
      (hint) => (hint.data as { style: string }).style,
    );
    expect(hints).toEqual(['warning', 'info', 'danger', 'warning']);
    const [first] = blocks(page.document, 'hint');
    expect(nodesOf(first).find((node) => node.type === 'heading-3')).toBeDefined();
    // The `:::note` inside a code fence stays code.
    expect(blocks(page.document, 'code')).toHaveLength(1);
    const intro = pageAt(result, 'docs/intro.md');
    expect(blocks(intro.document, 'hint').map((h) => (h.data as { style: string }).style)).toEqual([
      'success',
    ]);
  });

  it('turns <Tabs>/<TabItem> into tabs titled by label (value when there is none)', () => {
    const page = pageAt(result, 'docs/getting-started/installation.mdx');
    const items = blocks(page.document, 'tabs-item').map(
      (item) => (item.data as { title?: string }).title,
    );
    expect(items).toEqual(['macOS', 'Linux', 'windows']);
    // The two commands, and the component kept as written (below).
    expect(blocks(page.document, 'code')).toHaveLength(3);
    expect(page.title).toBe('Installation');
  });

  it('leaves MDX imports out and keeps unknown components as written, with a diagnostic each', () => {
    const page = pageAt(result, 'docs/getting-started/installation.mdx');
    // Markdown would read the component back as three blocks: it is an `mdx` code block, whose
    // text is the source's, byte for byte.
    expect(blocks(page.document, 'markdown')).toEqual([]);
    const code = blocks(page.document, 'code').at(-1);
    expect(code?.data).toMatchObject({ syntax: 'mdx' });
    expect(JSON.stringify(code)).toContain('<BrowserWindow url=\\"http://localhost:3000\\">');
    expect(JSON.stringify(code)).toContain('Acme is running.');
    const entry = result.inventory.find(
      (e) => e.source === 'docs/getting-started/installation.mdx',
    );
    expect(entry?.diagnostics.map((d) => d.ruleId)).toEqual(['mdx-esm', 'mdx-component']);
  });

  it('gives every source file one inventory line with its status', () => {
    expectOneLinePerFile(dir, result);
    expect(statuses(result)).toEqual({
      'docs/_shared-snippet.mdx': 'skipped',
      'docs/getting-started/configuration.md': 'imported-with-diagnostics',
      'docs/getting-started/index.md': 'imported',
      'docs/getting-started/installation.mdx': 'imported-with-diagnostics',
      'docs/guides/01-writing.md': 'imported',
      'docs/guides/02-publishing.md': 'imported-with-diagnostics',
      'docs/guides/advanced/_category_.yml': 'imported',
      'docs/guides/advanced/cache-layers.png': 'imported',
      'docs/guides/advanced/caching.md': 'imported',
      'docs/guides/advanced/overview.md': 'imported',
      'docs/guides/deploy/_category_.json': 'imported',
      'docs/guides/deploy/docker.md': 'imported',
      'docs/guides/deploy/kubernetes.md': 'imported',
      'docs/img/diagram.png': 'imported',
      'docs/img/logo.png': 'imported',
      'docs/intro.md': 'imported',
      'docs/reference/api.md': 'imported-with-diagnostics',
      'docusaurus.config.js': 'imported',
      'package.json': 'skipped',
      'sidebars.js': 'imported',
      'src/pages/index.js': 'skipped',
      'static/img/banner.png': 'imported',
      'static/img/unused.png': 'skipped',
    });
    const deploy = result.inventory.find((e) => e.source === 'docs/guides/deploy/_category_.json');
    const deployPage = documents(content).find((page) => page.title === 'Deployment');
    expect(deploy?.target).toEqual({ revision: 'docs', pageId: deployPage?.id });
  });

  it('gives the same ids for the same tree and namespace', () => {
    expect(importFixture('docusaurus', dir)).toEqual(result);
    const other = importTree({ from: 'docusaurus', files: readTree(dir), idNamespace: 'space-2' });
    expect(onlyRevision(other).pages[0]?.id).not.toBe(content.pages[0]?.id);
  });

  it("runs a sidebars.js that is code through the caller's evaluate, and says which way it was read", () => {
    const files = readTree(dir).map((file) =>
      file.path === 'sidebars.js'
        ? text('sidebars.js', 'module.exports = require("./generated-sidebars");\n')
        : file,
    );
    const asked: string[] = [];
    const evaluated = importTree({
      from: 'docusaurus',
      files,
      evaluate: (path) => {
        asked.push(path);
        return path === 'sidebars.js'
          ? {
              value: {
                docs: ['intro', { type: 'category', label: 'Guides', items: ['guides/writing'] }],
              },
            }
          : { error: 'not asked for' };
      },
    });
    // The configuration's options are literals: only the sidebars file is run.
    expect(asked).toEqual(['sidebars.js']);
    const sidebars = evaluated.inventory.find((entry) => entry.source === 'sidebars.js');
    expect(sidebars?.status).toBe('imported');
    expect(sidebars?.diagnostics).toContainEqual(
      expect.objectContaining({
        ruleId: 'sidebars-read',
        message: 'sidebars file is code: read by running it',
      }),
    );
    expect(outline(onlyRevision(evaluated).pages).slice(0, 2)).toEqual([
      'Introduction',
      ['Guides', ['Writing content']],
    ]);
    const failing = importTree({
      from: 'docusaurus',
      files,
      evaluate: () => ({ error: 'it needs npm packages that are not installed (some-plugin)' }),
    });
    expect(failing.diagnostics).toContainEqual(
      expect.objectContaining({
        path: 'sidebars.js',
        ruleId: 'sidebars-unreadable',
        severity: 'warning',
        message: expect.stringContaining('some-plugin') as unknown as string,
      }),
    );
  });

  it('falls back to the folders when sidebars.js is code it cannot read, and says so', () => {
    const files = readTree(dir).map((file) =>
      file.path === 'sidebars.js'
        ? text('sidebars.js', 'module.exports = require("./generated-sidebars");\n')
        : file,
    );
    const fallback = importTree({ from: 'docusaurus', files });
    expect(statuses(fallback)['sidebars.js']).toBe('imported-with-diagnostics');
    expect(fallback.diagnostics).toContainEqual(
      expect.objectContaining({
        path: 'sidebars.js',
        ruleId: 'sidebars-unreadable',
        severity: 'warning',
      }),
    );
    // Docusaurus's own order: positioned docs first (intro has position 1), folders by name.
    expect(outline(onlyRevision(fallback).pages)).toEqual([
      'Introduction',
      ['Getting Started', ['Configuration', 'Installation']],
      [
        'guides',
        [
          'Writing content',
          'Publishing',
          ['Deployment', ['Kubernetes', 'Docker']],
          ['Advanced overview', ['Caching']],
        ],
      ],
      ['reference', ['API reference']],
    ]);
  });

  it('reports a doc given without its text as failed instead of throwing', () => {
    const files = readTree(dir).map((file) =>
      file.path === 'docs/intro.md' ? { path: file.path, oid: file.oid, size: file.size } : file,
    );
    const partial = importTree({ from: 'docusaurus', files });
    expect(statuses(partial)['docs/intro.md']).toBe('failed');
    expect(partial.diagnostics).toContainEqual(
      expect.objectContaining({ path: 'sidebars.js', ruleId: 'sidebar-unknown-doc' }),
    );
  });
});

describe('importTree from mkdocs', () => {
  const dir = 'import/mkdocs';
  const result = importFixture('mkdocs', dir);
  const content = onlyRevision(result);

  it('places pages by nav: sections, index pages as section pages, titles, external links', () => {
    expect(result.revisions[0]?.title).toBe('Acme Handbook');
    expect(outline(content.pages)).toEqual([
      'Acme Handbook',
      ['Getting started', ['Install Acme', 'Configure']],
      ['User guide', ['Writing', ['Reference', ['CLI', 'API']]]],
      'Changelog',
      'Draft page (hidden)',
    ]);
    expect(pageAt(result, 'docs/index.md').linkTitle).toBe('Home');
    expect(pageAt(result, 'docs/getting-started/install.md').linkTitle).toBe('Installation');
  });

  it('turns admonitions into hints (nested too) and collapsible ones into expandables', () => {
    const configure = pageAt(result, 'docs/getting-started/configure.md');
    expect(
      blocks(configure.document, 'hint').map((h) => (h.data as { style: string }).style),
    ).toEqual(['info', 'danger']);
    const install = pageAt(result, 'docs/getting-started/install.md');
    const expandables = blocks(install.document, 'expandable');
    expect(expandables).toHaveLength(2);
    expect(
      expandables.map((block) => (block.data as { defaultExpanded?: boolean }).defaultExpanded),
    ).toEqual([undefined, true]);
    expect(
      blocks(install.document, 'hint').map((h) => (h.data as { style: string }).style),
    ).toEqual(['warning', 'success']);
    const writing = pageAt(result, 'docs/guide/writing.md');
    expect(blocks(writing.document, 'hint')).toHaveLength(1);
    expect(blocks(writing.document, 'code')).toHaveLength(1);
  });

  it('turns content tabs into one tabs block', () => {
    const install = pageAt(result, 'docs/getting-started/install.md');
    expect(blocks(install.document, 'tabs')).toHaveLength(1);
    expect(
      blocks(install.document, 'tabs-item').map((item) => (item.data as { title?: string }).title),
    ).toEqual(['pip', 'conda']);
  });

  it('resolves links and images, uploading each asset once', () => {
    expectLinksResolved(content, ['../guide/migration.md']);
    expect(imageRefs(content)).toHaveLength(3);
    expect(imageRefs(content).every((ref) => ref.kind === 'file')).toBe(true);
    expect(content.files.map((file) => file.git?.path)).toEqual([
      '.gitbook/assets/logo.png',
      '.gitbook/assets/screenshot.png',
    ]);
  });

  it('gives every source file one inventory line with its status', () => {
    expectOneLinePerFile(dir, result);
    expect(statuses(result)).toEqual({
      'docs/assets/logo.png': 'imported',
      'docs/assets/screenshot.png': 'imported',
      'docs/assets/unused.png': 'skipped',
      'docs/drafts/unlisted.md': 'imported-with-diagnostics',
      'docs/getting-started/configure.md': 'imported-with-diagnostics',
      'docs/getting-started/index.md': 'imported',
      'docs/getting-started/install.md': 'imported',
      'docs/guide/writing.md': 'imported',
      'docs/index.md': 'imported',
      'docs/reference/api.md': 'imported',
      'docs/reference/cli.md': 'imported',
      'docs/stylesheets/extra.css': 'skipped',
      'mkdocs.yml': 'imported',
      'overrides/main.html': 'skipped',
      'requirements.txt': 'skipped',
    });
  });

  it('places pages by folders when mkdocs.yml has no nav', () => {
    const files = readTree(dir).map((file) =>
      file.path === 'mkdocs.yml' ? text('mkdocs.yml', 'site_name: Acme\n') : file,
    );
    expect(outline(onlyRevision(importTree({ from: 'mkdocs', files })).pages)).toEqual([
      'Acme Handbook',
      ['Drafts', ['Draft page']],
      ['Getting started', ['Configure', 'Install Acme']],
      ['Guide', ['Writing']],
      ['Reference', ['API', 'CLI']],
    ]);
  });
  it('follows nav entries naming a folder: its SUMMARY.md list (mkdocs-literate-nav), else its pages by folders', () => {
    const files = [
      text(
        'mkdocs.yml',
        'site_name: Acme\nnav:\n  - Home: index.md\n  - Guide: guide/\n  - api/\n  - Gone: nowhere/\n',
      ),
      text('docs/index.md', '# Home\n'),
      text('docs/guide/index.md', '# Guide\n'),
      text('docs/guide/b.md', '# Bravo\n'),
      text('docs/guide/a.md', '# Alpha\n'),
      text(
        'docs/api/SUMMARY.md',
        '* [Overview](overview.md)\n* [Endpoints](endpoints/)\n  * [Errors](errors.md)\n* [Missing](missing.md)\n',
      ),
      text('docs/api/overview.md', '# Overview\n'),
      text('docs/api/errors.md', '# Errors\n'),
      text('docs/api/endpoints/put.md', '# PUT\n'),
      text('docs/api/endpoints/get.md', '# GET\n'),
    ];
    const result = importTree({ from: 'mkdocs', files });
    expect(outline(onlyRevision(result).pages)).toEqual([
      'Home',
      ['Guide', ['Alpha', 'Bravo']],
      'Overview',
      ['Endpoints', ['GET', 'PUT', 'Errors']],
    ]);
    // The SUMMARY.md is navigation, not a page; what names nothing is said, with its file.
    expect(statuses(result)['docs/api/SUMMARY.md']).toBe('imported');
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'mkdocs-nav-missing', path: 'docs/api/SUMMARY.md' }),
    );
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        ruleId: 'mkdocs-nav-missing',
        message: expect.stringContaining('`nowhere/`') as string,
      }),
    );
  });

  it('reports mkdocs.yml that is not YAML as failed and places pages by folders', () => {
    const files = readTree(dir).map((file) =>
      file.path === 'mkdocs.yml' ? text('mkdocs.yml', 'nav: [\n  - a: b.md\n') : file,
    );
    const broken = importTree({ from: 'mkdocs', files });
    expect(statuses(broken)['mkdocs.yml']).toBe('failed');
    expect(broken.diagnostics).toContainEqual(
      expect.objectContaining({ path: 'mkdocs.yml', ruleId: 'mkdocs-config', severity: 'error' }),
    );
    expect(outline(onlyRevision(broken).pages)[0]).toBe('Acme Handbook');
  });
});

describe('importTree from markdown', () => {
  it('names the line of front matter kept without a GitBook equivalent', () => {
    const result = importTree({
      from: 'markdown',
      files: [text('guide.md', '---\ntitle: Guide\ntags: [a]\nauthor: Ada\n---\n# Guide\n')],
    });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'front-matter-kept', path: 'guide.md', line: 3 }),
    );
  });

  const dir = 'import/markdown';
  const result = importFixture('markdown', dir);
  const content = onlyRevision(result);

  it('takes the hierarchy from folders and the order from front matter, then names', () => {
    expect(outline(content.pages)).toEqual([
      'Acme Notes',
      'Getting started',
      ['Guides', ['Advanced use', 'First steps']],
      ['Reference', [['Cli', ['Commands']]]],
      'Faq',
    ]);
  });

  it('keeps a body H1 that differs from the front matter title as content', () => {
    const advanced = pageAt(result, 'guides/advanced.md');
    expect(advanced.title).toBe('Advanced use');
    expect(advanced.document.nodes[0]?.type).toBe('heading-1');
  });

  it('resolves links (folders to their index) and images, each asset once', () => {
    expectLinksResolved(content, ['old-faq.md']);
    expect(content.files.map((file) => [file.name, file.contentType])).toEqual([
      ['diagram.png', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
    ]);
    expect(imageRefs(content).filter((ref) => ref.file === content.files[0]?.id)).toHaveLength(2);
  });

  it('gives every source file one inventory line with its status', () => {
    expectOneLinePerFile(dir, result);
    expect(statuses(result)).toEqual({
      'README.md': 'imported',
      'faq.md': 'imported-with-diagnostics',
      'getting-started.md': 'imported',
      'guides/advanced.md': 'imported',
      'guides/first-steps.md': 'imported',
      'guides/index.md': 'imported',
      'images/diagram.png': 'imported',
      'images/photo.jpg': 'imported',
      'notes.txt': 'skipped',
      'reference/README.md': 'imported',
      'reference/cli/commands.md': 'imported',
    });
  });
});

describe('importTree from gitbook', () => {
  it('imports a Git Sync space exactly as treeToRevision reads it', () => {
    const files = readTree('corpora/lawnchair-docs/help');
    const result = importTree({ from: 'gitbook', files, idNamespace: 'space-1' });
    const read = treeToRevision(files, { idNamespace: 'space-1' });
    expect(onlyRevision(result)).toEqual(read.content);
    expect(result.inventory.map((entry) => entry.source)).toEqual(files.map((file) => file.path));
    for (const page of documents(read.content)) {
      const entry = result.inventory.find((e) => e.source === page.git?.path);
      expect(entry?.target?.pageId).toBe(page.id);
    }
  });

  it('imports a docs.yaml monorepo as one revision per space and skips unmapped files', () => {
    const docsYaml = [
      'site:',
      '  structure:',
      '    - {type: space, key: guides, title: Guides, content: {directory: ./guides}}',
      '    - {type: space, key: api, title: API, content: {directory: ./api}}',
      '',
    ].join('\n');
    const files = [
      text('docs.yaml', docsYaml),
      text('guides/README.md', '# Guides\n\nHello.\n'),
      text('guides/SUMMARY.md', '# Table of contents\n\n* [Guides](README.md)\n'),
      text('guides/stray.md', '# Stray\n'),
      text('api/README.md', '# API\n\nReference.\n'),
      text('notes/todo.md', '# Todo\n'),
    ];
    const result = importTree({ from: 'gitbook', files });
    expect(result.revisions.map((r) => [r.key, r.title])).toEqual([
      ['guides', 'Guides'],
      ['api', 'API'],
    ]);
    expect(statuses(result)).toEqual({
      'docs.yaml': 'imported',
      'guides/README.md': 'imported',
      'guides/SUMMARY.md': 'imported',
      'guides/stray.md': 'skipped',
      'api/README.md': 'imported',
      'notes/todo.md': 'skipped',
    });
    expect(result.inventory.find((e) => e.source === 'api/README.md')?.target?.revision).toBe(
      'api',
    );
  });
});

describe('importTree', () => {
  it.each([
    ['docusaurus', 'import/docusaurus'],
    ['mkdocs', 'import/mkdocs'],
    ['markdown', 'import/markdown'],
  ] as const)(
    'imports %s into content that a Git Sync tree carries: same pages, files and refs read back',
    (from, dir) => {
      const content = onlyRevision(importFixture(from, dir));
      const written = revisionToTree(content, {});
      const read = treeToRevision(written.files, { base: content });
      expect(outline(read.content.pages.map((page) => ({ ...page, hidden: false })))).toEqual(
        outline(content.pages.map((page) => ({ ...page, hidden: false }))),
      );
      const fileIds = (c: RevisionContent) => c.files.map((file) => file.id).sort();
      expect(fileIds(read.content)).toEqual(fileIds(content));
      // Pages are new to the tree (no git path yet), so compare link targets by title.
      const linkedTitles = (c: RevisionContent) => {
        const titles = new Map(documents(c).map((page) => [page.id, page.title]));
        return refs(c, 'link')
          .filter((ref) => ref.kind === 'page' || ref.kind === 'anchor')
          .map((ref) => titles.get(String(ref.page)));
      };
      expect(linkedTitles(read.content)).toEqual(linkedTitles(content));
    },
  );

  it('reports an unknown source tool instead of throwing', () => {
    const result = importTree({ from: 'hugo' as ImportSource, files: [text('a.md', '# A\n')] });
    expect(result.revisions).toEqual([]);
    expect(result.inventory).toEqual([{ source: 'a.md', status: 'skipped', diagnostics: [] }]);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['import-source']);
  });
});
