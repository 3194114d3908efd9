import { describe, expect, it } from 'vitest';
import { gitBlobId } from '../../tree/git-blob-id.js';
import type { TreeFile } from '../../tree/tree-file.js';
import { importTree } from '../import-tree.js';
import { readSiteLayout, staticDocsOptions } from './site-layout.js';

const text = (path: string, body: string): TreeFile => ({
  path,
  text: body,
  oid: gitBlobId(body),
  size: Buffer.byteLength(body),
});
const asset = (path: string): TreeFile => ({ path, oid: gitBlobId(path), size: 10 });

/** A repository whose site is in `website/` with its docs beside it, as react-native's. */
const repository = [
  text(
    'website/docusaurus.config.ts',
    [
      "import type * as Docs from '@docusaurus/plugin-content-docs';",
      'const common = {editUrl: computeUrl()};',
      'export default {',
      "  title: 'Example Site',",
      "  baseUrl: '/',",
      "  presets: [['classic', {docs: {path: '../docs', sidebarPath: require.resolve('./sidebars'), ...common}}]],",
      '  plugins: [',
      "    ['content-docs', {id: 'community', path: 'community', routeBasePath: '/community', sidebarPath: require.resolve('./sidebarsCommunity'), ...common} satisfies Docs.Options],",
      '  ],',
      '};',
      '',
    ].join('\n'),
  ),
  text('website/sidebars.ts', "export default {docs: ['intro', 'guides/setup']};\n"),
  text('website/sidebarsCommunity.ts', "export default {community: ['overview']};\n"),
  text(
    'docs/intro.md',
    [
      '# Introduction',
      '',
      'See [setup](/docs/guides/setup), [the next version](/docs/next/guides/setup#run),',
      '[by file](/guides/setup.md), [community](/community/overview) and ![shot](/img/shot.png).',
      '',
    ].join('\n'),
  ),
  text('docs/guides/setup.md', '# Setup\n\n## Run\n\nBack to [intro](../intro.md).\n'),
  text('website/community/overview.md', '# Community\n\nSee [intro](/docs/intro).\n'),
  asset('website/static/img/shot.png'),
];

describe('readSiteLayout', () => {
  it('finds the site in a subfolder, its docs outside it and every docs plugin instance', () => {
    const layout = readSiteLayout(repository, undefined);
    expect(layout).toMatchObject({
      siteDir: 'website',
      configPath: 'website/docusaurus.config.ts',
      configReadBy: 'static',
      title: 'Example Site',
      staticDirs: ['website/static'],
      instances: [
        { docsDir: 'docs', sidebarsPath: 'website/sidebars.ts', routeBasePath: 'docs' },
        {
          id: 'community',
          docsDir: 'website/community',
          sidebarsPath: 'website/sidebarsCommunity.ts',
          routeBasePath: 'community',
        },
      ],
    });
  });

  it('reads no options as the defaults, and options that are code as unreadable', () => {
    expect(staticDocsOptions("module.exports = {title: 'X'};")).toEqual([]);
    expect(
      staticDocsOptions("module.exports = {presets: [['classic', {docs: {path: dir()}}]]};"),
    ).toBe(undefined);
    expect(staticDocsOptions("x = {docs: {path: 'documentation', routeBasePath: '/'}}")).toEqual([
      { path: 'documentation', routeBasePath: '/' },
    ]);
  });

  it('runs a configuration whose options are code, when an evaluator is given', () => {
    const files = [
      text(
        'docusaurus.config.js',
        "const dir = require('./dir');\nmodule.exports = {presets: [['classic', {docs: {path: dir}}]]};\n",
      ),
      text('manual/a.md', '# A\n'),
    ];
    const layout = readSiteLayout(files, () => ({
      value: { presets: [['classic', { docs: { path: 'manual', sidebarPath: './sidebars.js' } }]] },
    }));
    expect(layout.configReadBy).toBe('evaluated');
    expect(layout.instances).toEqual([
      { docsDir: 'manual', sidebarsPath: 'sidebars.js', routeBasePath: 'docs' },
    ]);
    const unread = readSiteLayout(files, () => ({ error: 'boom' }));
    expect(unread.diagnostics).toEqual([
      expect.objectContaining({ path: 'docusaurus.config.js', ruleId: 'config-unreadable' }),
    ]);
  });
});

describe('importTree from a Docusaurus repository', () => {
  const result = importTree({ from: 'docusaurus', files: repository });

  it('makes every doc of every instance a page, the other instances a section each', () => {
    const pages = result.revisions[0]?.content.pages ?? [];
    expect(pages.map((page) => page.title)).toEqual(['Introduction', 'Setup', 'Community']);
    const community = pages[2];
    expect(
      community !== undefined && 'pages' in community ? community.pages.map((p) => p.title) : [],
    ).toEqual(['Community']);
    expect(result.inventory.filter((entry) => entry.status === 'failed')).toEqual([]);
  });

  it('resolves root-relative links by route, versioned route, file path and static folder', () => {
    expect(result.diagnostics.filter((d) => d.ruleId === 'broken-link')).toEqual([]);
    const intro = JSON.stringify(result.revisions[0]?.content.pages[0]);
    // Four links to pages and one image, all references now, none kept as written.
    expect(intro.match(/"kind":"(page|anchor)"/g)).toHaveLength(4);
    expect(intro).not.toContain('/docs/');
    const shot = result.inventory.find((entry) => entry.source === 'website/static/img/shot.png');
    expect(shot?.target?.fileId).toBeDefined();
  });
});
