import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../schemas/common.js';
import { pathParameterNames } from './define-routes.js';
import { routes, routesById } from './index.js';

const sections = [
  'Collections',
  'Spaces',
  'Space content',
  'Sites',
  'Site sections',
  'Site section groups',
  'Site spaces',
  'OpenAPI specs',
  'Change requests',
  'Change request content',
  'Comments',
  'Organizations',
  'Organization members',
  'Teams',
  'SAML and SSO',
  'Translations',
  'Conversations',
  'Integrations',
  'Git Sync',
];

function successStatuses(responses: Readonly<Record<number, unknown>>): number[] {
  return Object.keys(responses)
    .map(Number)
    .filter((status) => status < 400);
}

describe('the route table', () => {
  it('gives every operation a unique operationId, reachable through routesById', () => {
    const ids = routes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) expect(routesById.get(route.operationId)).toBe(route);
  });

  it('has one operation per method and path', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares exactly the placeholders of each path as string params', () => {
    for (const route of routes) {
      const names = pathParameterNames(route.path);
      const properties = route.params?.properties ?? {};
      expect(Object.keys(properties).sort(), route.operationId).toEqual([...names].sort());
      for (const schema of Object.values(properties)) {
        expect((schema as { type?: string }).type).toBe('string');
      }
    }
  });

  it('puts every path under /v1 and every operation in a section of the description', () => {
    for (const route of routes) {
      expect(route.path.startsWith('/v1/')).toBe(true);
      expect(sections).toContain(route.section);
    }
  });

  it('gives every operation exactly one success status, but idempotent records (200 or 201)', () => {
    // Recording a sync point answers 201 for a new one and 200 with the one already recorded.
    const idempotent = new Set(['recordGitSyncPoint']);
    for (const route of routes) {
      if (idempotent.has(route.operationId)) {
        expect(successStatuses(route.responses)).toEqual([200, 201]);
        expect(route.responses[200]).toBe(route.responses[201]);
        continue;
      }
      expect(successStatuses(route.responses), route.operationId).toHaveLength(1);
    }
  });

  it('answers every DELETE with 204 and no body, but the end of dev mode (205, as GitBook’s client has it)', () => {
    for (const route of routes.filter((r) => r.method === 'DELETE')) {
      const status = route.operationId === 'disableIntegrationDevMode' ? 205 : 204;
      expect(successStatuses(route.responses), route.operationId).toEqual([status]);
      expect(route.responses[status]).toBeNull();
    }
  });

  it('answers 201 for the creations the conventions name', () => {
    for (const id of [
      'createCollection',
      'createSpace',
      'duplicateSpace',
      'createSite',
      'addSiteSection',
      'addSiteSectionGroup',
      'addSiteSectionToGroup',
      'addSiteSpace',
      'createOpenAPISpec',
      'createChangeRequest',
      'createOrganizationTeam',
      'createOrganizationSAMLProvider',
      'createTranslation',
      'installIntegration',
    ]) {
      expect(successStatuses(routesById.get(id)?.responses ?? {}), id).toEqual([201]);
    }
    expect(routesById.get('applySpaceTemplate')?.responses[201]).toBeNull();
  });

  it('answers 204 without a body for the no-content operations', () => {
    for (const id of [
      'joinOrganization',
      'runTranslation',
      'setIntegrationDevMode',
      'ingestConversation',
      'importGitRepository',
      'exportToGitRepository',
    ]) {
      expect(routesById.get(id)?.responses, id).toMatchObject({ 204: null });
    }
  });

  it('describes every error status with the error body', () => {
    for (const route of routes) {
      const errors = Object.entries(route.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [, schema] of errors) expect(schema).toBe(ErrorBody);
      expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
  });

  it('lets every list take page and limit', () => {
    for (const route of routes) {
      const success = route.responses[200] as { properties?: Record<string, unknown> } | undefined;
      if (success?.properties?.['next'] === undefined) continue;
      expect(Object.keys(route.query?.properties ?? {}), route.operationId).toEqual(
        expect.arrayContaining(['page', 'limit']),
      );
    }
  });

  it('marks transfers with 412 and moves with 409', () => {
    for (const id of ['transferSpace', 'transferCollection']) {
      expect(Object.keys(routesById.get(id)?.responses ?? {})).toContain('412');
    }
    for (const route of routes.filter((r) => r.path.endsWith('/move'))) {
      expect(Object.keys(route.responses), route.operationId).toContain('409');
    }
  });
});
