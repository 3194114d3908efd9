import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../schemas/common.js';
import {
  defineRoutes,
  errorStatuses,
  pathParameterNames,
  pathParameters,
} from './define-routes.js';

describe('pathParameterNames', () => {
  it('lists the placeholders of a path in order', () => {
    expect(pathParameterNames('/v1/orgs/{organizationId}/sites/{siteId}')).toEqual([
      'organizationId',
      'siteId',
    ]);
    expect(pathParameterNames('/v1/orgs')).toEqual([]);
  });
});

describe('pathParameters', () => {
  it('constrains the integration name and the spec slug, and nothing else', () => {
    const params = pathParameters('/v1/integrations/{integrationName}/spaces/{spaceId}');
    expect(params.properties['integrationName']).toMatchObject({ pattern: '^[a-zA-Z0-9-_.]+$' });
    expect(params.properties['spaceId']).toEqual({ type: 'string', minLength: 1 });
  });
});

describe('errorStatuses', () => {
  it('gives a DELETE of the resource itself no 404, since deleting nothing succeeds', () => {
    const input = { operationId: 'x', method: 'DELETE', path: '/v1/spaces/{spaceId}' } as const;
    expect(errorStatuses({ ...input, summary: '', responses: {} })).toEqual([401, 403, 421, 429]);
  });

  it('gives a DELETE under another resource a 404 for the unknown parent', () => {
    const path = '/v1/orgs/{organizationId}/teams/{teamId}';
    const statuses = errorStatuses({
      operationId: 'x',
      method: 'DELETE',
      path,
      summary: '',
      responses: {},
    });
    expect(statuses).toContain(404);
  });

  it('adds 400 and 413 for a body, and the conditional statuses the route lists', () => {
    const statuses = errorStatuses({
      operationId: 'x',
      method: 'POST',
      path: '/v1/spaces/{spaceId}/transfer',
      summary: '',
      body: Type.Object({}),
      responses: {},
      errors: [412],
    });
    expect(statuses).toEqual([400, 401, 403, 404, 412, 413, 421, 429]);
  });
});

describe('defineRoutes', () => {
  it('adds the section, the params and the error responses to each route', () => {
    const [route] = defineRoutes('Spaces', [
      {
        operationId: 'getSpaceById',
        method: 'GET',
        path: '/v1/spaces/{spaceId}',
        summary: 'Get a space.',
        responses: { 200: Type.Object({}) },
      },
    ]);
    expect(route?.section).toBe('Spaces');
    expect(Object.keys(route?.params?.properties ?? {})).toEqual(['spaceId']);
    expect(route?.responses[404]).toBe(ErrorBody);
    expect(route).not.toHaveProperty('errors');
  });
});
