import { readFileSync } from 'node:fs';
import { routes } from '@docsync/api';
import { describe, expect, it } from 'vitest';
import { browserRoutes, implementedOperationIds, serverRoutes } from '../routes/index.js';
import { apiCoveragePath } from './api-coverage-path.js';
import { descriptionWins, knownNonConformant } from './conformance.js';
import { renderApiCoverage } from './render-api-coverage.js';

describe('docs/api.md', () => {
  it('lists every operation of the route table, implemented or not, as the server registers them', () => {
    const expected = renderApiCoverage(
      routes,
      new Set(implementedOperationIds),
      [...serverRoutes, ...browserRoutes],
      { nonConformant: knownNonConformant, descriptionWins },
    );
    const committed = readFileSync(apiCoveragePath, 'utf8');
    expect(
      committed,
      'docs/api.md is stale: run `npm run build && npm run docs:api -w @docsync/server`',
    ).toBe(expected);
  });

  it('marks implemented operations and counts them per section', () => {
    const table = renderApiCoverage(routes.slice(0, 2), new Set([routes[0]?.operationId ?? '']));
    expect(table).toContain('implements **1 of 2** operations');
    expect(table).toContain(`| ✅ | ${routes[0]?.method} | \`${routes[0]?.path}\``);
    expect(table).toContain(`| — | ${routes[1]?.method} | \`${routes[1]?.path}\``);
  });
});
