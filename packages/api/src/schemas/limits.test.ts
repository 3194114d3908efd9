import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ChangeRequestContentChangesBody } from './change-request-changes.js';
import { UpdateChangeRequestBody } from './change-request.js';
import { CreateCollectionBody, UpdateCollectionBody } from './collection.js';
import { ListCommentsQuery } from './comment.js';
import { PaginationQuery } from './common.js';
import { IssuesCluster } from './conversation.js';
import { GitImportBody } from './git-sync.js';
import { IntegrationDevModeBody, ListIntegrationsQuery } from './integration.js';
import { MoveSpaceOrCollectionBody } from './move.js';
import { CreateOpenAPISpecBody } from './openapi-spec.js';
import { UpdateOrganizationBody } from './organization.js';
import { SearchQuery } from './search.js';
import { Site, UpdateSiteBody } from './site.js';
import { UpdateSiteSectionBody } from './site-section.js';
import { CreateSpaceBody, UpdateSpaceBody } from './space.js';
import { Subdomain } from './subdomain.js';

const text = (length: number) => 'x'.repeat(length);
const at = '2026-01-01T00:00:00Z';

const site = {
  object: 'site',
  id: 'site1',
  type: 'basic',
  title: 'Docs',
  visibility: 'public',
  published: true,
  siteSpaces: 1,
  createdAt: at,
  agentsContext: 'included',
  urls: {
    location: 'https://api.example.com/v1/orgs/o/sites/site1',
    app: 'https://app.example.com/s',
  },
};

const cluster = {
  object: 'issues-cluster',
  id: 'c1',
  label: 'Login problems',
  createdAt: at,
  updatedAt: at,
  summary: 'People cannot sign in.',
  weeklyPulse: Array<number>(13).fill(1),
  sources: { zendesk: 3 },
  stats: {
    issues: 3,
    conversations: 2,
    tasksTotal: 0,
    tasksBacklog: 0,
    tasksStarted: 0,
    tasksCompleted: 0,
    tasksCancelled: 0,
  },
  urls: { location: 'https://api.example.com/c1', app: 'https://app.example.com/c1' },
};

const subdomain = {
  object: 'subdomain',
  subdomain: 'acme-docs',
  target: { type: 'organization', organization: 'o1' },
  isActive: true,
};

