import type { UpdateCollectionBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import type { Level } from '../access/roles.js';
import type { CollectionsTable, Db } from '../storage/schema.js';

/**
 * The level a PATCH needs: who may read what is inside is the administrator's call (as for a
 * space's default level); renaming and describing a collection is editing it.
 */
export function collectionLevelNeededFor(body: UpdateCollectionBody): Level {
  return body.defaultLevel === undefined ? 'edit' : 'admin';
}

/** The column changes a PATCH body asks for (fields left out stay as they are). */
export function collectionUpdates(
  body: UpdateCollectionBody,
  now: Date,
): Updateable<CollectionsTable> {
  const changes: Updateable<CollectionsTable> = { updated_at: now.toISOString() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.defaultLevel !== undefined) changes.default_level = body.defaultLevel;
  return changes;
}

/** Applies a PATCH body to a collection. */
export async function updateCollection(
  db: Db,
  collectionId: string,
  body: UpdateCollectionBody,
  now: Date,
): Promise<void> {
  await db
    .updateTable('collections')
    .set(collectionUpdates(body, now))
    .where('id', '=', collectionId)
    .execute();
}
