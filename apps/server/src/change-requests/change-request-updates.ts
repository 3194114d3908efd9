import type { UpdateChangeRequestBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import { writeJson } from '../resources/json-column.js';
import type { ChangeRequestsTable } from '../storage/schema.js';

/** The columns a PATCH of a change request sets; absent fields stay as they are. */
export function changeRequestUpdates(
  body: UpdateChangeRequestBody,
  now: Date,
): Updateable<ChangeRequestsTable> {
  return {
    updated_at: now.toISOString(),
    ...(body.subject === undefined ? {} : { subject: body.subject }),
    ...(body.description === undefined ? {} : { description: writeJson(body.description) }),
    ...(body.status === undefined ? {} : { status: body.status }),
  };
}
