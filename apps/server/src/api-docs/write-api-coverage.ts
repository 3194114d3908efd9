import { writeFileSync } from 'node:fs';
import { routes } from '@docsync/api';
import { browserRoutes, implementedOperationIds, serverRoutes } from '../routes/index.js';
import { apiCoveragePath } from './api-coverage-path.js';
import { descriptionWins, knownNonConformant } from './conformance.js';
import { renderApiCoverage } from './render-api-coverage.js';

// Rewrites docs/api.md from the route table and the implemented operations.
writeFileSync(
  apiCoveragePath,
  renderApiCoverage(routes, new Set(implementedOperationIds), [...serverRoutes, ...browserRoutes], {
    nonConformant: knownNonConformant,
    descriptionWins,
  }),
);
console.log(`wrote ${apiCoveragePath}`);
