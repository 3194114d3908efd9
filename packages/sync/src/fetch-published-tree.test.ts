import type { SiteSection, SiteSpace, SiteStructure } from '@docsync/api';
import { parseDocsConfig } from '@docsync/core';
import { describe, expect, it } from 'vitest';
import { planSiteDirectories } from './fetch-published-tree.js';
import { renderSiteDocsConfig } from './render-site-docs-config.js';
import { PublishedError } from './published-error.js';

const siteSpace = (id: string, path: string) => ({ id, path }) as unknown as SiteSpace;
const section = (path: string, siteSpaces: SiteSpace[]) =>
  ({ object: 'site-section', path, siteSpaces }) as unknown as SiteSection;

const directories = (structure: SiteStructure) =>
  planSiteDirectories(structure).map((item) => `${item.siteSpace.id}:${item.directory}`);

describe('planSiteDirectories', () => {
  it('writes a site of one site space at the root', () => {
    expect(directories({ type: 'siteSpaces', structure: [siteSpace('a', 'guides')] })).toEqual([
      'a:',
    ]);
  });

  it('gives each site space of a site without sections its path', () => {
    const structure: SiteStructure = {
      type: 'siteSpaces',
      structure: [siteSpace('a', 'guides'), siteSpace('b', 'api')],
    };
    expect(directories(structure)).toEqual(['a:guides', 'b:api']);
  });

  it('puts site spaces under their section’s path, through section groups, in order', () => {
    const structure = {
      type: 'sections',
      structure: [
        section('docs', [siteSpace('a', 'v1'), siteSpace('b', 'v2')]),
        {
          object: 'site-section-group',
          children: [section('sdks', [siteSpace('c', 'v1')])],
        },
      ],
    } as unknown as SiteStructure;
    expect(directories(structure)).toEqual(['a:docs/v1', 'b:docs/v2', 'c:sdks/v1']);
  });

  it('refuses a path that is not a plain directory name', () => {
    const structure: SiteStructure = {
      type: 'siteSpaces',
      structure: [siteSpace('a', '..'), siteSpace('b', 'api')],
    };
    expect(() => planSiteDirectories(structure)).toThrow(PublishedError);
  });
});

describe('renderSiteDocsConfig', () => {
  it('maps every site space to its directory, through sections and groups, as core reads docs.yaml', () => {
    const space = (id: string, path: string, title: string, isDefault = false) =>
      ({ id, path, title, default: isDefault }) as unknown as SiteSpace;
    const structure = {
      type: 'sections',
      structure: [
        {
          object: 'site-section',
          id: 'sec_docs',
          title: 'Docs: "all"',
          path: 'docs',
          default: true,
          siteSpaces: [space('ss_1', 'v1', 'Version 1', true), space('ss_2', 'v2', 'Version 2')],
        },
        {
          object: 'site-section-group',
          id: 'grp_1',
          title: 'SDKs',
          children: [
            {
              object: 'site-section',
              id: 'sec_sdk',
              title: 'SDK',
              path: 'sdk',
              siteSpaces: [space('ss_3', 'v1', 'SDK v1')],
            },
          ],
        },
      ],
    } as unknown as SiteStructure;
    const directories = new Map(
      planSiteDirectories(structure).map((item) => [item.siteSpace.id, item.directory]),
    );
    const { config, diagnostics } = parseDocsConfig(
      renderSiteDocsConfig('Handbook: the site', structure, directories),
    );
    expect(diagnostics).toEqual([]);
    expect(config.siteTitle).toBe('Handbook: the site');
    expect(
      config.spaces.map((s) => ({
        key: s.key,
        title: s.title,
        directory: s.directory,
        parents: s.parents,
      })),
    ).toEqual([
      { key: 'ss_1', title: 'Version 1', directory: 'docs/v1', parents: ['sec_docs'] },
      { key: 'ss_2', title: 'Version 2', directory: 'docs/v2', parents: ['sec_docs'] },
      { key: 'ss_3', title: 'SDK v1', directory: 'sdk/v1', parents: ['grp_1', 'sec_sdk'] },
    ]);
    expect(config.spaces[0]?.default).toBe(true);
  });
});
