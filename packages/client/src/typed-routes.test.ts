import { routesById } from '@docsync/api';
import { describe, expect, it } from 'vitest';
import { typedRoutes, type TypedRoute } from './typed-routes.js';

describe('typedRoutes', () => {
  const entries = Object.entries(typedRoutes) as [string, TypedRoute][];

  it.each(entries)('%s matches the route table: method, path and schemas', (operationId, typed) => {
    const route = routesById.get(operationId);
    expect(route, `${operationId} is not in the route table`).toBeDefined();
    if (route === undefined) return;
    expect(typed.method).toBe(route.method);
    expect(typed.path).toBe(route.path);
    expect(typed.query).toEqual(route.query);
    expect(typed.body).toEqual(route.body);
    // Several success statuses (201 created, 200 already there) must share one schema.
    const success = Object.entries(route.responses).filter(([status]) => Number(status) < 300);
    expect(success.length).toBeGreaterThan(0);
    for (const [, schema] of success) expect(typed.response).toEqual(schema);
  });
});
