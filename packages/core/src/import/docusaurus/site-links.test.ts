import { describe, expect, it } from 'vitest';
import { gitBlobId } from '../../tree/git-blob-id.js';
import type { TreeFile } from '../../tree/tree-file.js';
import { importTree } from '../import-tree.js';
import type { ImportTreeResult } from '../shared/import-result.js';

const text = (path: string, body: string): TreeFile => ({
  path,
  text: body,
  oid: gitBlobId(body),
  size: new TextEncoder().encode(body).byteLength,
});

const png = (path: string): TreeFile => ({ path, oid: gitBlobId(path), size: 10 });

/** Every link and image ref of the import's pages, in page order. */
function refsOf(result: ImportTreeResult): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const data = record.data as { ref?: Record<string, unknown> } | undefined;
    if (typeof record.type === 'string' && data?.ref !== undefined) out.push(data.ref);
    Object.values(record).forEach(walk);
  };
  walk(result.revisions[0]?.content.pages);
  return out;
}

const diagnosticsOf = (result: ImportTreeResult, ruleId: string) =>
  result.diagnostics
    .filter((d) => d.ruleId === ruleId)
    .map((d) => `${d.path ?? ''}:${String(d.line)}`);

describe('links to what the source site serves outside the imported tree', () => {
  it("links routes of the site (blog, other pages) to the configuration's url, keeps a missing file broken", () => {
    const result = importTree({
      from: 'docusaurus',
      idNamespace: 'n',
      files: [
        text(
          'docusaurus.config.js',
          [
            'module.exports = {',
            "  themeConfig: { algolia: { url: 'https://search.example.net' }, navbar: { title: 'x' } },",
            "  title: 'Example',",
            "  url: 'https://example.com/',",
            "  baseUrl: '/',",
            '};',
          ].join('\n'),
        ),
        text(
          'docs/intro.md',
          [
            '# Intro',
            '',
            'Read [the post](/blog/2024/01/02/post#why) and [the versions](/versions).',
            '',
            'A [missing doc](./gone.md) and a [guide](guide).',
            '',
            '![logo](/img/logo.png) ![gone](/img/gone.png)',
          ].join('\n'),
        ),
        text('docs/guide.md', '# Guide\n'),
        png('static/img/logo.png'),
      ],
    });
    const refs = refsOf(result);
    expect(refs.filter((ref) => ref.kind === 'url').map((ref) => ref.url)).toEqual([
      'https://example.com/blog/2024/01/02/post#why',
      'https://example.com/versions',
      './gone.md',
      // The static folder is in the tree and lacks it: broken in the source too.
      '/img/gone.png',
    ]);
    expect(refs.filter((ref) => ref.kind === 'page')).toHaveLength(1);
    expect(refs.filter((ref) => ref.kind === 'file')).toHaveLength(1);
    expect(diagnosticsOf(result, 'site-link')).toEqual(['docs/intro.md:3', 'docs/intro.md:3']);
    expect(result.summary).toMatchObject({
      linksResolved: 1,
      linksToSite: 2,
      linksBroken: 1,
      linksBrokenInSource: 1,
      imagesResolved: 1,
      imagesMissing: 1,
      imagesFromSite: 0,
      toSiteKept: 0,
    });
  });

  it('keeps them as written with a warning when the url is not a literal, and uses siteUrl when given', () => {
    const files = [
      text(
        'docusaurus.config.js',
        [
          "const customFields = require('./src/config/customFields');",
          'module.exports = {',
          '  url: `https://${customFields.domain}`,',
          "  baseUrl: '/docs/',",
          '  trailingSlash: true,',
          "  presets: [['classic', { docs: { path: 'documentation', routeBasePath: '/' } }]],",
          '};',
        ].join('\n'),
      ),
      text(
        'documentation/query/avg.md',
        [
          '# Avg',
          '',
          'See [the sibling](../sum/), [the blog](/blog/post/) and [docs home](/docs/).',
          '',
          '![chart](/images/chart.svg)',
        ].join('\n'),
      ),
      text('documentation/query/sum.md', '# Sum\n'),
      text('documentation/index.md', '# Home\n'),
    ];
    const unknown = importTree({ from: 'docusaurus', idNamespace: 'n', files });
    // With `trailingSlash`, `../sum/` resolves from `/docs/query/avg/`: the sibling page.
    expect(refsOf(unknown).map((ref) => ref.kind)).toEqual(['page', 'url', 'page', 'url']);
    expect(diagnosticsOf(unknown, 'site-link-unknown')).toEqual([
      'documentation/query/avg.md:3',
      'documentation/query/avg.md:5',
    ]);
    expect(unknown.summary).toMatchObject({ linksBroken: 0, imagesMissing: 0, toSiteKept: 2 });

    const known = importTree({
      from: 'docusaurus',
      idNamespace: 'n',
      files,
      siteUrl: 'https://questdb.example/',
    });
    expect(
      refsOf(known)
        .filter((ref) => ref.kind === 'url')
        .map((ref) => ref.url),
    ).toEqual([
      // Docusaurus's links get the base URL unless they start with it already.
      'https://questdb.example/docs/blog/post/',
      // No static folder in the tree: the site serves its images from its own.
      'https://questdb.example/docs/images/chart.svg',
    ]);
    expect(known.summary).toMatchObject({ linksToSite: 1, imagesFromSite: 1, toSiteKept: 0 });
  });

  it('resolves a relative route naming no doc from the page URL, to the site', () => {
    const result = importTree({
      from: 'docusaurus',
      idNamespace: 'n',
      files: [
        text(
          'docusaurus.config.ts',
          "export default { url: 'https://www.example.org', baseUrl: '/docs/', presets: [['classic', { docs: { routeBasePath: '/' } }]] };",
        ),
        text(
          'docs/hydra/guides/jwt.mdx',
          '# JWT\n\nSee [the API](../../reference/api#tag/oAuth2).\n',
        ),
      ],
    });
    expect(refsOf(result)).toEqual([
      { kind: 'url', url: 'https://www.example.org/docs/reference/api#tag/oAuth2' },
    ]);
  });
});
