import type { Selectable } from 'kysely';
import { nextPosition, placeAmongSiblings } from '../collections/sibling-order.js';
import { copySpaceBlobs } from '../blobs/space-blobs.js';
import { copySyncPoints } from '../content/sync-points.js';
import type { Db, SpacesTable } from '../storage/schema.js';

/**
 * Copies a space: every column of the row (title, emoji, visibility, edit mode, language, merge
 * rules, default level, parent, active revision, and any column added later) except its
 * identity and timestamps. The copy sits right after the original among its siblings. Content
 * tables, when they exist, are copied here too, in the same transaction, so a duplicate is never
 * seen half made. Returns the new space's id. Run it in a transaction.
 */
export async function duplicateSpace(
  db: Db,
  source: Selectable<SpacesTable>,
  options: { id: string; now: Date },
): Promise<string> {
  const at = options.now.toISOString();
  const group = { organizationId: source.organization_id, parentId: source.parent_id };
  // The source is active, so it is among its siblings; going last only covers a concurrent
  // deletion of the source.
  const position =
    (await placeAmongSiblings(
      db,
      group,
      { kind: 'space', id: options.id },
      {
        after: { space: source.id },
      },
    )) ?? (await nextPosition(db, group));
  await db
    .insertInto('spaces')
    .values({
      ...source,
      id: options.id,
      position,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .execute();
  // The copy's history up to now is the source's: so are its sync points.
  await copySyncPoints(db, source.id, options.id);
  // So are the blobs it holds.
  await copySpaceBlobs(db, source.id, options.id);
  return options.id;
}