describe('documented limits', () => {
  it('accepts limit 1..1000 and rejects 0 and 1001', () => {
    expect(Value.Check(PaginationQuery, { limit: 1 })).toBe(true);
    expect(Value.Check(PaginationQuery, { limit: 1000 })).toBe(true);
    expect(Value.Check(PaginationQuery, { limit: 0 })).toBe(false);
    expect(Value.Check(PaginationQuery, { limit: 1001 })).toBe(false);
    expect(Value.Check(PaginationQuery, { limit: 2.5 })).toBe(false);
  });

  it('caps collection titles at 50 and descriptions at 100', () => {
    expect(Value.Check(CreateCollectionBody, { title: text(50) })).toBe(true);
    expect(Value.Check(CreateCollectionBody, { title: text(51) })).toBe(false);
    expect(Value.Check(UpdateCollectionBody, { description: text(100) })).toBe(true);
    expect(Value.Check(UpdateCollectionBody, { description: text(101) })).toBe(false);
  });

  it('caps space titles and emoji at 50', () => {
    expect(Value.Check(UpdateSpaceBody, { title: text(51) })).toBe(false);
    expect(Value.Check(UpdateSpaceBody, { emoji: text(51) })).toBe(false);
    expect(Value.Check(UpdateSpaceBody, { title: text(50), emoji: '📘' })).toBe(true);
  });

  it('keeps site titles within 2..128 and basenames within 1..100', () => {
    expect(Value.Check(UpdateSiteBody, { title: 'x' })).toBe(false);
    expect(Value.Check(UpdateSiteBody, { title: text(129) })).toBe(false);
    expect(Value.Check(UpdateSiteBody, { title: text(128), basename: text(100) })).toBe(true);
    expect(Value.Check(UpdateSiteBody, { basename: '' })).toBe(false);
  });

  it('takes a proxy as host plus path segments, or null to remove it', () => {
    expect(Value.Check(UpdateSiteBody, { proxy: 'example.com/docs' })).toBe(true);
    expect(Value.Check(UpdateSiteBody, { proxy: null })).toBe(true);
    expect(Value.Check(UpdateSiteBody, { proxy: 'example.com' })).toBe(false);
  });

  it('checks custom site hostnames against the pattern', () => {
    expect(Value.Check(Site, site)).toBe(true);
    expect(Value.Check(Site, { ...site, hostname: 'docs.example.com' })).toBe(true);
    expect(Value.Check(Site, { ...site, hostname: 'localhost' })).toBe(false);
  });

  it('limits site section fields and lets null remove the optional ones', () => {
    expect(Value.Check(UpdateSiteSectionBody, { condition: text(1025) })).toBe(false);
    expect(Value.Check(UpdateSiteSectionBody, { description: text(257) })).toBe(false);
    expect(Value.Check(UpdateSiteSectionBody, { icon: text(51) })).toBe(false);
    expect(Value.Check(UpdateSiteSectionBody, { path: '' })).toBe(false);
    expect(Value.Check(UpdateSiteSectionBody, { condition: null, icon: null })).toBe(true);
  });

  it('keeps organization titles within 2..255, hostnames within 3..32, logos within 2048', () => {
    expect(Value.Check(UpdateOrganizationBody, { title: 'x' })).toBe(false);
    expect(Value.Check(UpdateOrganizationBody, { title: text(256) })).toBe(false);
    expect(Value.Check(UpdateOrganizationBody, { hostname: 'ab' })).toBe(false);
    expect(Value.Check(UpdateOrganizationBody, { hostname: text(33) })).toBe(false);
    const logo = `https://example.com/${text(2030)}`;
    expect(Value.Check(UpdateOrganizationBody, { logo })).toBe(false);
    expect(Value.Check(UpdateOrganizationBody, { logo: null, hostname: 'acme' })).toBe(true);
  });

  it('checks OpenAPI spec slugs and source URLs', () => {
    const source = { url: 'https://example.com/openapi.yaml' };
    expect(Value.Check(CreateOpenAPISpecBody, { slug: 'pet-store', source })).toBe(true);
    expect(Value.Check(CreateOpenAPISpecBody, { slug: 'pet store', source })).toBe(false);
    expect(Value.Check(CreateOpenAPISpecBody, { slug: text(101), source })).toBe(false);
    expect(
      Value.Check(CreateOpenAPISpecBody, { slug: 'a', source: { text: 'openapi: 3.1.0' } }),
    ).toBe(true);
  });

  it('caps change request subjects at 100 and search queries at 512', () => {
    expect(Value.Check(UpdateChangeRequestBody, { subject: text(101) })).toBe(false);
    expect(Value.Check(UpdateChangeRequestBody, { status: 'merged' })).toBe(false);
    expect(Value.Check(SearchQuery, { query: text(512) })).toBe(true);
    expect(Value.Check(SearchQuery, { query: text(513) })).toBe(false);
    expect(Value.Check(SearchQuery, {})).toBe(false);
  });

  it('requires exactly 13 weekly pulse entries', () => {
    expect(Value.Check(IssuesCluster, { ...cluster, weeklyPulse: Array(13).fill(1) })).toBe(true);
    expect(Value.Check(IssuesCluster, { ...cluster, weeklyPulse: Array(12).fill(1) })).toBe(false);
  });

  it('checks subdomains, integration filters and the dev-mode tunnel', () => {
    expect(Value.Check(Subdomain, subdomain)).toBe(true);
    expect(Value.Check(Subdomain, { ...subdomain, subdomain: '-acme' })).toBe(false);
    expect(Value.Check(ListIntegrationsQuery, { blockDomain: 'a/b' })).toBe(false);
    expect(Value.Check(IntegrationDevModeBody, { tunnelUrl: text(257) })).toBe(false);
    expect(Value.Check(IntegrationDevModeBody, {})).toBe(false);
  });

  it('closes the enumerations the conventions list', () => {
    expect(Value.Check(ListCommentsQuery, { status: 'resolved', order: 'asc' })).toBe(true);
    expect(Value.Check(ListCommentsQuery, { status: 'closed' })).toBe(false);
    expect(Value.Check(UpdateSpaceBody, { language: 'pt-br' })).toBe(true);
    expect(Value.Check(UpdateSpaceBody, { language: 'klingon' })).toBe(false);
  });
});

describe('documented shapes', () => {
  it('creates a space empty or from a template, never both', () => {
    expect(Value.Check(CreateSpaceBody, {})).toBe(true);
    expect(Value.Check(CreateSpaceBody, { empty: true })).toBe(true);
    expect(Value.Check(CreateSpaceBody, { template: { id: 't' } })).toBe(true);
    expect(Value.Check(CreateSpaceBody, { template: { id: 't' }, empty: true })).toBe(false);
  });

  it('moves before or after a sibling, not both at once', () => {
    const before = { type: 'space', space: 'a' };
    expect(Value.Check(MoveSpaceOrCollectionBody, { parent: null, position: { before } })).toBe(
      true,
    );
    expect(Value.Check(MoveSpaceOrCollectionBody, { position: { before, after: before } })).toBe(
      false,
    );
  });

  it('takes 1..50 content operations per batch', () => {
    const change = { type: 'delete_page', page: 'p' };
    expect(Value.Check(ChangeRequestContentChangesBody, { changes: [change] })).toBe(true);
    expect(Value.Check(ChangeRequestContentChangesBody, { changes: [] })).toBe(false);
    const many = Array.from({ length: 51 }, () => change);
    expect(Value.Check(ChangeRequestContentChangesBody, { changes: many })).toBe(false);
    const insert = { type: 'insert_page', title: 'Intro', document: { markdown: '# Intro\n' } };
    expect(Value.Check(ChangeRequestContentChangesBody, { changes: [insert] })).toBe(true);
    expect(Value.Check(ChangeRequestContentChangesBody, { changes: [{ type: 'rename' }] })).toBe(
      false,
    );
  });

  it('imports from a remote repository or from an inline tree of blob ids', () => {
    const oid = 'a'.repeat(40);
    const remote = { url: 'https://github.com/acme/docs', ref: 'refs/heads/main' };
    const inline = { tree: [{ path: 'README.md', oid }], commit: { oid, message: 'docs' } };
    expect(Value.Check(GitImportBody, remote)).toBe(true);
    expect(Value.Check(GitImportBody, inline)).toBe(true);
    expect(Value.Check(GitImportBody, { ...inline, tree: [{ path: 'a', oid: 'xyz' }] })).toBe(
      false,
    );
  });
});
