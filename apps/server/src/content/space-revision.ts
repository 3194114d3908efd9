import type { Selectable } from 'kysely';
import type { SpacesTable } from '../storage/schema.js';
import { loadRevision } from './load-revision.js';
import type { RevisionStore } from './revision-caches.js';
import { emptyRevision, type LoadOptions, type StoredRevision } from './stored-revision.js';

/**
 * The space's current revision. A space's first revision id is reserved when the space is made
 * and has no row until content is written: it reads as an empty revision.
 */
export async function spaceRevision(
  store: RevisionStore,
  space: Pick<Selectable<SpacesTable>, 'id' | 'revision_id' | 'created_at'>,
  options: LoadOptions = {},
): Promise<StoredRevision> {
  return (
    (await loadRevision(store, space.revision_id, options)) ??
    emptyRevision(space.revision_id, space.id, space.created_at)
  );
}
