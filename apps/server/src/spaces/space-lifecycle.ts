import type { Clock } from '../clock.js';
import { removeSpacesFromSites } from '../sites/remove-from-site.js';
import type { Db } from '../storage/schema.js';

/** How long a deleted space can be restored: 7 days ("Space deletion lifecycle"). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The oldest deletion time still inside the restore window at `now`, as stored (ISO text). */
export function restoreCutoff(now: Date): string {
  return new Date(now.getTime() - RESTORE_WINDOW_MS).toISOString();
}

/** Whether a space deleted at `deletedAt` can still be restored at `now`. */
export function isRestorable(deletedAt: string, now: Date): boolean {
  return deletedAt >= restoreCutoff(now);
}

/**
 * Deletes a space as `DELETE /v1/spaces/{id}` does: into its restore window, and off every site
 * that published it (a restored space is not published again). Run it in a transaction.
 */
export async function deleteSpace(
  db: Db,
  space: { id: string; organization_id: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('spaces')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', space.id)
    .where('deleted_at', 'is', null)
    .execute();
  await removeSpacesFromSites(db, [space], now);
}

/** Brings a deleted space back (the caller checked it is inside its restore window). */
export async function restoreSpace(db: Db, spaceId: string, now: Date): Promise<void> {
  await db
    .updateTable('spaces')
    .set({ deleted_at: null, updated_at: now.toISOString() })
    .where('id', '=', spaceId)
    .execute();
}

/**
 * Removes for good every space deleted before the restore window and returns how many. Spaces
 * past the window are treated as absent everywhere even before this runs.
 */
export async function purgeExpiredSpaces(db: Db, clock: Clock): Promise<number> {
  const result = await db
    .deleteFrom('spaces')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', restoreCutoff(clock.now()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
