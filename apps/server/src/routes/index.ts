import type { Operation } from '../http/operation.js';
import { collectionOperations } from './collections.js';
import { organizationMemberOperations } from './organization-members.js';
import { organizationOperations } from './organizations.js';
import { spaceMoveOperations } from './space-moves.js';
import { spaceOperations } from './spaces.js';
import { teamOperations } from './teams.js';

/** Every implemented operation, section by section. */
export const operations: readonly Operation[] = [
  ...organizationOperations,
  ...organizationMemberOperations,
  ...teamOperations,
  ...collectionOperations,
  ...spaceOperations,
  ...spaceMoveOperations,
];

/** The operation ids the server implements (for the coverage table in docs/api.md). */
export const implementedOperationIds: readonly string[] = operations.map((op) => op.operationId);
