import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from './index.js';

/** The verbatim copy of the service's API description (the source of the contract). */
const description = readFileSync(
  new URL('../../spec/api-description.txt', import.meta.url),
  'utf8',
);

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every `METHOD /path` of the description's Endpoints section. The tables abbreviate paths three
 * ways, resolved here: `{base}` and `(none)`/`/suffix` against the section's `Base(s):` line, and
 * `.../segment/...` against an earlier full path of the section that contains `segment`.
 */
function describedEndpoints(text: string): Set<string> {
  const start = text.indexOf('\n## Endpoints');
  const end = text.indexOf('\n## ', start + 1);
  const found = new Set<string>();
  let bases: string[] = [];
  let fullPaths: string[] = [];
  for (const line of text.slice(start, end).split('\n')) {
    if (line.startsWith('### ')) {
      bases = [];
      fullPaths = [];
      continue;
    }
    if (/^Bases?: /.test(line)) {
      bases = [...line.matchAll(/`(\/v1\/[^`]+)`/g)].map((match) => match[1] ?? '');
      continue;
    }
    const cells = line.split('|').map((cell) => cell.trim());
    const method = cells[1] ?? '';
    if (!methods.has(method)) continue;
    for (const written of (cells[2] ?? '').split(' and ')) {
      for (const path of expand(written.trim(), bases, fullPaths)) {
        if (!path.includes('...')) fullPaths.push(path);
        found.add(`${method} ${path}`);
      }
    }
  }
  return found;
}

function expand(written: string, bases: string[], fullPaths: string[]): string[] {
  if (written.startsWith('{base}')) return bases.map((base) => base + written.slice(6));
  if (written === '(none)') return bases;
  if (written.startsWith('/v1/')) return [written];
  if (written.startsWith('/')) return bases.map((base) => base + written);
  if (written.startsWith('.../')) {
    const suffix = written.slice(3);
    const firstSegment = suffix.split('/')[1] ?? '';
    for (const full of fullPaths) {
      const at = full.indexOf(`/${firstSegment}`);
      if (at >= 0) return [full.slice(0, at) + suffix];
    }
  }
  throw new Error(`Cannot resolve the path \`${written}\` of the Endpoints section`);
}

/** docsync's extensions (architecture.md, api-conventions.md), and why each exists. */
const extensions = [
  'POST /v1/orgs/{organizationId}/spaces', // create a space
  'GET /v1/orgs/{organizationId}/spaces', // list the spaces of an organization
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', // content batch
  // Reviews and review requests: what merge rules requiring specific reviewers need.
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
  'DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
  'PATCH /v1/orgs/{organizationId}/sites/{siteId}/structure/sort', // replaces section moves
  'GET /v1/orgs/{organizationId}/sites/{siteId}/structure', // what the sort acts on
  'GET /v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', // visitor-token signing key
  'POST /v1/spaces/{spaceId}/git/import',
  'POST /v1/spaces/{spaceId}/git/export',
  'GET /v1/spaces/{spaceId}/git/info',
  'POST /v1/spaces/{spaceId}/git/blobs/missing', // blob negotiation of the inline import
  'POST /v1/spaces/{spaceId}/git/blobs',
  'GET /v1/spaces/{spaceId}/git/tree', // blob ids of the files, so a pull fetches only new ones
  'POST /v1/spaces/{spaceId}/git/tree/pages', // many pages' markdown in one request
  'POST /v1/spaces/{spaceId}/git/tree/files', // any listed file's bytes (includes, settings…)
  // Sync points: the (commit, revision) pairs both sides saw, the merge base of a sync.
  'GET /v1/spaces/{spaceId}/git/sync-points',
  'POST /v1/spaces/{spaceId}/git/sync-points',
  // The public API's revision and reusable-content reads: a sync point's revision stays readable.
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}',
  'GET /v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
  'GET /v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}',
  // Listed for change requests only; the space variant completes the space comment operations.
  'GET /v1/spaces/{spaceId}/comments/{commentId}/replies',
  'GET /v1/user', // the authenticated user (GitBook's CLI asks it for `whoami`)
  // People (issue 23): invites as GitBook's public API has them, tokens, a second organization.
  'POST /v1/orgs/{organizationId}/invites',
  'POST /v1/orgs/{organizationId}/invites/{inviteId}',
  'GET /v1/orgs/{organizationId}/link-invites',
  'POST /v1/orgs/{organizationId}/link-invites',
  'GET /v1/orgs/{organizationId}/link-invites/{inviteId}',
  'PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}',
  'GET /v1/user/tokens',
  'POST /v1/user/tokens',
  'DELETE /v1/user/tokens/{tokenId}',
  'POST /v1/orgs',
  'POST /v1/sso/tokens', // SAML login (issue 23): the browser's one-time code becomes a token
  // Integrations (issue 25): GitBook's CLI ends development mode; receivers need the secret.
  'DELETE /v1/integrations/{integrationName}/dev',
  'GET /v1/integrations/{integrationName}/signing-secret',
  // An installation, and its settings for the spaces and sites it is narrowed to, as GitBook's
  // public API has them (the description stops at dev mode).
  'GET /v1/integrations/{integrationName}/installations/{installationId}',
  'PATCH /v1/integrations/{integrationName}/installations/{installationId}',
  'GET /v1/integrations/{integrationName}/installations/{installationId}/spaces',
  'POST /v1/integrations/{integrationName}/installations/{installationId}/spaces',
  'GET /v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
  'PATCH /v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
  'DELETE /v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
  'GET /v1/integrations/{integrationName}/installations/{installationId}/sites',
  'POST /v1/integrations/{integrationName}/installations/{installationId}/sites',
  'GET /v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
  'PATCH /v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
  'DELETE /v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
];

describe('the route table against the API description', () => {
  const described = describedEndpoints(description);
  const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

  it('reads the abbreviated paths of the Endpoints section in full', () => {
    expect(described).toContain(
      'POST /v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    );
    expect(described).toContain(
      'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    );
    expect(described).toContain('DELETE /v1/spaces/{spaceId}/comments/{commentId}');
    expect(described).toContain(
      'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
    );
  });

  it('has every described endpoint, and no other apart from the extensions', () => {
    const own = routes.filter((route) => route.extension !== true).map(key);
    expect(new Set(own)).toEqual(described);
  });

  it('marks exactly the extensions as extensions', () => {
    const marked = routes.filter((route) => route.extension === true).map(key);
    expect(new Set(marked)).toEqual(new Set(extensions));
    for (const extension of extensions) expect(described).not.toContain(extension);
  });
});
