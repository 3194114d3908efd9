import { fileURLToPath } from 'node:url';

/** Where the coverage table lives: docs/api.md at the repository root. */
export const apiCoveragePath = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));
