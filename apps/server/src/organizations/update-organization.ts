import type { Document, UpdateOrganizationBody } from '@docsync/api';
import { ConflictError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { organizationUpdates } from './organization-updates.js';

/** Changes an organization's settings; 409 when the hostname is another organization's. */
export async function updateOrganization(
  db: Db,
  organizationId: string,
  body: UpdateOrganizationBody,
  now: Date,
): Promise<void> {
  try {
    await db
      .updateTable('organizations')
      .set(organizationUpdates(body, now))
      .where('id', '=', organizationId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(
        `hostname \`${body.hostname ?? ''}\` is taken by another organization`,
      );
    throw error;
  }
}

/** Replaces an organization's agent instructions, recording who wrote them and when. */
export async function setAgentInstructions(
  db: Db,
  organizationId: string,
  change: { instructions: Document; by: string; now: Date },
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      agent_instructions: writeJson(change.instructions),
      agent_instructions_updated_at: change.now.toISOString(),
      agent_instructions_updated_by: change.by,
    })
    .where('id', '=', organizationId)
    .execute();
}
