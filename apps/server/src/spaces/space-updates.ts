import type { UpdateSpaceBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import type { Level } from '../access/roles.js';
import { writeJson } from '../resources/json-column.js';
import type { Db, SpacesTable } from '../storage/schema.js';

/**
 * The level a PATCH needs: who may read and how edits are merged are the administrator's call;
 * renaming and re-labelling a space is editing it.
 */
export function levelNeededFor(body: UpdateSpaceBody): Level {
  const administrative =
    body.defaultLevel !== undefined || body.mergeRules !== undefined || body.editMode !== undefined;
  return administrative ? 'admin' : 'edit';
}

/** The column changes a PATCH body asks for (fields left out stay as they are). */
export function spaceUpdates(body: UpdateSpaceBody, now: Date): Updateable<SpacesTable> {
  const changes: Updateable<SpacesTable> = { updated_at: now.toISOString() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.emoji !== undefined) changes.emoji = body.emoji;
  if (body.editMode !== undefined) changes.edit_mode = body.editMode;
  if (body.language !== undefined) changes.language = body.language;
  if (body.defaultLevel !== undefined) changes.default_level = body.defaultLevel;
  if (body.mergeRules !== undefined) changes.merge_rules = writeJson(body.mergeRules);
  return changes;
}

/** Applies a PATCH body to a space. */
export async function updateSpace(
  db: Db,
  spaceId: string,
  body: UpdateSpaceBody,
  now: Date,
): Promise<void> {
  await db.updateTable('spaces').set(spaceUpdates(body, now)).where('id', '=', spaceId).execute();
}
