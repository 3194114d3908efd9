import type { DocumentStore } from '../content/content-documents.js';
import type { SearchScope } from './full-text.js';
import { claimSearchIndex, syncSearchIndex } from './sync-search-index.js';

/**
 * Brings the search index of spaces whose index is behind their revision up to date before a
 * search (the space, or the active spaces of the organization): spaces made before search existed, duplicates (which start on their source's
 * revision without writing one). Every write keeps the index in step, so this usually finds
 * nothing to do in one query. Each space is caught up in a transaction of its own that claims
 * the index first and only then reads the space's revision, so a write landing meanwhile either
 * waits for it or is seen by it: the index never goes back to an older revision.
 */
export async function ensureSearchIndex(store: DocumentStore, scope: SearchScope): Promise<void> {
  const { db } = store;
  const spaces = db
    .selectFrom('spaces')
    .leftJoin('search_spaces', 'search_spaces.space_id', 'spaces.id')
    .select('spaces.id')
    .where((eb) =>
      eb.or([
        eb('search_spaces.revision_id', 'is', null),
        eb('search_spaces.revision_id', '!=', eb.ref('spaces.revision_id')),
      ]),
    );
  const behind = await (
    'space' in scope
      ? spaces.where('spaces.id', '=', scope.space)
      : spaces
          .where('spaces.organization_id', '=', scope.organization)
          .where('spaces.deleted_at', 'is', null)
  ).execute();
  for (const { id } of behind) {
    await db.transaction().execute(async (trx) => {
      const indexedAt = await claimSearchIndex(trx, id);
      const space = await trx
        .selectFrom('spaces')
        .select('revision_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (space === undefined || space.revision_id === indexedAt) return;
      await syncSearchIndex({ db: trx, caches: store.caches }, id, space.revision_id);
    });
  }
}
