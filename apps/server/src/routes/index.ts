import type { Operation } from '../http/operation.js';
import { organizationOperations } from './organizations.js';
import { spaceOperations } from './spaces.js';

/** Every implemented operation, section by section. */
export const operations: readonly Operation[] = [...organizationOperations, ...spaceOperations];

/** The operation ids the server implements (for the coverage table in docs/api.md). */
export const implementedOperationIds: readonly string[] = operations.map((op) => op.operationId);
